// `uci:COMMAND`: an engine that answers `go perft N` (or its own perft command) with a divide in any format
// DivideReader reads. The session syncs with `isready`: after the handshake (so that option lines or an
// `info string` printed after `uciok` are never read as a reply) and after each query, whose reply ends at
// its total line or, for an engine that prints none, at the `readyok` that follows it.
//
// Whether it prints totals is learnt at the start, from a divide 1 deep of the start position: an engine
// that searches in a thread of its own (Stockfish) answers `isready` at once, before or amid its divide, so
// a `readyok` cannot end its replies; there the count of moves (20) and a second `isready` tell a divide
// that has ended without a total from one still being printed.
#include <string>
#include <vector>

#include "common/uci.hpp"
#include "harness/engines/child_process.hpp"
#include "harness/engines/divide_format.hpp"
#include "harness/engines/external_sources.hpp"

namespace movegen::harness {

namespace {

// The most lines an engine prints besides its divide that an error quotes.
constexpr std::size_t MAX_QUOTED_LINES = 8;

// True if `line` is the protocol word `word` (`uciok`, `readyok`), blanks or a '\r' after it allowed: Lozza
// prints `uciok ` and `readyok `.
bool is_word(std::string_view line, std::string_view word) {
  return line.starts_with(word) && line.find_first_not_of(" \t\r", word.size()) == std::string_view::npos;
}

// True for a line of a search, not of a divide: `bestmove`, or `info` with a score or a principal variation
// (`info depth 1 seldepth 1 score cp 20 nodes 20 pv e2e4`; a perft's progress, `info depth 3 nodes 8902`, is not).
bool is_search_line(std::string_view line) {
  if (line.starts_with("bestmove")) return true;
  return line.starts_with("info ") &&
         (line.find(" score ") != std::string_view::npos || line.find(" pv ") != std::string_view::npos);
}

class UciEngine : public DivideSource {
 public:
  UciEngine(std::string spec, std::string_view command, std::chrono::milliseconds timeout, Notation notation,
            const EngineOptions& options)
      : DivideSource(std::move(spec), notation), process_(split_command(command), timeout), options_(options) {
    process_.write("uci\n");
    wait_for("uciok", "'uci'");
    if (notation == Notation::CHESS960) process_.write("setoption name UCI_Chess960 value true\n");
    process_.start_reply("'isready' after 'uciok'");
    process_.write("isready\n");
    wait_for("readyok", "'isready'");
    run_divide(std::string(START_FEN), {}, 1);  // learns totals_
  }

  ~UciEngine() override {
    try {
      process_.write("quit\n");
    } catch (const ExternalError&) {
      // already gone; the ChildProcess destructor reaps it either way
    }
  }

  bool plays_moves() const override { return sends_moves(options_.position_command); }

 protected:
  std::vector<std::string> commands_sent(const std::string& fen, const std::vector<std::string>& moves,
                                         int depth) const override {
    const CommandQuery q{fen, moves, depth, notation(), options_.shredder_fen};
    return {expand_command(options_.position_command, q), expand_command(options_.perft_command, q), "isready"};
  }

  DivideResult run_divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override {
    const std::vector<std::string> commands = commands_sent(fen, moves, depth);
    const std::string& go = commands[1];
    process_.clear_log();
    aside_.clear();
    std::string query = "'" + go + "' from " + fen;
    for (std::size_t i = 0; i < moves.size() && i < 8; ++i) query += (i ? " " : " after moves ") + moves[i];
    if (moves.size() > 8) query += " ... (" + std::to_string(moves.size()) + " moves)";
    process_.start_reply(query);
    std::string text;
    for (const std::string& c : commands) text += c + "\n";
    process_.write(text);
    try {
      DivideReader reader(fen, moves, notation(), options_.strict);
      DivideResult result = read_reply(reader, go, fen, moves);
      if (reader.dropped_promotion_piece()) note(DROPPED_PROMOTION_PIECE);
      note_divide_format(reader.format());
      result.said = aside_;
      return result;
    } catch (const DivideFormatError& e) {
      throw process_.error(e.with(" in its reply to '" + go + "'") + said());
    }
  }

  std::optional<std::vector<std::string>> run_captures(const std::string& fen,
                                                       const std::vector<std::string>& moves) override {
    if (options_.captures_command.empty()) return std::nullopt;
    const CommandQuery q{fen, moves, 0, notation(), options_.shredder_fen};
    const std::string asked = expand_command(options_.captures_command, q);
    process_.clear_log();
    aside_.clear();
    process_.start_reply("'" + asked + "' from " + fen);
    process_.write(expand_command(options_.position_command, q) + "\n" + asked + "\nisready\n");
    return read_move_list(asked);
  }

 private:
  // The move texts (UCI, whatever separates them) of the lines before the `readyok` that ends the reply to `asked`,
  // in the order printed; a line with none (a heading, `info ...`) is set aside.
  std::vector<std::string> read_move_list(const std::string& asked) {
    std::vector<std::string> texts;
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before finishing its reply to '" + asked + "'" + said());
      if (is_word(*line, "readyok")) return texts;
      const std::size_t before = texts.size();
      if (!line->starts_with("info"))
        for (const std::string& word : split_words(*line))
          if (is_uci_move_text(word)) texts.push_back(word);
      if (texts.size() == before) set_aside(*line);
    }
    throw process_.error("no 'readyok' ending its reply to '" + asked + "' within " + std::to_string(MAX_REPLY_LINES) +
                         " lines" + said());
  }

