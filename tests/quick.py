"""The Python tests' side of tests/quick.hpp: whether MOVEGEN_TEST_QUICK asks slow tests to shrink (the
sanitizer build, scripts/ci-sanitize.sh), by the same rule as quick_tests() there."""
import os


def quick_tests():
    """True if MOVEGEN_TEST_QUICK is set to anything but "" or "0"."""
    return os.environ.get("MOVEGEN_TEST_QUICK", "") not in ("", "0")
