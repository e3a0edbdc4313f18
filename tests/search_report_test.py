"""The benchmark report's search part (scripts/movegen_tools/search_callgrind.py, search_tables.py,
search_report_command.py): a callgrind output read file by file, inlined code charged to the file it came from
and calls counted once; the parts of a search node; report.md's search section from made-up data, its rankings
marked where they change, and the section replaced in place. Run by CTest as search_report_test:
python3 search_report_test.py."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from movegen_tools import search_callgrind, search_tables  # noqa: E402

# A callgrind output in its compressed form: file and function names given once with an id, inlined code (fi=, fe=),
# a call whose inclusive cost line must not count again.
CALLGRIND_OUT = """# callgrind format
version: 1
positions: line
events: Ir
fl=(1) /src/harness/generators/mailbox_search.cpp
fn=(1) movegen::search::Search<movegen::MtuPosition<movegen::mailbox::Position> >::negamax(int, int, int, int)
10 100
fi=(2) /src/search/evaluation.hpp
+2 7
fe=(1)
+1 3
fi=(3) /usr/include/c++/12/bits/stl_algo.h
5 11
fe=(1)
cfl=(4) /src/mailbox/attacks.cpp
cfn=(2) movegen::mailbox::is_square_attacked(movegen::mailbox::Position const&, movegen::Square, movegen::Color)
calls=4 20
12 1000
fl=(4)
fn=(2)
20 40
fi=(5) /src/mailbox/board.hpp
21 2
fl=(6) /src/mailbox/position.cpp
fn=(3) movegen::mailbox::Position::make_move(movegen::Move)
30 20
fi=(7) /src/common/position_base.hpp
31 5
fl=(8) /src/common/move.hpp
fn=(4) movegen::mailbox::Position::make_board_move(movegen::Move)
40 9
fi=(9) /src/common/types.hpp
41 4
totals: 201
"""


class CallgrindFiles(unittest.TestCase):
    def test_each_instruction_is_charged_once_to_the_file_it_came_from(self):
        costs = search_callgrind.file_costs(CALLGRIND_OUT.splitlines())
        by_file = {}
        for (path, function_file, _), instructions in costs.items():
            by_file[(path, function_file)] = by_file.get((path, function_file), 0) + instructions
        search_file, attacks = "/src/harness/generators/mailbox_search.cpp", "/src/mailbox/attacks.cpp"
        self.assertEqual(by_file[(search_file, search_file)], 103)
        self.assertEqual(by_file[("/src/search/evaluation.hpp", search_file)], 7)
        self.assertEqual(by_file[("/usr/include/c++/12/bits/stl_algo.h", search_file)], 11)
        self.assertEqual(by_file[(attacks, attacks)], 40)
        self.assertEqual(by_file[("/src/mailbox/board.hpp", attacks)], 2)
        self.assertEqual(by_file[("/src/common/types.hpp", "/src/common/move.hpp")], 4)
        self.assertEqual(sum(costs.values()), 201)  # the call's 1000 inclusive instructions not counted again
        self.assertIn(("/src/mailbox/board.hpp", attacks, "movegen::mailbox::is_square_attacked(movegen::mailbox::"
                       "Position const&, movegen::Square, movegen::Color)"), costs)

    def test_parts_take_a_helper_file_into_the_function_it_was_inlined_into(self):
        parts = search_callgrind.part_costs(search_callgrind.file_costs(CALLGRIND_OUT.splitlines()))
        self.assertEqual(parts["evaluation"], 7)
        self.assertEqual(parts["search"], 114)  # the search's own lines and the sort inlined into it
        self.assertEqual(parts["attack test"], 42)  # attacks.cpp and board.hpp inlined there
        self.assertEqual(parts["make/unmake"], 38)  # make_board_move's helpers by the function's name
        self.assertEqual(parts["generation"] + parts["other"], 0)

    def test_a_function_is_known_by_its_name_without_template_arguments(self):
        part = search_callgrind.function_part
        self.assertEqual(part("movegen::mailbox::Position::make_board_move(movegen::Move)"), "make/unmake")
        self.assertEqual(part("movegen::MtuPosition<movegen::x88::Position>::generate_stage(movegen::MoveList&, "
                              "movegen::Stage) const"), "generation")
        self.assertEqual(part("void movegen::search::order_captures<movegen::MasksPosition<movegen::x88::Position> >"
                              "(movegen::MasksPosition<movegen::x88::Position> const&, movegen::MoveList&)"), "search")
        self.assertEqual(part("int movegen::search::eval_change<P>(P const&, movegen::Move)"), "evaluation")
        self.assertEqual(part("void std::__introsort_loop<movegen::Move*, long, __gnu_cxx::__ops::_Iter_less_iter>"
                              "(movegen::Move*, movegen::Move*, long, __gnu_cxx::__ops::_Iter_less_iter)"), "search")
        self.assertEqual(part("unsigned long movegen::board10x12::(anonymous namespace)::find_attackers<true>("
                              "std::array<char, 120ul> const&, movegen::Square, movegen::Color)"), "attack test")
        self.assertEqual(part("movegen::bitboard::is_square_attacked_without(movegen::bitboard::Position const&, "
                              "movegen::Square, movegen::Color, unsigned long)"), "attack test")
        self.assertIsNone(part("_int_malloc"))

    def test_the_parts_name_each_kind_of_file(self):
        part = search_callgrind.part_of
        self.assertEqual(part("/r/mailbox/movegen.cpp"), "generation")
        self.assertEqual(part("/r/x88/legal_masks.hpp"), "generation")
        self.assertEqual(part("/r/common/staged_generation.hpp"), "generation")
        self.assertEqual(part("/r/common/masks_strategy.hpp"), "generation")
        self.assertEqual(part("/r/tuned/bitboard/generate.hpp"), "generation")
        self.assertEqual(part("/r/board10x12/position.cpp"), "make/unmake")
        self.assertEqual(part("/r/common/position_base.hpp"), "make/unmake")
        self.assertEqual(part("/r/bitboard/attacks.hpp"), "attack test")
        self.assertEqual(part("/r/search/evaluation.hpp"), "evaluation")
        self.assertEqual(part("/r/search/move_order.hpp"), "search")
        self.assertIsNone(part("/r/bitboard/bitboard.hpp"))
        self.assertIsNone(part("/usr/include/c++/12/bits/stl_algo.h"))


def made_up_data():
    """search.json's content for two representations and one tuned generator, as search_report_command writes it."""
    instructions = {cli: {"instructions_per_node": ipn, "nodes": 1000,
                          "shares": dict.fromkeys(search_callgrind.PART_NAMES, 1 / len(search_callgrind.PART_NAMES))}
                    for cli, ipn in (("a", 400.0), ("a-masks", 500.0), ("b", 300.0), ("b-masks", 100.0),
                                     ("b-tuned", 50.0))}
    runs = [{"generator": cli, "nodes": 1000000, "seconds": s}
            for cli, s in (("a", 1.0), ("a-masks", 1.25), ("b", 0.75), ("b-masks", 0.25), ("b-tuned", 0.125))]
    slow = [dict(run, seconds=run["seconds"] * 10) for run in runs]  # one run of three slowed: the median ignores it
    return {"command": "scripts/bench-report.sh --search-only", "date": "2026-12-07 06:00 UTC",
            "layout": {"reps": ["a", "b"], "grid": [["a", "mtu", "a"], ["a", "masks", "a-masks"], ["b", "mtu", "b"],
                                                  ["b", "masks", "b-masks"]], "tuned": [["b", "b-tuned"]]},
            "callgrind": {"command": "valgrind ...", "movegen_flags": "Release", "depth": 3, "base_depth": 1,
                          "nodes": 1000, "instructions": instructions},
            "clock": {"command": "movegen bench", "depth": 5, "movegen_flags": "Release", "positions": 1,
                      "load": [1.0, 2.0], "others": 0.5, "rounds": 3,
                      "benches": [{"positions": [{"generators": runs}]}, {"positions": [{"generators": slow}]},
                                  {"positions": [{"generators": runs}]}]}}


