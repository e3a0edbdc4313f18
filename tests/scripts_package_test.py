"""scripts/movegen_tools, the package of the Python tools, kept in shape: each module imports only the
modules listed before it in the package's docstring (so there is no import cycle), each imports alone in a
fresh interpreter, the entry points in scripts/ only call the package, and no function is longer than
MAX_LINES. Run by CTest as scripts_package_test: python3 scripts_package_test.py."""
import ast
import os
import re
import subprocess
import sys
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts")
PACKAGE = os.path.join(SCRIPTS, "movegen_tools")
ENTRY_POINTS = ("bench_report.py", "search_report.py", "alternate.py", "verify_epd.py", "check_console_blocks.py")
# Issue 56: "functions of at most about 60 lines", from `def` to the last line, docstring included.
MAX_LINES = 60


def modules():
    """The package's modules by name ("report", ...), __init__ left out, each with its parsed source."""
    found = {}
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith(".py") and name != "__init__.py":
            with open(os.path.join(PACKAGE, name), encoding="utf-8") as f:
                found[name[:-3]] = ast.parse(f.read(), name)
    return found


def layers():
    """The module names in the order of the package docstring's list ("tables, chart" gives both; "*_command"
    stands for every module whose name ends so)."""
    with open(os.path.join(PACKAGE, "__init__.py"), encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read()))
    order = []
    for line in doc.splitlines():
        match = re.match(r"^ {4}(\S.*?)\s{2,}\S", line)
        if match:
            order += [n.strip() for n in match.group(1).split(",")]
    return order


def imported(tree):
    """The package's modules a module imports: `from . import a, b`, `from .a import x`, `from movegen_tools.a
    import x`, `import movegen_tools.a`."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module is None:
                names |= {a.name for a in node.names}
            elif node.level == 1:
                names.add(node.module.split(".")[0])
            elif node.module and node.module.startswith("movegen_tools."):
                names.add(node.module.split(".")[1])
            elif node.module == "movegen_tools":
                names |= {a.name for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.name.split(".")[1] for a in node.names if a.name.startswith("movegen_tools.")}
    return names


def rank_of(order, name):
    if name in order:
        return order.index(name)
    if name.endswith("_command") and "*_command" in order:
        return order.index("*_command")
    return None


def find_cycle(graph):
    """One import cycle of `graph` ({module: set of modules it imports}) as a list of modules, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt]
            if nxt not in state:
                cycle = visit(nxt, path + [nxt])
                if cycle:
                    return cycle
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start, [start])
            if cycle:
                return cycle
    return None


class ImportsPointOneWay(unittest.TestCase):
    def test_every_module_is_listed_and_imports_only_modules_listed_before_it(self):
        order, mods = layers(), modules()
        self.assertIn("stockfish", order)  # the list was read at all
        for name, tree in mods.items():
            rank = rank_of(order, name)
            self.assertIsNotNone(rank, f"{name}.py is not in the package docstring's list of modules")
            for other in imported(tree):
                self.assertIn(other, mods, f"{name}.py imports {other}, not a module of the package")
                self.assertLess(rank_of(order, other), rank,
                                f"{name}.py imports {other}, which is not listed before it")

    def test_the_imports_have_no_cycle(self):
        graph = {name: imported(tree) for name, tree in modules().items()}
        self.assertIsNone(find_cycle(graph))
        # The check finds one where there is one.
        self.assertEqual(find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}), ["a", "b", "c", "a"])

    def test_each_module_imports_alone_in_a_fresh_interpreter(self):
        for name in modules():
            run = subprocess.run([sys.executable, "-c", f"import movegen_tools.{name}"], cwd=SCRIPTS,
                                 capture_output=True, text=True, timeout=60)
            self.assertEqual(run.returncode, 0, f"{name}: {run.stderr}")

    def test_the_entry_points_only_call_the_package(self):
        for script in ENTRY_POINTS:
            with open(os.path.join(SCRIPTS, script), encoding="utf-8") as f:
                tree = ast.parse(f.read(), script)
            functions = [n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
            self.assertEqual(functions, [], f"{script} defines code of its own")
            self.assertTrue(any(n.module and n.module.startswith("movegen_tools.")
                                for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)), script)
            run = subprocess.run([sys.executable, os.path.join(SCRIPTS, script), "--help"], capture_output=True,
                                 text=True, timeout=60)
            self.assertEqual(run.returncode, 0, f"{script} --help: {run.stderr}")


class FunctionsStayShort(unittest.TestCase):
    def test_no_function_is_longer_than_the_limit(self):
        long = []
        for name, tree in modules().items():
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > MAX_LINES:
                        long.append(f"{name}.{node.name}: {lines} lines")
        self.assertEqual(long, [], f"functions longer than {MAX_LINES} lines")

    def test_every_public_function_has_a_docstring(self):
        missing = []
        for name, tree in modules().items():
            for node in tree.body:
                members = node.body if isinstance(node, ast.ClassDef) else [node]
                for f in members:
                    if (isinstance(f, (ast.FunctionDef, ast.ClassDef)) and not f.name.startswith("_")
                            and ast.get_docstring(f) is None):
                        missing.append(f"{name}.{f.name}")
                if isinstance(node, ast.ClassDef) and not node.name.startswith("_") and not ast.get_docstring(node):
                    missing.append(f"{name}.{node.name}")
        self.assertEqual(missing, [])


if __name__ == "__main__":
    unittest.main()
