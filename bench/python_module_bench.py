#!/usr/bin/env python3
"""What a study costs through the Python module against the command line (docs/python.md
"Interrupting, threads, speed"): the same `vibro converge CASE` run alternately through
vibro.converge in this process and through the executable, each REPEATS times; prints the
medians and their ratios, measured in the same session (the machines are shared and noisy).

    PYTHONPATH=build/release/python python3 bench/python_module_bench.py \\
        [--case cases/study_cn_periodic.toml] [--precision mpfr:100] [--repeats 5] \\
        [--vibro build/release/src/vibro]

Three figures: the executable's wall time (its process, start to exit), the module's call
(vibro.converge, the study and its document turned into objects), and a fresh interpreter that
imports vibro and makes the call (what a script pays once: Python and NumPy start too). The
study's own figures, files and options are the same for all three (--out into a scratch
directory, the default threads and rounding floor)."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import vibro


def seconds(f):
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", default="cases/study_cn_periodic.toml")
    parser.add_argument("--precision", default="mpfr:100")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--vibro", default="build/release/src/vibro")
    options = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="vibro-python-bench-")
    command = [options.vibro, "converge", options.case, "--precision", options.precision, "--quiet", "--json",
               "--out", os.path.join(scratch, "cli")]
    script = (f"import vibro; vibro.converge({options.case!r}, precision={options.precision!r}, "
              f"out={os.path.join(scratch, 'process')!r})")
    figures = {"executable": [], "module call": [], "fresh interpreter": []}
    for _ in range(options.repeats):
        figures["executable"].append(seconds(lambda: subprocess.run(command, check=True, stdout=subprocess.DEVNULL)))
        figures["module call"].append(
            seconds(lambda: vibro.converge(options.case, precision=options.precision, out=os.path.join(scratch, "py"))))
        figures["fresh interpreter"].append(
            seconds(lambda: subprocess.run([sys.executable, "-c", script], check=True, env=os.environ)))
    baseline = statistics.median(figures["executable"])
    print(f"vibro converge {options.case} --precision {options.precision}, median of {options.repeats}:")
    for name, times in figures.items():
        median = statistics.median(times)
        print(f"  {name:18s} {median:8.3f} s   {median / baseline:6.3f} x the executable")


if __name__ == "__main__":
    main()