# Perft's callgrind.json counts: masks fewer on both representations (the search above reverses it on a).
PERFT = {cli: {mode: {"start": {"depth": 4, "nodes": 10, "instructions_per_node": ipn}} for mode in ("node", "none")}
         for cli, ipn in (("a", 600.0), ("a-masks", 200.0), ("b", 300.0), ("b-masks", 60.0), ("b-tuned", 10.0))}


class SearchSection(unittest.TestCase):
    def test_the_section_gives_each_cell_in_each_workload_and_marks_a_changed_ranking(self):
        section = search_tables.search_section(made_up_data(), PERFT, None)
        self.assertTrue(section.startswith(search_tables.BEGIN) and section.endswith(search_tables.END))
        # a's Mnps: 1.00 in two runs of three, 0.10 in the slowed one; the median
        self.assertIn("| a | make-test-unmake | `a` | 600.0 | 600.0 | 400.0 | 0.67x | - | - | 1.00 |", section)
        self.assertIn("| b | tuned | `b-tuned` | 10.0 | 10.0 | 50.0 | 5.00x |", section)
        self.assertIn("| masks over make-test-unmake, a | 3.00x | 3.00x | 0.80x | - | - | 0.80x |", section)
        self.assertIn("- strategies, a: perft, bulk: masks > make-test-unmake; perft, no bulk: masks > "
                      "make-test-unmake; search: make-test-unmake > masks (changed)", section)
        self.assertIn("| `b-tuned` | 50.0 | 8 (17%) | 8 (17%) |", section)

    def test_the_section_is_replaced_in_place_or_appended(self):
        report = "# perft\n\ntables\n"
        once = search_tables.splice(report, search_tables.BEGIN + "\nold\n" + search_tables.END)
        self.assertTrue(once.startswith(report))
        twice = search_tables.splice(once + "\nRaw data.\n", search_tables.BEGIN + "\nnew\n" + search_tables.END)
        self.assertNotIn("old", twice)
        self.assertIn("new", twice)
        self.assertTrue(twice.endswith("\nRaw data.\n"))


if __name__ == "__main__":
    unittest.main()
