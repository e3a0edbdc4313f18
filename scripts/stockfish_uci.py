"""The Stockfish client under its former module name, for tools outside the project that import it from a
checkout's scripts/ (the peers' recipe: pair.py, sf_counts.py). The client itself is movegen_tools.stockfish."""
from movegen_tools.stockfish import EngineError, Stockfish  # noqa: F401
