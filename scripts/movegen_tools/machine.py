"""The machine the report runs on: its CPU, and how much of its CPU time other processes took during the clock
runs (others_share)."""

import os
import resource
import time


# The report calls the machine busy when other processes ran more than this share of its CPU time during the
# clock runs (others_share).
BUSY_SHARE = 0.10


def cpu_model():
    """The CPU's model name from /proc/cpuinfo, or "unknown CPU"."""
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def machine_busy_seconds():
    """The CPU seconds every process on this machine has run since boot (Linux /proc/stat: user, nice,
    system, irq, softirq and steal time), or None where /proc/stat cannot be read."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    if len(fields) < 8:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    """The CPU seconds (user and system) of this process and of its children that have been waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def cpu_sample():
    """(machine busy seconds or None, own CPU seconds, wall-clock seconds): others_share's input."""
    return machine_busy_seconds(), own_cpu_seconds(), time.perf_counter()


def others_share(before, after, cores):
    """The share (0 to 1) of the machine's CPU time, `cores` cores over the wall-clock time between two
    cpu_samples, that processes other than this one and its waited children ran: a measure of what else
    competed with the clock runs, unlike the load average, which trails by a minute. None if /proc/stat
    could not be read or no time passed."""
    if before[0] is None or after[0] is None or after[2] <= before[2]:
        return None
    others = (after[0] - before[0]) - (after[1] - before[1])
    return min(1.0, max(0.0, others / ((after[2] - before[2]) * cores)))