  // The words of `line`: runs of characters other than blanks, commas and colons.
  static std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    std::size_t start = 0;
    while ((start = line.find_first_not_of(" \t\r,:", start)) != std::string::npos) {
      const std::size_t end = line.find_first_of(" \t\r,:", start);
      words.push_back(line.substr(start, end - start));
      start = end;
    }
    return words;
  }

  // The divide, read up to its total line and the `readyok` of the `isready` sent after the query: a
  // `readyok` ends the reply after a total, or after a divide without one (ends_without_total); a `readyok`
  // after no divide line ends it too if the engine prints no totals, or after lines of its own
  // (without_divide). A search's line (is_search_line) ends it with an error at once.
  DivideResult read_reply(DivideReader& reader, const std::string& go, const std::string& fen,
                          const std::vector<std::string>& moves) {
    bool total = false, ready = false;
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before finishing its reply to '" + go + "'" + said());
      if (is_search_line(*line))
        throw process_.error("it is searching, not dividing, in its reply to '" + go + "' (" + escape_output(*line) +
                             "): give its own divide command with --perft-command (e.g. 'perft {depth}' or "
                             "'divide {depth}')" +
                             said());
      if (is_word(*line, "readyok")) {
        ready = true;
        if (!reader.started() && (!aside_.empty() || totals_ == Totals::NONE))
          return without_divide(reader, go, fen, moves);
        if (total || (reader.started() && ends_without_total(reader, go, fen, moves))) return reader.result();
      } else if (total || line->starts_with("info")) {
        set_aside(*line);
      } else {
        total = read_line_of_divide(reader, *line);
        if (total && ready) return reader.result();
      }
    }
    throw process_.error("no end of its reply to '" + go + "' within " + std::to_string(MAX_REPLY_LINES) + " lines" +
                         said());
  }

  // Reads `line` with `reader`: true if it is a total (the engine prints totals, then).
  bool read_line_of_divide(DivideReader& reader, const std::string& line) {
    const bool total = reader.read(line);
    for (const std::string& aside : reader.take_set_aside()) set_aside(aside);
    if (total) totals_ = Totals::PRINTED;
    return total;
  }

  // After a `readyok` that came after no divide line: an empty divide if our board has no legal move either (a
  // checkmate or stalemate, for which the engine printed nothing) and the engine prints no totals (a total
  // may still come from one that does); else the engine refused the query.
  DivideResult without_divide(const DivideReader& reader, const std::string& go, const std::string& fen,
                              const std::vector<std::string>& moves) {
    const std::size_t ours = legal_move_count(fen, moves, notation());
    if (ours == 0 && totals_ != Totals::PRINTED) return reader.result();
    const std::string where = ours ? ", where our generator finds " + std::to_string(ours) + " legal moves" : "";
    throw process_.error("no divide in its reply to '" + go + "'" + where + said());
  }

  // After a `readyok` that came after divide lines and no total: true if the divide ends there. Known
  // engines say by whether they print totals. Else (the first divide) it has ended if it lists as many moves
  // as our board has, and if another `isready` brings its `readyok` without a total before it.
  bool ends_without_total(DivideReader& reader, const std::string& go, const std::string& fen,
                          const std::vector<std::string>& moves) {
    if (totals_ != Totals::UNKNOWN) return totals_ == Totals::NONE;
    if (reader.result().moves.size() < legal_move_count(fen, moves, notation())) return false;  // more to come
    process_.write("isready\n");
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before finishing its reply to '" + go + "'" + said());
      if (is_word(*line, "readyok")) break;
      if (totals_ == Totals::PRINTED || line->starts_with("info"))
        set_aside(*line);
      else
        read_line_of_divide(reader, *line);
    }
    if (totals_ == Totals::UNKNOWN) totals_ = Totals::NONE;
    return true;
  }

  // Reads lines until `expected`, setting the others aside; throws if the engine stops or never says it.
  void wait_for(const std::string& expected, const std::string& request) {
    for (int i = 0; i < MAX_REPLY_LINES; ++i) {
      const std::optional<std::string> line = process_.read_line();
      if (!line) throw ended("before answering " + request + " with '" + expected + "'");
      if (is_word(*line, expected)) return;
    }
    throw process_.error("no '" + expected + "' in its first " + std::to_string(MAX_REPLY_LINES) + " lines after " +
                         request);
  }

  void set_aside(const std::string& line) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) return;  // a blank line says nothing
    if (aside_.size() < MAX_QUOTED_LINES) aside_.push_back(line);
  }

  // "; it said "L1" "L2"": the engine's own lines that were no part of its divide, for an error.
  std::string said() const {
    if (aside_.empty()) return "";
    std::string text = " (besides, it said";
    for (const std::string& line : aside_) text += " " + escape_output(line);
    return text + ")";
  }

  ExternalError ended(const std::string& when) {
    const std::string status = process_.wait_exit();
    return process_.error("it stopped printing (" + status + ") " + when);
  }

  ChildProcess process_;
  EngineOptions options_;
  std::vector<std::string> aside_;  // lines of the reply under way that were no part of its divide
  enum class Totals { UNKNOWN, PRINTED, NONE } totals_ = Totals::UNKNOWN;  // does it end its divides with one?
};

}  // namespace

std::unique_ptr<DivideSource> make_uci_engine(std::string spec, std::string_view command,
                                              std::chrono::milliseconds timeout, Notation notation,
                                              const EngineOptions& options) {
  return std::make_unique<UciEngine>(std::move(spec), command, timeout, notation, options);
}

}  // namespace movegen::harness
