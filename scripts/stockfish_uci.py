"""A Stockfish process spoken to over UCI, for timing its `go perft` (used by bench_report.py).

    engine = Stockfish("/usr/games/stockfish", timeout=120)
    nodes, seconds = engine.timed_perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5)
    engine.close()
"""

import queue
import subprocess
import threading
import time


class EngineError(Exception):
    """Stockfish could not be started, died, or did not answer in time."""


class Stockfish:
    """One Stockfish process spoken to over UCI; a reader thread lets every answer have a timeout."""

    def __init__(self, path, timeout):
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
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

    def timed_perft(self, fen, depth):
        """(nodes, wall-clock seconds) of `go perft depth`, timed from the command to its last line."""
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait_for("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        last = self.wait_for("Nodes searched:")[-1]
        seconds = time.perf_counter() - start
        return int(last.split(":")[1]), seconds

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=self.timeout)
