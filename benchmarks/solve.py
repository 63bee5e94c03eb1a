"""Time the full solve against the Rust ``yatzy_solver`` (PyPI) and report peak memory.

Each solver runs in a fresh child process, so neither inherits the other's memory, threads or
warm caches. Ours is solved twice there: the first call includes loading (or, after a source
change, compiling) the numba code; the second is the solve alone. Run with the ``bench`` extra
installed: ``.venv/bin/pip install yatzy-solver``, then ``.venv/bin/python benchmarks/solve.py``.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from typing import Any

from yahtzee.commands._numbers import whole_number

RUST_VARIANT = "american+forced-joker"
AGREE = 1e-9
TARGET_RATIO = 0.5
TARGET_PEAK_MB = 300.0


def _peak_rss_mb() -> float:
    # ru_maxrss is in KiB on Linux.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cpu_s() -> float:
    # User + system time of every thread of this process so far.
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child_ours() -> dict[str, Any]:
    started = time.perf_counter()
    # Imported here: the import is part of what a fresh process pays, and is timed.
    from yahtzee.solver.dp import solve

    imported = time.perf_counter()
    first = solve()
    first_done = time.perf_counter()
    tracemalloc.start()
    cpu_started = _cpu_s()
    second = solve()
    second_done = time.perf_counter()
    cpu = _cpu_s() - cpu_started
    _, traced_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert first.tobytes() == second.tobytes()
    return {
        "import_s": imported - started,
        "first_s": first_done - imported,
        "solve_s": second_done - first_done,
        "cpu_s": cpu,
        "new_game": float(second[0, 0, 0]),
        "peak_rss_mb": _peak_rss_mb(),
        "traced_peak_mb": traced_peak / 2**20,
    }


def child_rust() -> dict[str, Any]:
    started = time.perf_counter()
    import yatzy_solver

    imported = time.perf_counter()
    cpu_started = _cpu_s()
    solver = yatzy_solver.Solver.build(yatzy_solver.Variant(RUST_VARIANT))
    done = time.perf_counter()
    cpu = _cpu_s() - cpu_started
    return {
        "import_s": imported - started,
        "solve_s": done - imported,
        "cpu_s": cpu,
        "new_game": float(solver.state_value("upper 0 | filled -")),
        "precision": str(solver.precision),
        "version": str(yatzy_solver.__version__),
        "peak_rss_mb": _peak_rss_mb(),
    }


def run_child(which: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", which],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=whole_number(1), default=3, help="fresh processes per solver"
    )
    parser.add_argument("--child", choices=["ours", "rust"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child_ours() if args.child == "ours" else child_rust()))
        return 0

    # Interleaved, so both see the same background load on a shared machine.
    ours: list[dict[str, Any]] = []
    rust: list[dict[str, Any]] = []
    for _ in range(args.repeat):
        ours.append(run_child("ours"))
        rust.append(run_child("rust"))
    solve_s = statistics.median(r["solve_s"] for r in ours)
    first_s = statistics.median(r["first_s"] for r in ours)
    rust_s = statistics.median(r["solve_s"] for r in rust)
    ours_cpu = statistics.median(r["cpu_s"] for r in ours)
    rust_cpu = statistics.median(r["cpu_s"] for r in rust)
    peak = max(r["peak_rss_mb"] for r in ours)
    ours_value, rust_value = ours[0]["new_game"], rust[0]["new_game"]

    jit = first_s - solve_s
    rust_info = f"yatzy-solver {rust[0]['version']}, {rust[0]['precision']}"
    rows = [
        ("ours  solve (second call, warm)", f"{solve_s:8.3f} s"),
        ("ours  first call in a process", f"{first_s:8.3f} s  (numba load/compile ~{jit:.3f} s)"),
        ("ours  import", f"{statistics.median(r['import_s'] for r in ours):8.3f} s"),
        (f"rust  Solver.build({RUST_VARIANT!r})", f"{rust_s:8.3f} s  ({rust_info})"),
        ("ratio ours/rust (warm)", f"{solve_s / rust_s:8.3f}    target <= {TARGET_RATIO}"),
        ("ratio ours/rust (first call)", f"{first_s / rust_s:8.3f}"),
        ("cpu seconds (all threads): ours / rust", f"{ours_cpu:8.3f} / {rust_cpu:.3f}"),
        ("ratio ours/rust (cpu, less load-sensitive)", f"{ours_cpu / rust_cpu:8.3f}"),
        ("ours  peak RSS", f"{peak:8.1f} MB  target < {TARGET_PEAK_MB:.0f} MB"),
        ("ours  peak traced allocations", f"{max(r['traced_peak_mb'] for r in ours):8.1f} MB"),
        ("rust  peak RSS", f"{max(r['peak_rss_mb'] for r in rust):8.1f} MB"),
        ("new game, ours", f"{ours_value!r}"),
        ("new game, rust", f"{rust_value!r}"),
        ("|difference|", f"{abs(ours_value - rust_value):.2e}"),
    ]
    print(f"{args.repeat} fresh process(es) per solver, interleaved; medians")
    for label, value in rows:
        print(f"{label:<42} {value}")
    agree = abs(ours_value - rust_value) <= AGREE
    print("values agree to 1e-9" if agree else "VALUES DISAGREE")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
