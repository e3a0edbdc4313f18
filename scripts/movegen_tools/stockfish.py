"""The one Stockfish client of the package: a Stockfish process spoken to over UCI, for `go perft` counts
(verify_epd_command) and their timing (the benchmark report, alternation, callgrind).

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
    """One Stockfish process spoken to over UCI; a reader thread puts each line it prints on `lines` (None once
    it exits), so that every answer has a timeout."""

    def __init__(self, path, timeout, wrapper=()):
        """Starts `path` (behind `wrapper`, a command such as valgrind's that runs it) and waits for uciok."""
        self.timeout = timeout
        self.chess960 = False
        try:
            self.proc = subprocess.Popen([*wrapper, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as e:
            raise EngineError(f"cannot start Stockfish ({path}): {e}") from e
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.name = next((l[len("id name "):] for l in self.wait_for("uciok") if l.startswith("id name ")), "?")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        """Sends one UCI command; EngineError if Stockfish no longer reads them."""
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise EngineError(f"cannot write to Stockfish: {e}") from e

    def wait_for(self, prefix, whole_answer=False):
        """The lines up to and including the first that starts with `prefix`. The timeout bounds the wait for
        each line or, with `whole_answer`, for all of them together."""
        deadline, seen = time.monotonic() + self.timeout, []
        while True:
            wait = deadline - time.monotonic() if whole_answer else self.timeout
            try:
                if wait <= 0:
                    raise queue.Empty
                line = self.lines.get(timeout=wait)
            except queue.Empty:
                raise EngineError(f"Stockfish did not answer '{prefix}' within {self.timeout:g} s") from None
            if line is None:
                raise EngineError(f"Stockfish exited unexpectedly (exit status {self.proc.wait()})")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def set_chess960(self, on):
        """Sets UCI_Chess960 (castling rights of Chess960 positions), if not set so already."""
        if on != self.chess960:
            self.send(f"setoption name UCI_Chess960 value {'true' if on else 'false'}")
            self.chess960 = on

    def perft(self, fen, depth):
        """The count of `go perft depth` on `fen` (a FEN with its move clocks), the whole answer within the
        timeout."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        line = self.wait_for("Nodes searched:", whole_answer=True)[-1]
        try:
            return int(line.split(":", 1)[1])
        except ValueError:
            raise EngineError(f"unexpected answer {line!r}") from None

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

    def close(self, timeout=None):
        """Sends quit and waits for the process to end (raising EngineError or subprocess.TimeoutExpired if it
        does not within `timeout` seconds, default the timeout: the caller may kill it)."""
        if self.proc.poll() is None:
            self.send("quit")
            self.proc.wait(timeout=self.timeout if timeout is None else timeout)

    def close_or_kill(self, timeout=None):
        """close(), killing the process if it does not end within `timeout` seconds (default: the timeout)."""
        try:
            self.close(timeout)
        except (EngineError, OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
