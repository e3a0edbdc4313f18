#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <ostream>

#include "harness/cli/cli.hpp"
#include "harness/generators/generators.hpp"

namespace movegen::harness {

Subcommand add_generators_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("generators", "list the built-in generators: tier, representation and legality strategy");
  return {cmd, [](std::ostream& out, std::ostream&) {
            // The name column is as wide as the longest name and one more, so that two spaces follow every name.
            for (Generator g : all_generators())
              fmt::print(out, "{:<{}} {:<10} {}\n", generator_name(g), LONGEST_GENERATOR_NAME + 1,
                         tier_name(tier_of(g)), generator_description(g));
            return 0;
          }};
}

}  // namespace movegen::harness
