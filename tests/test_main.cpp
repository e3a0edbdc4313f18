// The main() of every test executable, compiled once and linked into each: Boost.Test's runner, with the
// master test suite named after the executable (tests/rules_test runs module "rules_test"). Defining
// BOOST_TEST_MODULE in each test instead compiled this main into every test, and gave each test compile
// definitions of its own, so that no two could share one precompiled header (tests/CMakeLists.txt).
#include <boost/test/unit_test.hpp>
#include <filesystem>

namespace {

bool init_test_module() {
  boost::unit_test::master_test_suite_t& master = boost::unit_test::framework::master_test_suite();
  master.p_name.value = std::filesystem::path(master.argv[0]).filename().string();
  return true;
}

}  // namespace

int main(int argc, char* argv[]) { return boost::unit_test::unit_test_main(&init_test_module, argc, argv); }
