// `movegen lab`: the study view, a page served on 127.0.0.1 only. The page asks for JSON and draws it; every
// fact about a position comes from the functions behind `show --json` (show_view.hpp), the piece traces
// (piece_trace.hpp) and the built-in generators' divides (divide_source.hpp), never from JavaScript.
#include <arpa/inet.h>
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <httplib.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "harness/cli/cli.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/engines/divide_format.hpp"
#include "harness/engines/divide_source.hpp"
#include "harness/generators/generators.hpp"
#include "harness/generators/setup.hpp"
#include "harness/study/lab_assets.hpp"
#include "harness/study/piece_trace.hpp"
#include "harness/study/show_view.hpp"

extern char** environ;

namespace movegen::harness {

namespace {

using Clock = std::chrono::steady_clock;

/// The port `movegen lab` serves on unless --port says otherwise.
constexpr int DEFAULT_LAB_PORT = 8765;
/// The deepest divide the page may ask for: every generator counts it while the page waits.
constexpr int MAX_LAB_DIVIDE_DEPTH = 4;

struct LabOptions {
  int port = DEFAULT_LAB_PORT;  // 0: any free port (the address printed says which)
  std::string compare_file;     // a saved `compare --json` document to chart
  bool open = false;            // open the page with xdg-open
  bool stay = false;            // keep serving when the last page is closed
  double close_grace_seconds = 5;
};

// The page's request parameters, read as the CLI reads its options.
struct Query {
  std::string fen;
  std::vector<std::string> moves;
  Notation notation = Notation::CLASSICAL;
};

std::vector<std::string> split_moves(const std::string& text) {
  std::vector<std::string> moves;
  std::istringstream in(text);
  for (std::string m; std::getline(in, m, ',');)
    if (!m.empty()) moves.push_back(m);
  return moves;
}

Query read_query(const httplib::Request& req) {
  Query q{req.has_param("fen") ? req.get_param_value("fen") : std::string(START_FEN),
          split_moves(req.get_param_value("moves")), Notation::CLASSICAL};
  q.notation = notation_for(q.fen, req.get_param_value("chess960") == "1");
  return q;
}

// The FEN reached from the query's FEN by its moves, as the default generator plays them.
std::string fen_after(const Query& q) {
  return with_generator(DEFAULT_GENERATOR,
                        [&]<ChessPosition P>() { return position_after<P>(q.fen, q.moves, q.notation).fen(); });
}

int read_depth(const httplib::Request& req, int fallback) {
  const std::string text = req.get_param_value("depth");
  if (text.empty()) return fallback;
  int depth = 0;
  try {
    std::size_t used = 0;
    depth = std::stoi(text, &used);
    if (used != text.size()) depth = 0;
  } catch (const std::exception&) {
    depth = 0;
  }
  if (depth < 1 || depth > MAX_LAB_DIVIDE_DEPTH)
    throw UsageError(fmt::format("bad depth {}: expected 1..{}", quote_for_error(text), MAX_LAB_DIVIDE_DEPTH));
  return depth;
}

// Every built-in generator's divide of `fen` at `depth`, row by move, each row's counts in generator order
// and marked where they differ.
nlohmann::json divides(const std::string& fen, int depth, Notation notation) {
  nlohmann::json names = nlohmann::json::array(), totals = nlohmann::json::array();
  std::map<std::string, std::vector<nlohmann::json>> rows;
  const std::vector<Generator> generators = all_generators();
  for (std::size_t i = 0; i < generators.size(); ++i) {
    const auto source = make_divide_source(generator_name(generators[i]), std::chrono::milliseconds(0), notation);
    const DivideResult result = source->divide(fen, {}, depth);
    names.push_back(generator_name(generators[i]));
    totals.push_back(result.total);
    for (const auto& [move, nodes] : result.moves) {
      auto& row = rows[move];
      row.resize(generators.size(), nullptr);
      row[i] = nodes;
    }
  }
  nlohmann::json table = nlohmann::json::array();
  for (auto& [move, counts] : rows) {
    counts.resize(generators.size(), nullptr);
    const bool differs =
        std::any_of(counts.begin(), counts.end(), [&first = counts[0]](const nlohmann::json& c) { return c != first; });
    table.push_back({{"move", move}, {"counts", counts}, {"differs", differs}});
  }
  return {{"depth", depth}, {"generators", names}, {"rows", table}, {"totals", totals}};
}

// The pasted divide beside ours (the default generator's) at `depth`: one row per move either has.
nlohmann::json engine_rows(const Query& q, int depth, const std::string& pasted) {
  const std::string fen = fen_after(q);
  const auto source = make_divide_source(generator_name(DEFAULT_GENERATOR), std::chrono::milliseconds(0), q.notation);
  const DivideResult result = source->divide(fen, {}, depth);
  std::map<std::string, std::pair<nlohmann::json, nlohmann::json>> rows;
  for (const auto& [move, nodes] : result.moves) rows[move].first = nodes;
  // Read as `diff` reads an engine's divide (harness/engines/divide_format.hpp): UCI, long algebraic or SAN, with or
  // without move numbers and a total; a line that fits no format is refused with the line quoted.
  DivideReader reader(fen, {}, q.notation);
  std::istringstream in(pasted);
  try {
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (reader.read(line)) break;
    }
    if (!reader.started())
      throw UsageError(
          "no divide line in the pasted text: expected one move and count a line, as 'e2e4: 20' or 'e2-e4 20'");
    for (const auto& [move, nodes] : reader.result().moves) rows[move].second = nodes;
  } catch (const DivideFormatError& e) {
    throw UsageError("bad pasted divide: " + e.with(""));
  }
  const int read =
      int(std::count_if(rows.begin(), rows.end(), [](const auto& r) { return !r.second.second.is_null(); }));
  nlohmann::json table = nlohmann::json::array();
  int differ = 0;
  for (const auto& [move, counts] : rows) {
    const bool differs = counts.first != counts.second;
    differ += differs;
    table.push_back({{"move", move}, {"ours", counts.first}, {"theirs", counts.second}, {"differs", differs}});
  }
  return {{"fen", fen},    {"depth", depth},   {"generator", generator_name(DEFAULT_GENERATOR)},
          {"rows", table}, {"differ", differ}, {"lines_read", read}};
}

// The pages open: each page says hello when it loads, calls while open, and says bye when it is closed.
class PageWatch {
 public:
  void hello(const std::string& id) {
    std::lock_guard lock(mutex_);
    pages_[id] = Clock::now();
    seen_ = true;
  }
  void bye(const std::string& id) {
    std::lock_guard lock(mutex_);
    pages_.erase(id);
    if (pages_.empty()) closed_at_ = Clock::now();
  }
  /// True once a page has been open and none has been for `grace`; a page silent for five minutes (a
  /// browser that died without saying bye) counts as closed.
  bool all_closed(std::chrono::duration<double> grace) {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    std::erase_if(pages_, [&](const auto& page) { return now - page.second > std::chrono::minutes(5); });
    if (!seen_ || !pages_.empty()) return false;
    return now - closed_at_ > grace;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, Clock::time_point> pages_;
  Clock::time_point closed_at_ = Clock::now();
  bool seen_ = false;
};

// Throws UsageError if 127.0.0.1:port cannot be bound (taken by another program), with the reason.
void require_port_free(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw UsageError(fmt::format("cannot open a socket: {}", std::strerror(errno)));
  const int yes = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);  // as the server's own socket
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(std::uint16_t(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int failed = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  const int error = errno;
  ::close(fd);
  if (failed)
    throw UsageError(fmt::format("bad --port {}: cannot serve on 127.0.0.1:{}: {}{}", port, port, std::strerror(error),
                                 error == EADDRINUSE ? " (another program holds it; choose another port)" : ""));
}

void reply_json(httplib::Response& res, const nlohmann::json& doc, int status = 200) {
  res.status = status;
  res.set_content(doc.dump(), "application/json");
}

// Runs `handler`, answering its JSON, or the CLI's error text with status 400 (bad input) or 500.
void answer(httplib::Response& res, const std::function<nlohmann::json()>& handler) {
  try {
    reply_json(res, handler());
  } catch (const std::runtime_error& e) {  // FenError, MoveError, UsageError, EpdError: the CLI's words
    reply_json(res, {{"error", one_line(e.what())}}, 400);
  } catch (const std::exception& e) {
    reply_json(res, {{"error", one_line(e.what())}}, 500);
  }
}

void open_in_browser(const std::string& url, std::ostream& err) {
  pid_t pid = 0;
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char**>(argv), environ) != 0)
    fmt::print(err, "movegen lab: cannot start xdg-open; open {} in a browser\n", url);
}

// The last `compare --json` document, from --compare or a run the page asked for, shared by the server's threads.
struct CompareDocument {
  std::mutex mutex;
  nlohmann::json doc = nullptr;
};

// The document of --compare; throws UsageError naming it if it cannot be read or is no compare document.
nlohmann::json read_compare_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("bad --compare " + quote_path(path) + ": cannot read it");
  nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || doc.value("command", "") != "compare")
    throw UsageError("bad --compare " + quote_path(path) + ": not a `movegen compare --json` document");
  return doc;
}

