"""Mutation testing of the core modules with mutmut (``make mutation``; not part of ``make test``).

Each module is mutated on its own, in a scratch copy of the repository under
``.cache/mutation/<module>``, and each mutant is tested by the module's own fast tests (the
selection below): does some test fail when one operator, constant or call of the module is
changed? The score of a module is the share of its mutants killed, leaving out the mutants shown
to be equivalent (``equivalent.txt`` beside this file: the same behaviour whatever the change).
Every survivor that is not listed there is printed with its change. The run fails when a module
scores under ``TARGET``.

Usage: ``python tests/mutation/run.py [module ...]`` (all of ``MODULES`` by default).
"""

from __future__ import annotations

import ast
import difflib
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WORK = ROOT / ".cache" / "mutation"
MUTMUT = Path(sys.executable).with_name("mutmut")
TARGET = 95.0

MODULES: dict[str, list[str]] = {
    "rules": ["tests/test_rules.py"],
    "dice_record": ["tests/test_dice_record.py"],
    "review": ["tests/test_review.py", "-k", "not review_command"],
    "game": ["tests/test_game.py"],
}
"""Each module and the pytest arguments that choose its fast tests (the review's command-line
tests load the 胜率 tables: left out)."""


@dataclass(frozen=True)
class Survivor:
    """A mutant no test killed: its name, the function it changed and the lines it wrote."""

    name: str
    function: str
    change: tuple[str, ...]
    """The lines it took away (``-``) and wrote (``+``), spaces squeezed."""
    diff: str


@dataclass(frozen=True)
class Score:
    module: str
    total: int
    killed: int
    equivalent: list[Survivor]
    survivors: list[Survivor]
    seconds: float

    @property
    def percent(self) -> float:
        counted = self.total - len(self.equivalent)
        return 100.0 * self.killed / counted if counted else 100.0


def _normal(line: str) -> str:
    return " ".join(line.split())


Known = dict[tuple[str, tuple[str, ...]], str]


def _change(lines: list[str]) -> tuple[str, ...]:
    return tuple(
        line[0] + _normal(line[1:])
        for line in lines
        if line[:1] in ("-", "+") and line[:3] not in ("---", "+++")
    )


def equivalents(path: Path = HERE / "equivalent.txt") -> Known:
    """The equivalent mutants: (function, the mutant's change) → why it changes nothing.

    The file holds blocks separated by blank lines: ``@ <module>.<function>`` (``rules.choices``,
    ``rules.Sheet.from_scores``), the mutant's change as the run prints it (``-`` the original
    lines, ``+`` the mutant's), then ``why: <one line>``. A line that starts with ``#`` is a
    comment.
    """
    found: Known = {}
    text = path.read_text("utf-8") if path.is_file() else ""
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if line and not line.startswith("#")]
        if not lines:
            continue
        head, *rest = lines
        if not head.startswith("@ "):
            raise SystemExit(f"{path}: a block starts with '@ <function>', got {head!r}")
        change = _change(rest)
        why = [line[4:].strip() for line in rest if line.startswith("why:")]
        if not change or len(why) != 1:
            raise SystemExit(f"{path}: {head[2:]} needs its change and one 'why:' line")
        found[head[2:].strip(), change] = why[0]
    return found


def _prepare(module: str, cache: Path) -> Path:
    """A scratch copy of the repository for ``module``, with mutmut's settings."""
    work = WORK / module
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in ("src", "tests"):
        shutil.copytree(
            ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis")
        )
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
    selection = "\n    ".join(MODULES[module])
    (work / "setup.cfg").write_text(
        f"""[mutmut]
source_paths = src
only_mutate = src/yahtzee/{module}.py
pytest_add_cli_args_test_selection =
    {selection}
pytest_add_cli_args =
    -p
    tests.mutation.profile
    -p
    no:cacheprovider
process_isolation = forkserver
use_git_change_detection = false
""",
        "utf-8",
    )
    return work


def _solver_cache() -> Path:
    """A cache folder holding only the solver table, for the tests to copy: each mutant's test
    session copies the cache it finds, and the 胜率 tables beside the table are 162 MB."""
    from yahtzee.solver import load_table

    cache = WORK / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    table = load_table(progress=False).path  # built in the user's cache if not there yet
    assert table is not None
    if not (cache / table.name).is_file():
        shutil.copyfile(table, cache / table.name)
    return cache


