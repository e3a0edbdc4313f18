#include "harness/cli/progress_bar.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

namespace movegen::harness {

std::string progress_line(const ProgressState& p, int width) {
  std::string line;
  const bool known = p.total > 0;
  const double fraction = known ? std::min(1.0, double(p.done) / double(p.total)) : 0.0;
  if (known) {
    const int filled = int(fraction * width);
    line =
        fmt::format("[{}{}] {:3d}%  ", std::string(filled, '#'), std::string(width - filled, '-'), int(fraction * 100));
  }
  line += fmt::format("{} nodes", p.nodes);
  if (p.seconds > 0 && p.nodes > 0) line += fmt::format("  {:.1f} Mnps", p.nodes / p.seconds / 1e6);
  if (known && p.seconds > 0 && p.done > 0 && p.done < p.total)
    line += fmt::format("  {:.0f} s left", p.seconds * double(p.total - p.done) / double(p.done));
  return line;
}

bool is_terminal(const std::ostream& err) { return &err == &std::cerr && isatty(STDERR_FILENO) == 1; }

ProgressBar::ProgressBar(std::ostream& err, double line_seconds)
    : err_(err), shown_(is_terminal(err)), line_seconds_(shown_ ? 0 : line_seconds) {
  last_ = std::chrono::steady_clock::now();
}

ProgressBar::~ProgressBar() { clear(); }

void ProgressBar::clear() {
  if (!drawn_) return;
  err_ << "\r\x1b[K" << std::flush;  // back to the line's start, and erase it
  drawn_ = false;
}

void ProgressBar::update(const ProgressState& p) {
  const auto now = std::chrono::steady_clock::now();
  if (line_seconds_ > 0) {
    if (now - last_ < std::chrono::duration<double>(line_seconds_)) return;
    last_ = now;
    err_ << progress_line(p) << '\n' << std::flush;
    return;
  }
  if (!shown_) return;
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  err_ << '\r' << progress_line(p) << "\x1b[K" << std::flush;
  drawn_ = true;
}

}  // namespace movegen::harness
