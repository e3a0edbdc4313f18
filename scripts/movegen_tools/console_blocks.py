"""The pasted `movegen` outputs of README.md and docs/*.md, checked against what the program prints.

A ```console block holds commands, each on a line that starts with `$ `, and below each the output it
prints. A command's output matches the block when every line of the block equals a line of the output in
order, after both are masked:

- runs of spaces are one space (column widths follow the numbers);
- a number with a decimal point or an exponent (`0.05`, `1384.74`, `7.393e-05`) is a timing or a ratio
  of timings and reads `#`, and so does a percentage (`spread 4%`);
- a line `...` stands for any number of output lines, none included;
- empty lines at the end of the output are not compared.

Integers are not masked: counts, depths, line numbers and exit-relevant text must be exactly the program's.
The output is the command's stdout; a block that shows what went to stderr (an error line) is matched
against stdout followed by stderr.

The line before a block's opening fence may name how it is checked, as an HTML comment that the rendered
page hides:

    <!-- console: ci -->       run only with --ci (it needs ../shared, or lasts long enough that CI's own
                               step runs it: README's `movegen compare` is CI's main job)
    <!-- console: record -->   never run: a record of a run that lasted hours or needs a cluster

A `cat FILE` command whose FILE does not exist writes the block's lines below it to FILE first, so that a
doc can show the file a later command reads. Commands run in a scratch folder that mirrors the checkout,
with `build` the build tree being checked, so `./build/movegen` and `tests/data/perft.epd` mean what the
doc says.
"""
import dataclasses
import os
import re
import shutil
import subprocess
import tempfile

FENCE_OPEN = "```console"
FENCE_CLOSE = "```"
MARKER = re.compile(r"^<!--\s*console:\s*(ci|record)\s*-->\s*$")
TIMING = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?|-?\d+e[-+]?\d+|\d+%")


@dataclasses.dataclass
class Command:
    """One `$ ` line of a block: the command text and the output lines pasted below it."""
    text: str
    line: int  # 1-based line of the `$ ` in the doc
    expected: list


@dataclasses.dataclass
class Block:
    """One ```console block of a doc: where it opens, how it is checked ("run", "ci" or "record"), and its
    commands."""
    doc: str
    line: int  # 1-based line of the opening fence
    mode: str
    commands: list


def parse_blocks(doc, text):
    """The console blocks of a doc, in order; `doc` names it in reports, `text` is its contents."""
    lines = text.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].strip() != FENCE_OPEN:
            i += 1
            continue
        marker = MARKER.match(lines[i - 1]) if i > 0 else None
        block = Block(doc, i + 1, marker.group(1) if marker else "run", [])
        i += 1
        while i < len(lines) and lines[i].strip() != FENCE_CLOSE:
            if lines[i].startswith("$ "):
                block.commands.append(Command(lines[i][2:], i + 1, []))
            elif block.commands:
                block.commands[-1].expected.append(lines[i])
            i += 1
        blocks.append(block)
        i += 1
    return blocks


def unchecked_runs(doc, text):
    """Pasted runs that no check reads: a `$ ` line outside a ```console block (a ```sh or bare fence
    shows a command with its output as if checked). One problem line each, naming the doc and its line."""
    problems, fence = [], None
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith("```"):
            fence = None if fence is not None else line.strip()
        elif fence is not None and fence != FENCE_OPEN and line.startswith("$ "):
            problems.append(f"{doc}:{number}: `{line[2:]}` is in a {fence} block, which is never checked: "
                            "make it a ```console block (commands to type go without `$ `)")
    return problems


def mask(line):
    """A line as it is compared: timings and ratios read `#`, runs of spaces one space, no trailing space."""
    return " ".join(TIMING.sub("#", line).split())


def _trimmed(lines):
    """`lines` without the empty lines at their end."""
    end = len(lines)
    while end > 0 and not lines[end - 1].strip():
        end -= 1
    return lines[:end]


def _reach(pattern, reach, got):
    """The output prefixes matched after one more pasted line: `reach[j]` says the pasted lines so far match
    got[:j]; `pattern` is the next pasted line masked, or None for `...`."""
    if pattern is None:
        reach = list(reach)
        for j in range(1, len(got) + 1):
            reach[j] = reach[j] or reach[j - 1]
        return reach
    return [False] + [reach[j - 1] and got[j - 1] == pattern for j in range(1, len(got) + 1)]


def _prefix_reaches(expected, actual):
    """For each number k of pasted lines, 0..len(expected), the output prefixes they match (see _reach); empty
    lines at the end of the output are left out, as a pasted block ends at its last printed line."""
    got = [mask(line) for line in _trimmed(actual)]
    reaches = [[True] + [False] * len(got)]
    for line in expected:
        reaches.append(_reach(None if line.strip() == "..." else mask(line), reaches[-1], got))
    return reaches


def matches(expected, actual):
    """True if the pasted lines `expected` match the output lines `actual` (each masked; `...` stands for any
    number of lines)."""
    return _prefix_reaches(expected, actual)[-1][len(_trimmed(actual))]