// The page's files, and the page's hello and bye that tell the server which pages are open.
void add_page_routes(httplib::Server& server, PageWatch& pages) {
  for (const LabAsset& asset : lab_assets()) {
    const auto serve = [asset](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(asset.body), std::string(asset.content_type).c_str());
    };
    server.Get(std::string(asset.path), serve);
    if (asset.path == "/index.html") server.Get("/", serve);
  }
  server.Post("/api/hello", [&pages](const httplib::Request& req, httplib::Response& res) {
    pages.hello(req.get_param_value("page"));
    reply_json(res, {{"ok", true}});
  });
  server.Post("/api/bye", [&pages](const httplib::Request& req, httplib::Response& res) {
    pages.bye(req.get_param_value("page"));
    reply_json(res, {{"ok", true}});
  });
}

// What the page asks about a position: the position laid out (show --json), one piece's study, the
// divides of every generator, and an outside engine's rows.
void add_study_routes(httplib::Server& server) {
  server.Get("/api/position", [](const httplib::Request& req, httplib::Response& res) {
    answer(res, [&] {
      const Query q = read_query(req);
      ShowOptions show;
      show.fen = fen_after(q);
      show.chess960 = q.notation == Notation::CHESS960;
      nlohmann::json doc = show_json(show);
      doc["root_fen"] = q.fen;
      doc["played"] = q.moves;
      return doc;
    });
  });
  server.Get("/api/piece", [](const httplib::Request& req, httplib::Response& res) {
    answer(res, [&] {
      const Query q = read_query(req);
      return piece_study(fen_after(q), parse_square(req.get_param_value("square")), q.notation);
    });
  });
  server.Get("/api/divide", [](const httplib::Request& req, httplib::Response& res) {
    answer(res, [&] {
      const Query q = read_query(req);
      return divides(fen_after(q), read_depth(req, 2), q.notation);
    });
  });
  server.Post("/api/engine", [](const httplib::Request& req, httplib::Response& res) {
    answer(res, [&] { return engine_rows(read_query(req), read_depth(req, 2), req.body); });
  });
}

