// A progress bar on stderr for long runs (perft, suite, compare): nodes counted, speed, and time left where
// it can be estimated. Drawn when stderr is a terminal, at most four times a second, and erased at the end;
// never on stdout. To a file or a pipe it writes nothing, or if asked one line every so many seconds, so
// that a short run's output is exactly what it is without it.
//
//   ProgressBar bar(err);                                   // does nothing unless err is a terminal
//   ProgressBar logged(err, 10);                            // or else a line every 10 s (perft)
//   bar.update({.nodes = n, .done = i, .total = count, .seconds = elapsed});
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace movegen::harness {

/// What a progress bar shows: leaf nodes counted so far, units of work done of `total` (positions,
/// subtrees; 0 if unknown) and seconds since the start.
struct ProgressState {
  std::uint64_t nodes = 0;
  std::size_t done = 0;
  std::size_t total = 0;
  double seconds = 0;
};

/// The bar as one line of text, no newline: "[#####---------------]  25%  1234567 nodes  12.3 Mnps  36 s
/// left". The percentage, bar and time left appear only when `total` is known; the speed and time left
/// only once time has passed and some work is done. `width` is the number of characters of the bar itself.
std::string progress_line(const ProgressState& p, int width = 20);

/// True if `err` is the program's std::cerr and file descriptor 2 is a terminal.
bool is_terminal(const std::ostream& err);

/// Draws progress_line on `err`, over itself ('\r'), if is_terminal(err), and erases it when destroyed;
/// else, if `line_seconds` > 0, writes it as a line of its own every `line_seconds` seconds, the first once
/// that long has passed.
class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& err, double line_seconds = 0);
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  ~ProgressBar();

  /// Redraws with `p` if the bar is shown and a quarter of a second has passed since the last drawing (or,
  /// writing lines, `line_seconds`).
  void update(const ProgressState& p);
  /// Erases the bar if it is on screen, so that a line printed next (on stdout, the same terminal) starts
  /// clean; the next update draws it again.
  void clear();
  /// True if the bar is drawn at all (stderr is a terminal) or written as lines.
  bool shown() const { return shown_ || line_seconds_ > 0; }

 private:
  std::ostream& err_;
  bool shown_;
  double line_seconds_;  // > 0: not a terminal, one line this often
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace movegen::harness
