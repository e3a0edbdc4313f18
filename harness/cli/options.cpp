#include "harness/cli/options.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <limits>

#include "common/fen.hpp"
#include "harness/cli/json_output.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

template <class T>
CLI::Validator decimal_in(T min, T max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        T value{};
        const char* first = text.data();
        const char* last = first + text.size();
        const auto [end, ec] = std::from_chars(first, last, value);
        const bool digits_only = text.find_first_not_of("-0123456789") == std::string::npos;
        if (ec == std::errc::result_out_of_range && digits_only) return quote_for_error(text) + " is far too large";
        if (text.empty() || !digits_only || ec != std::errc() || end != last)
          return quote_for_error(text) + " is not a whole number";
        if (value < min || value > max) return fmt::format("{} is outside {}..{}", value, min, max);
        text = std::to_string(value);  // "010" -> "10": CLI11 would read a leading 0 as octal
        return {};
      },
      "INT");
}

template CLI::Validator decimal_in<int>(int, int);
template CLI::Validator decimal_in<std::uint64_t>(std::uint64_t, std::uint64_t);

CLI::Option* add_count_option(CLI::App& app, const std::string& name, int& value, int min, int max,
                              const std::string& description) {
  return app.add_option(name, value, description)->capture_default_str()->transform(decimal_in(min, max));
}

CLI::Option* add_seed_option(CLI::App& app, std::uint64_t& seed, const std::string& description) {
  return app.add_option("--seed", seed, description)
      ->capture_default_str()
      ->transform(decimal_in<std::uint64_t>(0, std::numeric_limits<std::uint64_t>::max()));
}

CLI::Option* add_seconds_option(CLI::App& app, const std::string& name, double& seconds,
                                const std::string& description) {
  const CLI::Validator decimal_seconds(
      [](std::string& text) -> std::string {
        // Digits with an optional fraction: no sign, exponent, hex, "inf" or "nan".
        const std::size_t dot = text.find('.');
        const std::string whole = text.substr(0, dot), fraction = dot == std::string::npos ? "1" : text.substr(dot + 1);
        const auto all_digits = [](const std::string& s) {
          return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        };
        if (!all_digits(whole) || !all_digits(fraction))
          return quote_for_error(text) + " is not a decimal number of seconds";
        double value = 0;
        std::from_chars(text.data(), text.data() + text.size(), value);
        if (!(value >= MIN_TIMEOUT_SECONDS && value <= MAX_TIMEOUT_SECONDS))
          return fmt::format("{} is outside {}..{} seconds", text.size() <= 40 ? text : quote_for_error(text),
                             MIN_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS);
        return {};
      },
      "SECONDS");
  return app.add_option(name, seconds, description)->capture_default_str()->check(decimal_seconds);
}

CLI::Option* add_timeout_option(CLI::App& app, double& seconds, const std::string& description) {
  return add_seconds_option(app, "--timeout", seconds, description);
}

CLI::Option* add_json_flag(CLI::App& app, bool& json) {
  return app.add_flag("--json", json, "print one JSON document on stdout instead of the report (docs/json.md)");
}

CLI::Option* add_chess960_flag(CLI::App& app, bool& chess960) {
  return app.add_flag("--chess960", chess960,
                      "Chess960: castling written king-takes-rook (e1h1) and UCI engines told so; implied by a "
                      "FEN whose castling rights only Chess960 allows");
}

void add_engine_options(CLI::App& app, EngineOptions& options) {
  const CLI::Validator with_depth(
      [](std::string& text) -> std::string {
        return text.find("{depth}") == std::string::npos ? "it has no {depth}" : "";
      },
      "TEMPLATE");
  app.add_option("--perft-command", options.perft_command,
                 "an outside engine's divide command, {depth} its depth: 'perftsplit {depth}', 'divide {depth}'")
      ->capture_default_str()
      ->check(with_depth);
  app.add_option("--position-command", options.position_command,
                 "its position command: {fen}, {moves}; without {moves}, {fen} is the FEN reached: 'setboard {fen}'")
      ->capture_default_str();
  app.add_option("--captures-command", options.captures_command,
                 "its command that lists the captures of the position set (UCI moves): diff and fuzz then compare "
                 "them with ours: 'captures'");
  app.add_flag("--strict", options.strict,
               "refuse a reply's line that is no divide line (a banner, a board) instead of setting it aside");
  app.add_flag("--shredder-fen", options.shredder_fen,
               "send FENs with castling rights as rook files (Shredder-FEN HAha), not X-FEN (in Chess960 an engine "
               "that refuses X-FEN is switched to it anyway, with a note)");
}

CLI::Option* add_allow_impossible_check_flag(CLI::App& app, bool& allow) {
  return app.add_flag("--allow-impossible-check", allow,
                      "count a suite's positions with a check no legal last move could give, instead of refusing "
                      "them");
}

}  // namespace movegen::harness