// The compare chart's document: the last one, or a new run of the bundled suite to depth 2 (a few seconds).
void add_compare_routes(httplib::Server& server, CompareDocument& compare) {
  server.Get("/api/compare", [&compare](const httplib::Request&, httplib::Response& res) {
    std::lock_guard lock(compare.mutex);
    reply_json(res, {{"compare", compare.doc}});
  });
  server.Post("/api/compare", [&compare](const httplib::Request&, httplib::Response& res) {
    answer(res, [&] {
      std::ostringstream report, progress;
      CompareOptions options;
      options.file = default_suite_path();
      options.max_depth = 2;
      options.json = true;
      run_compare(options, report, progress);
      std::lock_guard lock(compare.mutex);
      compare.doc = nlohmann::json::parse(report.str());
      return nlohmann::json{{"compare", compare.doc}};
    });
  });
}

// Binds 127.0.0.1 (--port, or any free port) and says where the page is; returns its URL.
std::string bind_server(httplib::Server& server, const LabOptions& options, std::ostream& out) {
  const int port = options.port == 0 ? server.bind_to_any_port("127.0.0.1") : options.port;
  if (port < 0 || (options.port != 0 && !server.bind_to_port("127.0.0.1", port)))
    throw UsageError(fmt::format("bad --port {}: cannot serve on 127.0.0.1:{}", options.port, options.port));
  const std::string url = fmt::format("http://127.0.0.1:{}/", port);
  fmt::print(out, "movegen lab: the study view is at {}\n", url);
  fmt::print(out, "movegen lab: {}; Ctrl-C stops it\n",
             options.stay ? "serving until stopped" : "it stops when its last page is closed");
  out.flush();
  return url;
}

// Serves until the server stops; without --stay, a watch stops it once the last page has been closed for the
// grace time. True if that is why it stopped.
bool serve(httplib::Server& server, PageWatch& pages, const LabOptions& options) {
  std::atomic<bool> served = false, page_closed = false;
  std::thread watch([&] {
    while (!served) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      if (!options.stay && pages.all_closed(std::chrono::duration<double>(options.close_grace_seconds))) {
        page_closed = true;
        server.stop();
        return;
      }
    }
  });
  server.listen_after_bind();
  served = true;
  watch.join();
  return page_closed;
}

int run_lab(const LabOptions& options, std::ostream& out, std::ostream& err) {
  CompareDocument compare;
  if (!options.compare_file.empty()) compare.doc = read_compare_file(options.compare_file);
  if (options.port != 0) require_port_free(options.port);
  httplib::Server server;
  PageWatch pages;
  add_page_routes(server, pages);
  add_study_routes(server);
  add_compare_routes(server, compare);
  const std::string url = bind_server(server, options, out);
  if (options.open) open_in_browser(url, err);
  const bool page_closed = serve(server, pages, options);
  fmt::print(out, "movegen lab: {}; stopped serving {}\n",
             page_closed ? "the last page was closed" : "the server stopped", url);
  return 0;
}

}  // namespace

Subcommand add_lab_command(CLI::App& app) {
  auto options = std::make_shared<LabOptions>();
  CLI::App* cmd =
      app.add_subcommand("lab", "the study view: a page on 127.0.0.1 showing every representation of a position");
  cmd->add_option("--port", options->port,
                  fmt::format("port on 127.0.0.1 (default {}; 0: any free port)", DEFAULT_LAB_PORT))
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--compare", options->compare_file, "a saved `movegen compare --json` document to chart")
      ->check(CLI::ExistingFile);
  cmd->add_flag("--open", options->open, "open the page in the desktop's browser (xdg-open)");
  cmd->add_flag("--stay", options->stay, "keep serving after the last page is closed");
  return {cmd, [options](std::ostream& out, std::ostream& err) { return run_lab(*options, out, err); }};
}

}  // namespace movegen::harness
