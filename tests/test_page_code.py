"""The page's code keeps its shape: small modules, small classes, no import cycle, no rule.

The rules live in Python and reach the page through the snapshot and ``yahtzee.terms``; a rule
number or a list of box keys in ``static/js`` would be a second copy that can drift.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

JS: Final = Path(__file__).resolve().parents[1] / "src" / "yahtzee" / "server" / "static" / "js"
MODULES: Final = {path.name: path.read_text("utf-8") for path in sorted(JS.glob("*.js"))}
MAX_MODULE_LINES: Final = 400
MAX_CLASS_LINES: Final = 250
IMPORT: Final = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']\./([\w.-]+\.js)["']""")
CLASS: Final = re.compile(r"^(?:export )?class (\w+)")
# Numbers that are rules (the 63/35 line, box points, rounds, the most decisions, the highest
# total) and the keys of the boxes: none may appear in code, only in comments.
RULE_NUMBER: Final = re.compile(r"(?<![\w.])(13|25|30|35|39|40|63|1575)(?![\w.])")
_KEYS: Final = (
    "ones|twos|threes|fours|fives|sixes|three_of_a_kind|four_of_a_kind|full_house"
    "|small_straight|large_straight|yahtzee|chance"
)
BOX_KEY: Final = re.compile(rf"""["'`]({_KEYS})["'`]|^\s*({_KEYS})\s*:""")


def _code(text: str) -> list[str]:
    """The lines of a module without its comments (a URL's // inside a string is kept)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    return [re.sub(r"(^|[^:])//.*$", r"\1", line) for line in text.splitlines()]


def test_the_page_has_modules() -> None:
    assert {"main.js", "dom.js", "terms.js"} <= set(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_long(name: str) -> None:
    assert len(MODULES[name].splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_class_is_long(name: str) -> None:
    lines = MODULES[name].splitlines()
    for start, line in enumerate(lines):
        if found := CLASS.match(line):
            end = lines.index("}", start)
            assert end - start + 1 <= MAX_CLASS_LINES, f"{name}: class {found.group(1)}"


def test_no_import_cycle() -> None:
    edges = {name: set(IMPORT.findall(text)) for name, text in MODULES.items()}
    for name, deps in edges.items():
        assert deps <= set(MODULES), f"{name} imports a missing module: {deps - set(MODULES)}"
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' → '.join((*path, name))}"
        if name in done:
            return
        for dep in sorted(edges[name]):
            visit(dep, (*path, name))
        done.add(name)

    for name in sorted(edges):
        visit(name, ())


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_rule_in_the_page(name: str) -> None:
    for number, line in enumerate(_code(MODULES[name]), 1):
        assert not RULE_NUMBER.search(line), f"{name}:{number}: {line.strip()}"
        assert not BOX_KEY.search(line), f"{name}:{number}: {line.strip()}"
