#!/usr/bin/env python3
"""The README's list of CMake targets is CMake's: the paragraph that starts "CMake targets:" names, in backticks,
every library of MOVEGEN_LIBRARY_TARGETS (the top-level CMakeLists.txt: movegen_common, one library per folder of
the generator table, one per harness layer and movegen_harness; the targets cmake/install.cmake installs) and no
other `movegen_...` library.

    readme_targets_test.py README.md TARGET...    # exit 0 if the lists agree, else 1 naming what differs

Before checking the README it checks itself on made-up paragraphs, so that a checker that finds nothing cannot pass."""
import pathlib
import re
import sys

LIBRARY = re.compile(r"`(movegen_[a-z0-9_]+)`")


def listed_targets(readme_text):
    """The libraries named in the paragraph that starts "CMake targets:" (None if there is no such paragraph)."""
    match = re.search(r"^CMake targets:(.*?)(?:\n\s*\n|\Z)", readme_text, re.M | re.S)
    return None if match is None else LIBRARY.findall(match.group(1))


def problems(readme_text, targets):
    """One line per difference between the README's list and `targets`."""
    listed = listed_targets(readme_text)
    if listed is None:
        return ['README.md: no paragraph starting "CMake targets:"']
    found = [f"README.md lists `{t}` twice" for t in sorted(set(listed)) if listed.count(t) > 1]
    found += [f"README.md's CMake targets lack `{t}`" for t in targets if t not in listed]
    found += [f"README.md lists `{t}`, which CMake does not define" for t in sorted(set(listed) - set(targets))]
    return found


def check_self():
    """The checker finds a missing, an extra and a doubled library and accepts a list that matches."""
    targets = ["movegen_common", "movegen_x88", "movegen_harness"]
    good = "Intro.\n\nCMake targets: `movegen_common`, `movegen_x88`,\n`movegen_harness` (aliases `movegen::common`).\n"
    assert problems(good, targets) == [], problems(good, targets)
    bad = "CMake targets: `movegen_common`, `movegen_bitboard`, `movegen_common`.\n\n`movegen_x88` elsewhere\n"
    assert problems(bad, targets) == [
        "README.md lists `movegen_common` twice",
        "README.md's CMake targets lack `movegen_x88`",
        "README.md's CMake targets lack `movegen_harness`",
        "README.md lists `movegen_bitboard`, which CMake does not define",
    ], problems(bad, targets)
    assert problems("No list here.\n", targets) == ['README.md: no paragraph starting "CMake targets:"']


def main():
    readme, targets = pathlib.Path(sys.argv[1]), sys.argv[2:]
    check_self()
    if len(targets) < 3:
        print("readme_targets_test.py: expected the README and CMake's library targets", file=sys.stderr)
        return 1
    found = problems(readme.read_text(encoding="utf-8"), targets)
    for line in found:
        print(line)
    print(f"{len(targets)} CMake library targets, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
