"""Soak the UI tests: run them again and again while the machine is busy.

Usage: ``python benchmarks/ui_soak.py [--runs 20] [--busy 2] [--workers 2] [--json FILE] [PYTEST ARGS...]``

A UI test that waits on the app's state passes however slow the machine is;
one that guesses (a bare ``pilot.pause()``, a sleep) fails now and then when
the cores are busy. This script finds those: it starts ``--busy`` processes
that keep the cores busy (one spinning loop each, two by default for the
2-core development machine), then runs the UI tests (``tests/ui`` and the Honey
Buzz app tests, or the pytest arguments given) ``--runs`` times in a row, each
run on ``--workers`` pytest-xdist workers. It prints each run's outcome and
time, then a summary, and exits 1 if any run had a failure. The busy processes
are stopped when it ends, however it ends.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TESTS = ["tests/ui", "tests/honey_buzz/test_hb_app.py"]


def spin() -> None:
    """Keep one core busy until stopped."""
    n = 0
    while True:
        n = (n * 1103515245 + 12345) & 0xFFFFFFFF


def run_once(workers: int, tests: list[str]) -> tuple[int, float, str]:
    """One run of the tests: exit status, seconds, pytest's summary line."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider"]
    if workers > 1:
        cmd += ["-n", str(workers)]
    started = time.perf_counter()
    proc = subprocess.run([*cmd, *tests], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    summary = next((line for line in reversed(lines) if re.search(r"\d+ (passed|failed|error)", line)),
                   lines[-1] if lines else proc.stderr.strip()[-200:])
    failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    if failed:
        summary += "\n    " + "\n    ".join(failed)
    return proc.returncode, seconds, summary.strip("= ")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=20, help="runs in a row (default 20)")
    ap.add_argument("--busy", type=int, default=2, help="busy processes beside the tests (default 2)")
    ap.add_argument("--workers", type=int, default=2, help="pytest-xdist workers per run (default 2)")
    ap.add_argument("--json", type=Path, default=None, help="also write the results as JSON here")
    args, tests = ap.parse_known_args()
    tests = tests or DEFAULT_TESTS
    busy = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
    for proc in busy:
        proc.start()
    print(f"{args.runs} runs of {' '.join(tests)} on {args.workers} workers, {args.busy} busy processes beside "
          f"them; load before: {os.getloadavg()[0]:.1f}", flush=True)
    results = []
    try:
        for i in range(1, args.runs + 1):
            code, seconds, summary = run_once(args.workers, tests)
            load = os.getloadavg()[0]
            results.append({"run": i, "status": code, "seconds": round(seconds, 1), "load": round(load, 1),
                            "summary": summary})
            print(f"run {i:2}: {'ok  ' if code == 0 else 'FAIL'} {seconds:6.1f} s  load {load:4.1f}  {summary}",
                  flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        for proc in busy:
            proc.terminate()
        for proc in busy:
            proc.join()
    bad = [r for r in results if r["status"] != 0]
    times = sorted(r["seconds"] for r in results)
    if times:
        print(f"{len(results)} runs, {len(bad)} with failures; time per run {times[0]:.0f}-{times[-1]:.0f} s "
              f"(median {times[len(times) // 2]:.0f} s)")
    if args.json is not None:
        args.json.write_text(json.dumps({"runs": results, "failed_runs": len(bad)}, indent=1) + "\n")
    return 1 if bad or len(results) < args.runs else 0


if __name__ == "__main__":
    sys.exit(main())
