#!/usr/bin/env python3
"""The harness in layers (harness/CMakeLists.txt: MOVEGEN_HARNESS_LAYERS, lowest first): no source file at
harness/'s top level but the CMake list, no folder that is not a layer, no file that includes a header of a
layer above its own, and no function longer than MAX_FUNCTION_LINES lines.

    harness_layers_test.py SOURCE_DIR LAYER...    # exit 0 if every rule holds, else 1 with one line per breach

Before checking the tree it checks itself on small made-up trees that break each rule, so that a checker that
finds nothing cannot pass."""
import pathlib
import re
import sys
import tempfile

MAX_FUNCTION_LINES = 60
INCLUDE = re.compile(r'\s*#include "harness/([A-Za-z0-9_]+)/')
SOURCE_SUFFIXES = (".cpp", ".hpp", ".in")


def layout_breaches(harness, layers):
    """Files at harness/'s top level other than CMakeLists.txt, and folders that are no layer."""
    found = []
    for entry in sorted(harness.iterdir()):
        if entry.is_file() and entry.name != "CMakeLists.txt":
            found.append(f"harness/{entry.name}: a file at the top level (each belongs in a layer's folder)")
        elif entry.is_dir() and entry.name not in layers:
            found.append(f"harness/{entry.name}/: a folder that is no layer of {' '.join(layers)}")
    return found


def include_breaches(harness, layers):
    """Includes of a header of a higher layer than the including file's own."""
    found = []
    for path in sorted(harness.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or path.parent == harness:
            continue
        layer = path.relative_to(harness).parts[0]
        if layer not in layers:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1)
            if target not in layers:
                found.append(f"{path.relative_to(harness.parent)}:{number}: includes harness/{target}/, no layer")
            elif layers.index(target) > layers.index(layer):
                found.append(f"{path.relative_to(harness.parent)}:{number}: the {layer} layer includes the higher "
                             f"layer {target}")
    return found


def code_of(line):
    """The line without its comment and with string and character literals emptied."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return re.sub(r"//.*", "", line)


def signature_start(lines, brace_line):
    """The first line of the declaration whose body opens on brace_line: back to a blank line, a comment, a
    preprocessor line or the end of the statement before it."""
    start = brace_line
    while start > 0:
        before = lines[start - 1].strip()
        if not before or before.startswith(("//", "#")) or code_of(before).rstrip().endswith((";", "}", "{")):
            break
        start -= 1
    return start


def long_functions(path, limit=MAX_FUNCTION_LINES):
    """(first line, length) of each function body longer than `limit` lines, signature included. Braces that
    open a namespace, class, struct, enum or union are scopes, not functions; braces inside a function are
    part of it (lambdas, blocks)."""
    lines = path.read_text().splitlines()
    scopes, found = [], []  # scopes: (kind, line) with kind "scope", "function" or "block"
    for number, line in enumerate(lines):
        code = code_of(line)
        for match in re.finditer(r"[{}]", code):
            if match.group() == "{":
                before = code[: match.start()]
                if any(kind in ("function", "block") for kind, _ in scopes):
                    scopes.append(("block", number))
                elif re.search(r"\b(namespace|struct|class|enum|union)\b", before) and not re.search(r"\)", before):
                    scopes.append(("scope", number))
                elif re.search(r"\bextern\b", before) or re.search(r"=\s*$", before):
                    scopes.append(("scope", number))  # extern "C" blocks and initialisers are no functions
                else:
                    scopes.append(("function", number))
            elif scopes:
                kind, opened = scopes.pop()
                if kind == "function":
                    start = signature_start(lines, opened)
                    if number - start + 1 > limit:
                        found.append((start + 1, number - start + 1))
    return found


def function_breaches(harness):
    found = []
    for path in sorted(harness.rglob("*")):
        if path.suffix in (".cpp", ".hpp"):
            for first, length in long_functions(path):
                found.append(f"{path.relative_to(harness.parent)}:{first}: a function of {length} lines (at most "
                             f"{MAX_FUNCTION_LINES}: split it into parse, run and report, or by what its parts do)")
    return found


def breaches(root, layers):
    harness = pathlib.Path(root) / "harness"
    return layout_breaches(harness, layers) + include_breaches(harness, layers) + function_breaches(harness)


def self_check():
    """The checker finds a breach of each rule in a tree made to hold one."""
    layers = ["low", "high"]
    cases = {
        "top-level file": {"harness/stray.cpp": "int x;\n"},
        "unknown folder": {"harness/other/a.hpp": "#pragma once\n"},
        "upward include": {"harness/low/a.cpp": '#include "harness/high/b.hpp"\n', "harness/high/b.hpp": ""},
        "long function": {"harness/low/long.cpp": "int f() {\n" + "  int a = 0;\n" * MAX_FUNCTION_LINES + "}\n"},
    }
    for name, files in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            for relative, text in files.items():
                path = pathlib.Path(tmp) / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            (pathlib.Path(tmp) / "harness" / "CMakeLists.txt").write_text("")
            for layer in layers:
                (pathlib.Path(tmp) / "harness" / layer).mkdir(exist_ok=True)
            if not breaches(tmp, layers):
                sys.exit(f"harness_layers_test: the checker missed a {name}")
    with tempfile.TemporaryDirectory() as tmp:  # and passes a tree that keeps every rule
        files = {"harness/CMakeLists.txt": "", "harness/high/a.cpp": '#include "harness/low/b.hpp"\nint f() {\n'
                 "  return 0;\n}\n", "harness/low/b.hpp": "struct S {\n  int g() { return 1; }\n};\n"}
        for relative, text in files.items():
            path = pathlib.Path(tmp) / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        if breaches(tmp, layers):
            sys.exit(f"harness_layers_test: the checker refused a tree that keeps the rules: {breaches(tmp, layers)}")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: harness_layers_test.py SOURCE_DIR LAYER... (the layers lowest first)")
    self_check()
    found = breaches(sys.argv[1], sys.argv[2:])
    for line in found:
        print(line)
    if found:
        sys.exit(1)
    print(f"harness: {len(sys.argv) - 2} layers, every include pointing down, no function over "
          f"{MAX_FUNCTION_LINES} lines")


if __name__ == "__main__":
    main()
