#!/usr/bin/env python3
"""The hostile files of issue 36 against the import path, each in a fresh process. Prints
figures.

    .venv/bin/python bench/hostile.py

Each file (made in memory by tests/hostile_files.py: XLSX with entities, zip bombs, shared
and inline string bombs, a 16 MB CSV of 200 columns, a 5,001-digit JSON number, QtDoppelKopf
files of many Bock events) is read by :func:`scorer.importers.read_import` in a process of its
own, after a small valid file has warmed the same path. Per file: the answer, the time the
read took, the process's resident memory before and after the read and its peak (VmRSS,
VmHWM). Targets: no file over 2 s, none leaving the process more than 50 MB bigger.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hostile_files import HOSTILE  # noqa: E402

CHILD = """
import json, re, sys, time
sys.path.insert(0, sys.argv[1])
from scorer.importers import ImportRefused, read_import
from tests.hostile_files import HOSTILE

def memory():
    status = open("/proc/self/status").read()
    return {k: int(re.search(k + r":\\s+(\\d+) kB", status).group(1)) / 1024
            for k in ("VmRSS", "VmHWM")}

read_import(b"Anna;Ben;Cem;Dora\\n1;1;-1;-1\\n", "warm.csv")
name, make = HOSTILE[sys.argv[2]]
data = make()
before = memory()
started = time.perf_counter()
try:
    plan = read_import(data, name)
    answer = f"read, {sum(e.games for e in plan.evenings)} games"
except ImportRefused as err:
    answer = "refused: " + err.lines()[0].split(": ", 1)[1]
took = time.perf_counter() - started
del data
after = memory()
print(json.dumps([len(make()), answer, took, before["VmRSS"], after["VmRSS"],
                  after["VmHWM"]]))
"""


def main() -> None:
    print(f"{'file':44s} {'size':>9s} {'time':>7s} {'RSS before':>11s} {'after':>7s} "
          f"{'grew':>6s} {'peak':>7s}  answer")
    worst_time = worst_growth = 0.0
    for label in HOSTILE:
        done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), label],
                              capture_output=True, text=True, timeout=600)
        if done.returncode:
            print(f"{label:44s} failed: {done.stderr.strip().splitlines()[-1]}")
            continue
        size, answer, took, before, after, peak = json.loads(done.stdout)
        worst_time, worst_growth = max(worst_time, took), max(worst_growth, after - before)
        print(f"{label:44s} {size / 1000:7.0f}KB {took:6.2f}s {before:9.0f}MB {after:5.0f}MB "
              f"{after - before:+5.0f}MB {peak:5.0f}MB  {answer[:70]}")
    print(f"\nslowest {worst_time:.2f} s (target: under 2 s); most growth "
          f"{worst_growth:+.0f} MB (target: under 50 MB)")


if __name__ == "__main__":
    main()