def first_difference(expected, actual):
    """Where the pasted lines `expected` stop matching the output lines `actual`: the first pasted line that
    no way of matching the lines before it leaves in place, with the output line there, or the first output
    line that the block does not show."""
    reaches, actual = _prefix_reaches(expected, actual), _trimmed(actual)
    for k in range(1, len(reaches)):
        if not any(reaches[k]):
            j = max(i for i, ok in enumerate(reaches[k - 1]) if ok)
            printed = actual[j].strip() if j < len(actual) else "(the end of the output)"
            return f"the block's `{expected[k - 1].strip()}` is not printed: output line {j + 1} is `{printed}`"
    j = max(i for i, ok in enumerate(reaches[-1]) if ok)
    return f"output line {j + 1} is `{actual[j].strip()}`, which the block does not show"


def mirror_checkout(root, build):
    """A scratch folder beside the checkout `root` (so that `../shared` reads the same), holding a link to every
    top-level entry of the checkout but `build`, and `build` linked to the build tree `build`; its path."""
    parent = os.path.dirname(os.path.abspath(root))  # beside the checkout, so that ../shared is its neighbour's
    scratch = tempfile.mkdtemp(prefix=".console-blocks-", dir=parent if os.access(parent, os.W_OK) else None)
    for entry in os.listdir(root):
        if entry != "build":
            os.symlink(os.path.join(root, entry), os.path.join(scratch, entry))
    os.symlink(os.path.abspath(build), os.path.join(scratch, "build"))
    return scratch


def run_command(command, scratch, timeout, status=0):
    """Runs one command in `scratch` with bash, `$?` reading `status` (the exit status of the command before
    it in the block); its exit status, its stdout lines and its stdout-then-stderr lines. A `cat` of a
    missing file first writes the pasted lines to it."""
    cat = re.fullmatch(r"cat (\S+)", command.text.strip())
    if cat and not os.path.exists(os.path.join(scratch, cat.group(1))):
        with open(os.path.join(scratch, cat.group(1)), "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in command.expected))
    run = subprocess.run(["bash", "-c", f"(exit {status}); {command.text}"], cwd=scratch, capture_output=True,
                         text=True, timeout=timeout)
    out = run.stdout.splitlines()
    return run.returncode, out, out + run.stderr.splitlines()


def check_block(block, scratch, timeout, show=False):
    """The problems of one block, each a line naming the doc, the command's line and what differs; with
    `show`, each command and what it printed are echoed to stdout as they run."""
    problems, status = [], 0
    for command in block.commands:
        try:
            status, out, both = run_command(command, scratch, timeout, status)
            if show:
                print("\n".join([f"$ {command.text}"] + both), flush=True)
        except subprocess.TimeoutExpired:
            problems.append(f"{block.doc}:{command.line}: `{command.text}` ran over {timeout} s")
            continue
        if not (matches(command.expected, out) or matches(command.expected, both)):
            problems.append(f"{block.doc}:{command.line}: `{command.text}`: "
                            + first_difference(command.expected, both))
    return problems


def rewrite_block(text, block, outputs):
    """`text` with the block's pasted outputs replaced by `outputs` (one list of lines per command), each
    shortened as the pasted one was: the lines before its first `...` and after its last `...` kept in
    number, the middle `...`."""
    lines = text.splitlines()
    new = []
    for command, output in zip(block.commands, outputs):
        new.append("$ " + command.text)
        marks = [i for i, line in enumerate(command.expected) if line.strip() == "..."]
        if not marks or len(output) <= len(command.expected):
            new += output
            continue
        head, tail = marks[0], len(command.expected) - marks[-1] - 1
        new += output[:head] + [command.expected[head]] + (output[len(output) - tail:] if tail else [])
    end = block.line
    while lines[end].strip() != FENCE_CLOSE:
        end += 1
    return "\n".join(lines[:block.line] + new + lines[end:]) + "\n"


def outputs_of(block, scratch, timeout):
    """What each command of the block prints now: its stdout, or its stderr when stdout is empty."""
    outputs, status = [], 0
    for command in block.commands:
        status, out, both = run_command(command, scratch, timeout, status)
        outputs.append(out or both)
    return outputs


def check_docs(root, build, docs, ci=False, write=False, timeout=600, show=False):
    """Checks the console blocks of `docs` (paths relative to `root`) against the build tree `build`, and with
    `write` rewrites each block that differs with what the program prints now; blocks marked ci only when
    `ci`, record blocks never; `show` echoes each command and its output. The problems found, one line each,
    and the number of commands run."""
    scratch = mirror_checkout(root, build)
    problems, ran = [], 0
    try:
        for doc in docs:
            path = os.path.join(root, doc)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            problems += unchecked_runs(doc, text)
            for block in reversed(parse_blocks(doc, text)):
                if block.mode == "record" or (block.mode == "ci" and not ci):
                    continue
                ran += len(block.commands)
                found = check_block(block, scratch, timeout, show)
                if write and found:
                    text = rewrite_block(text, block, outputs_of(block, scratch, timeout))
                problems = found + problems
            if write:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    finally:
        shutil.rmtree(scratch)
    return problems, ran
