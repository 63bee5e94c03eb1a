"""The page's code keeps its shape: small modules, small classes, no import cycle, no rule.

The rules live in Python and reach the page through the snapshot and ``yahtzee.terms``; a rule
number or a list of box keys in ``static/js`` would be a second copy that can drift.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from typing import Final

import pytest

from yahtzee.server.page_modules import import_graph, read_modules, without_comments
from yahtzee.terms import page_terms

MODULES: Final = read_modules()
GRAPH: Final = import_graph(MODULES)
MAX_MODULE_LINES: Final = 400
MAX_CLASS_LINES: Final = 250
MAX_FOLDER_FILES: Final = 15
CLASS: Final = re.compile(r"^(?:export )?class (\w+)")
# Numbers that are rules (the 63/35 line, box points, rounds, the most decisions, the highest
# total) and the keys of the boxes: none may appear in code, only in comments.
RULE_NUMBER: Final = re.compile(r"(?<![\w.])(13|25|30|35|39|40|63|1575)(?![\w.])")
_KEYS: Final = (
    "ones|twos|threes|fours|fives|sixes|three_of_a_kind|four_of_a_kind|full_house"
    "|small_straight|large_straight|yahtzee|chance"
)
BOX_KEY: Final = re.compile(rf"""["'`]({_KEYS})["'`]|^\s*({_KEYS})\s*:""")
# The keys of each list the terms carry (levels, modes, who starts): two of one list on a line of
# code are a copy of the list.
TERM_LISTS: Final = {
    name: frozenset(term.key for term in getattr(page_terms(), name))
    for name in ("levels", "modes", "firsts")
}
# Other values of the terms: the dice count (a constant, the positions of five dice, a comparison
# with 5, a random face), the expert mark and the bound of a 练习 seed.
TERM_VALUES: Final = {
    "the dice count": re.compile(
        r"\b[A-Z_]*(?:DICE|FACES)\s*=\s*\d|\[0, 1, 2, 3, 4\]"
        r"""|(?:[<>]=?|[!=]==?)\s*["']?5["']?(?![\w.])|\*\s*6\b"""
    ),
    "the expert mark": re.compile(r"(?<![\w.])0\.2(?!\d)"),
    "the seed bound": re.compile(r"2\s*\*\*\s*32|4294967295|0xffffffff", re.I),
}
# A collaborator that holds the controller (or a hub of its own) and reaches through it.
# The rooms' API names the room's first seat ``host`` (room.host, seat.host): reading that field
# holds no controller.
HOLDER: Final = re.compile(r"(?<!room\.)(?<!seat\.)\b(?:host|hub)\b")
CHAIN: Final = re.compile(r"(?<![\w$.])[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*){4,}")
STRING: Final = re.compile(r"""(["'`])(?:\\.|(?!\1).)*\1""")


def _code(text: str) -> list[str]:
    """The lines of a module without its comments (a URL's // inside a string is kept)."""
    return without_comments(text).splitlines()


def term_copies(text: str) -> list[str]:
    """The lines of a module's code that copy a value or a list of the terms, with what."""
    found = []
    for number, line in enumerate(_code(text), 1):
        quoted = set(re.findall(r"""["'`]([a-z]+)["'`]""", line))
        found += [f"{number}: {name}: {line.strip()}" for name, keys in TERM_LISTS.items()
                  if len(quoted & keys) >= 2]  # fmt: skip
        found += [f"{number}: {name}: {line.strip()}" for name, value in TERM_VALUES.items()
                  if value.search(line)]  # fmt: skip
    return found


def holders(text: str) -> list[str]:
    """The lines of a module's code that hold the controller or reach four members deep."""
    found = []
    for number, line in enumerate(_code(text), 1):
        bare = STRING.sub('""', line)
        if HOLDER.search(bare) or CHAIN.search(bare):
            found.append(f"{number}: {line.strip()}")
    return found


def test_the_page_has_modules() -> None:
    assert {"main.js", "lib/dom.js", "lib/terms.js", "game/controller.js"} <= set(MODULES)


def test_the_page_is_grouped_in_small_folders() -> None:
    folders = Counter(posixpath.dirname(name) for name in MODULES)
    assert folders[""] == 1, "only main.js stays at the top of static/js"
    assert max(folders.values()) <= MAX_FOLDER_FILES, folders.most_common(1)


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


def test_every_import_names_a_module_of_the_page() -> None:
    for name, imports in GRAPH.items():
        missing = {*imports.static, *imports.dynamic} - set(MODULES)
        assert not missing, f"{name} imports a missing module: {missing}"


def test_no_import_cycle() -> None:
    edges = {name: set(imports.static) | set(imports.dynamic) for name, imports in GRAPH.items()}
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


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_term_is_copied_into_the_page(name: str) -> None:
    assert term_copies(MODULES[name]) == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_holds_the_controller(name: str) -> None:
    # A collaborator gets what it uses (callbacks, an emitter, the state the controller owns),
    # so that its constructor shows all it may touch.
    assert holders(MODULES[name]) == []


def test_the_checks_find_what_they_look_for() -> None:
    assert term_copies('const LEVELS = ["beginner", "normal", "expert"];')
    assert term_copies('if (raw.mode !== "single" && raw.mode !== "vs") return null;')
    assert term_copies('["me", "computer", "random"].includes(first)')
    assert term_copies("const DICE = 5;") and term_copies("if (index < 5) return;")
    assert term_copies("const hold = [0, 1, 2, 3, 4].filter(held);")
    assert term_copies("refs: [{ y: 0.2 }]") and term_copies('text: "高手线 0.2"')
    assert term_copies("const MAX_SEED = 2 ** 32 - 1;")
    assert not term_copies('make("td", "expert"); const x = 0.25; // "beginner", "normal"')
    assert holders("constructor(host) {") and holders("this.hub.api.review(game)")
    assert holders("if (this.a.b.c.d) return;")
    assert not holders('this.a.b.c(); const key = "yahtzee.history.games.unreadable";')
