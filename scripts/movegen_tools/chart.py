"""The report's chart of Mnps per position, drawn by gnuplot."""

import shutil
import subprocess

from .failure import EXIT_USAGE, Failure
from .perft_bench import cli_name


def write_chart(path, generators, rows, stockfish_name):
    """rows: [(label, [Mnps per generator..., Stockfish Mnps])]. Draws a clustered bar chart, log scale."""
    series = [cli_name(g) for g in generators] + [stockfish_name]
    n = len(series)
    values = [v for _, vs in rows for v in vs]
    lowest = 10 ** int(f"{min(values):e}".split("e")[1])
    highest = max(values) * 2  # room for the labels above the bars
    data = "\n".join(" ".join(f"{v:.3f}" for v in vs) for _, vs in rows)
    tics = ", ".join(f'"{label}" {i}' for i, (label, _) in enumerate(rows))
    plots = []
    for i, name in enumerate(series):
        plots.append(f"$data using {i + 1} title '{name}'")
    for i in range(n):
        offset = (i - (n - 1) / 2) / (n + 1)
        plots.append(f"$data using ($0 + {offset:.4f}):{i + 1}:(sprintf('%.3g', ${i + 1})) "
                     "with labels offset 0,0.7 font ',9' notitle")
    script = f"""$data << EOD
{data}
EOD
set terminal svg size 1200,560 font 'sans,13' background rgb 'white'
set output '{path}'
set title 'perft speed with bulk counting: median million nodes per second (higher is better)'
set ylabel 'Mnps (log scale)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.95
set logscale y
set yrange [{lowest}:{highest:.0f}]
set grid ytics
set key outside top center horizontal
set bmargin 4
set xrange [-0.6:{len(rows) - 0.4}]
set xtics ({tics}) nomirror
plot {', '.join(plots)}
"""
    if shutil.which("gnuplot") is None:
        raise Failure("gnuplot not found (Debian package gnuplot-nox)", EXIT_USAGE)
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