def _mutmut(work: Path, cache: Path, *args: str) -> str:
    env = {**os.environ, "YAHTZEE_CACHE_DIR": str(cache), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [str(MUTMUT), *args], cwd=work, env=env, capture_output=True, text=True, check=False
    )
    log = work / "mutmut.log"
    with log.open("a", encoding="utf-8") as out:
        out.write(f"$ mutmut {' '.join(args)}\n{done.stdout}\n{done.stderr}\n")
    if done.returncode != 0:
        raise SystemExit(f"mutmut {' '.join(args)} failed in {work} (see {log})")
    return done.stdout


def _functions(source: str) -> dict[str, str]:
    """The source of every function and method of a module mutmut wrote, by name."""
    lines = source.splitlines(keepends=True)
    found = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = "".join(lines[node.lineno - 1 : node.end_lineno])
    return found


@functools.cache
def _mutated(path: Path) -> dict[str, str]:
    return _functions(path.read_text("utf-8"))


def _survivor(work: Path, module: str, name: str) -> Survivor:
    """The surviving mutant ``name`` with its change, as mutmut's ``show`` prints it (read from
    the mutated module mutmut wrote, which holds the original and every mutant side by side)."""
    functions = _mutated(work / "mutants" / "src" / "yahtzee" / f"{module}.py")
    mangled = name.rsplit(".", 1)[-1]
    stem = mangled.rsplit("__mutmut_", 1)[0]
    # mutmut names a function x_<name>, a method xǁ<class>ǁ<name>
    readable = stem.removeprefix("x_") if stem.startswith("x_") else ".".join(stem.split("ǁ")[1:])
    plain = readable.rsplit(".", 1)[-1]

    def lines(key: str) -> list[str]:
        text = textwrap.dedent(functions[key])
        return text.replace(f"def {key}(", f"def {plain}(", 1).splitlines()

    diff = "\n".join(
        difflib.unified_diff(lines(f"{stem}__mutmut_orig"), lines(mangled), lineterm="", n=0)
    )
    return Survivor(name, f"{module}.{readable}", _change(diff.splitlines()), diff)


def score(module: str, cache: Path, known: Known) -> Score:
    started = time.monotonic()
    work = _prepare(module, cache)
    _mutmut(work, cache, "run")
    _mutmut(work, cache, "export-cicd-stats")
    stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text("utf-8"))
    listed = _mutmut(work, cache, "results")
    names = re.findall(r"^\s*(\S+): (?:survived|no tests|suspicious)$", listed, re.MULTILINE)
    survivors = [_survivor(work, module, name) for name in names]
    equivalent = [s for s in survivors if (s.function, s.change) in known]
    return Score(
        module,
        total=stats["total"] - stats["skipped"],
        killed=stats["killed"] + stats["timeout"] + stats["segfault"],
        equivalent=equivalent,
        survivors=[s for s in survivors if s not in equivalent],
        seconds=time.monotonic() - started,
    )


def main(argv: list[str]) -> int:
    modules = argv or list(MODULES)
    unknown = [m for m in modules if m not in MODULES]
    if unknown:
        print(f"unknown module {unknown[0]!r}; choose from {', '.join(MODULES)}", file=sys.stderr)
        return 2
    known = equivalents()
    cache = _solver_cache()
    scores = []
    for module in modules:
        print(f"mutating {module}.py …", flush=True)
        result = score(module, cache, known)
        scores.append(result)
        for survivor in result.survivors:
            print(f"  survived: {survivor.name}")
            for line in survivor.diff.splitlines():
                if line[:1] in "-+" and line[:3] not in ("---", "+++"):
                    print(f"      {line}")
    print()
    print(f"{'module':<16}{'mutants':>8}{'killed':>8}{'equiv.':>8}{'survived':>9}{'score':>9}")
    for s in scores:
        print(
            f"{s.module + '.py':<16}{s.total:>8}{s.killed:>8}{len(s.equivalent):>8}"
            f"{len(s.survivors):>9}{s.percent:>8.1f}%  ({s.seconds:.0f} s)"
        )
    low = [s.module for s in scores if s.percent < TARGET]
    if low:
        print(f"under {TARGET:.0f} %: {', '.join(low)}")
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
