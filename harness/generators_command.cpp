#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <ostream>

#include "harness/cli.hpp"
#include "harness/generators.hpp"

namespace movegen::harness {

Subcommand add_generators_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("generators", "list the built-in generators: tier, representation and legality strategy");
  return {cmd, [](std::ostream& out, std::ostream&) {
            for (Generator g : all_generators())
              fmt::print(out, "{:<15} {:<10} {}\n", generator_name(g), tier_name(tier_of(g)), generator_description(g));
            return 0;
          }};
}

}  // namespace movegen::harness
