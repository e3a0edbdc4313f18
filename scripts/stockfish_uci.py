"""A Stockfish process spoken to over UCI, for timing its `go perft` (used by bench_report.py).

    engine = Stockfish("/usr/games/stockfish", timeout=120)
    nodes, seconds, cpu_seconds = engine.timed_perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5)
    engine.close()
"""

import glob
import queue
import subprocess
import threading
import time


class EngineError(Exception):
    """Stockfish could not be started, died, or did not answer in time."""


class Stockfish:
    """One Stockfish process spoken to over UCI; a reader thread lets every answer have a timeout."""

    def __init__(self, path, timeout, wrapper=()):
        """Starts `path` (behind `wrapper`, a command such as valgrind's that runs it) and waits for uciok."""
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen([*wrapper, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineError(f"cannot start Stockfish ({path}): {e}")
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.name = next((l[len("id name "):] for l in self.wait_for("uciok") if l.startswith("id name ")), "?")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        """The lines up to and including the first that starts with `prefix`."""
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                raise EngineError(f"Stockfish did not answer '{prefix}' within {self.timeout} s")
            if line is None:
                raise EngineError("Stockfish exited unexpectedly")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def cpu_seconds(self):
        """The CPU time all of Stockfish's threads have run so far (Linux: /proc/PID/task/*/schedstat,
        nanoseconds on the CPU), or None where the kernel does not provide it."""
        files = glob.glob(f"/proc/{self.proc.pid}/task/*/schedstat")
        try:
            return sum(int(open(f, encoding="ascii").read().split()[0]) for f in files) / 1e9 if files else None
        except (OSError, ValueError, IndexError):
            return None

    def timed_perft(self, fen, depth):
        """(nodes, wall-clock seconds, CPU seconds or None) of `go perft depth`, from the command to its
        last line."""
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait_for("readyok")
        cpu_start, start = self.cpu_seconds(), time.perf_counter()
        self.send(f"go perft {depth}")
        last = self.wait_for("Nodes searched:")[-1]
        seconds, cpu_end = time.perf_counter() - start, self.cpu_seconds()
        cpu = cpu_end - cpu_start if cpu_start is not None and cpu_end is not None else None
        return int(last.split(":")[1]), seconds, cpu

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=self.timeout)
