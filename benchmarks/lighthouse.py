"""Lighthouse on the page's first load: mobile (simulated slow 4G, 4× CPU), from a local server.

Starts ``yahtzee serve`` on a loopback port and runs Lighthouse (npm ``lighthouse@12.2.3``, kept
in ``~/.cache/yahtzee-bench/lighthouse`` and installed there on first use, outside the
repository) ``--runs`` times against Debian's Chromium, headless and offline. Each run and the
median print performance, accessibility, cumulative layout shift, LCP, TBT, FCP, speed index and
main-thread work. Targets, on the median: performance >= 0.95, CLS <= 0.05, accessibility 1.0;
the exit status is 1 when one is missed.

    python -m benchmarks.lighthouse --runs 3

Lighthouse simulates the phone's network and CPU from a trace of a real load: it multiplies the
main thread's observed times by 4, so a busy machine inflates TBT and main-thread work. The host's
benchmark index is printed beside them (Lighthouse's 4× assumes 1000 or more; other work on the
machine lowers it), with a note when the median is below that.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from tests.browser.support import CHROMIUM, CHROMIUM_ARGS

from benchmarks._server import running_server
from yahtzee.commands._numbers import whole_number

VERSION: Final = "12.2.3"
HOME: Final = (
    Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "yahtzee-bench" / "lighthouse"
)
FLAGS: Final = ["--headless=new", *CHROMIUM_ARGS]
ATTEMPTS: Final = 3  # a run whose trace Lighthouse cannot read (NO_NAVSTART) is tried again
PERFORMANCE_TARGET: Final = 0.95
CLS_TARGET: Final = 0.05
ACCESSIBILITY_TARGET: Final = 1.0
# Below this benchmark index Lighthouse itself warns that the host is slower than its 4x assumes.
SLOW_HOST: Final = 1000


@dataclass(frozen=True)
class Run:
    """One Lighthouse run's scores (0–1), layout shift and times in milliseconds."""

    performance: float
    accessibility: float
    cls: float
    lcp: float
    tbt: float
    fcp: float
    speed_index: float
    main_thread: float
    benchmark_index: float

    @classmethod
    def from_report(cls, report: dict[str, Any]) -> Run:
        audits = report["audits"]

        def value(audit: str) -> float:
            found = audits[audit].get("numericValue")
            if found is None:
                raise RuntimeError(f"Lighthouse gave no value for {audit!r}")
            return float(found)

        return cls(
            performance=float(report["categories"]["performance"]["score"]),
            accessibility=float(report["categories"]["accessibility"]["score"]),
            cls=value("cumulative-layout-shift"),
            lcp=value("largest-contentful-paint"),
            tbt=value("total-blocking-time"),
            fcp=value("first-contentful-paint"),
            speed_index=value("speed-index"),
            main_thread=value("mainthread-work-breakdown"),
            benchmark_index=float(report["environment"]["benchmarkIndex"]),
        )


def installed_version(home: Path) -> str | None:
    """The version of the Lighthouse installed under ``home``, or None."""
    try:
        package = json.loads((home / "node_modules/lighthouse/package.json").read_text())
    except (OSError, ValueError):
        return None
    version = package.get("version")
    return version if isinstance(version, str) else None


def ensure_lighthouse(home: Path = HOME) -> Path:
    """Lighthouse's command line, installed under ``home`` (not the repository) when missing or
    of another version."""
    cli = home / "node_modules/lighthouse/cli/index.js"
    if installed_version(home) != VERSION or not cli.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("npm is needed to install Lighthouse (apt-get install npm)")
        print(f"installing lighthouse@{VERSION} into {home} ...", flush=True)
        home.mkdir(parents=True, exist_ok=True)
        command = [npm, "install", "--prefix", str(home), "--no-audit", "--no-fund"]
        subprocess.run([*command, f"lighthouse@{VERSION}"], check=True, stdout=subprocess.DEVNULL)
        found = installed_version(home)
        if found != VERSION:
            raise SystemExit(f"expected lighthouse {VERSION} in {home}, found {found}")
    return cli


def lighthouse(cli: Path, url: str, report: Path) -> dict[str, Any]:
    """One Lighthouse run (the mobile defaults: simulated slow 4G and 4× CPU); its JSON report."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to run Lighthouse")
    command = [node, str(cli), url, "--quiet", "--output=json", f"--output-path={report}"]
    command += ["--only-categories=performance,accessibility"]
    command += ["--form-factor=mobile", "--throttling-method=simulate"]
    command += [f"--chrome-flags={' '.join(FLAGS)}"]
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if not report.is_file():
        raise RuntimeError(f"Lighthouse failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    data: dict[str, Any] = json.loads(report.read_text())
    return data


def measure(cli: Path, url: str, report: Path) -> Run:
    """One run, tried again when Lighthouse could not read its own trace."""
    problem = ""
    for _ in range(ATTEMPTS):
        report.unlink(missing_ok=True)
        data = lighthouse(cli, url, report)
        error = data.get("runtimeError")
        if not error:
            return Run.from_report(data)
        problem = f"{error.get('code')}: {error.get('message')}"
        print(f"  (Lighthouse: {problem}; trying again)", flush=True)
    raise RuntimeError(f"Lighthouse failed {ATTEMPTS} times: {problem}")


def line(name: str, run: Run) -> str:
    return (
        f"{name:<7} perf {run.performance:.2f}  a11y {run.accessibility:.2f}  CLS {run.cls:.3f}"
        f"  LCP {run.lcp / 1000:.2f} s  TBT {run.tbt:.0f} ms  FCP {run.fcp / 1000:.2f} s"
        f"  SI {run.speed_index / 1000:.2f} s  main thread {run.main_thread / 1000:.2f} s"
        f"  (benchmark index {run.benchmark_index:.0f})"
    )


def median(runs: list[Run]) -> Run:
    """Each figure's median over the runs."""
    return Run(
        **{
            name: statistics.median(getattr(run, name) for run in runs)
            for name in Run.__dataclass_fields__
        }
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=whole_number(1), default=3)
    parser.add_argument(
        "--reports", type=Path, default=None, help="keep each run's JSON report in this folder"
    )
    args = parser.parse_args()

    cli = ensure_lighthouse()
    runs: list[Run] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder: Path = args.reports or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        with running_server(workers=1) as (base, _pid):
            for n in range(1, args.runs + 1):
                run = measure(cli, base + "/", folder / f"lighthouse-{n}.json")
                runs.append(run)
                print(line(f"run {n}", run), flush=True)

    middle = median(runs)
    print(line("median", middle))
    checks = (
        ("performance", middle.performance, f">= {PERFORMANCE_TARGET}"),
        ("cumulative layout shift", middle.cls, f"<= {CLS_TARGET}"),
        ("accessibility", middle.accessibility, f">= {ACCESSIBILITY_TARGET}"),
    )
    met = (
        middle.performance >= PERFORMANCE_TARGET,
        middle.cls <= CLS_TARGET,
        middle.accessibility >= ACCESSIBILITY_TARGET,
    )
    for (name, value, target), ok in zip(checks, met, strict=True):
        print(f"{name:<24} {value:.3f} (target {target}: {'met' if ok else 'NOT met'})")
    if middle.benchmark_index < SLOW_HOST:
        print(
            f"note: benchmark index {middle.benchmark_index:.0f} < {SLOW_HOST}: this host is slow"
            " or busy, and Lighthouse multiplies the main thread's observed times by 4, so TBT and"
            " main-thread work read high; measure again on a quiet machine"
        )
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
