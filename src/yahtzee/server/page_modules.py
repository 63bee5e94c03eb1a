"""The page's ES modules and the imports between them, read from ``static/js``.

One reader for everything that lists the page's modules: the ``modulepreload`` links of the page
(``assets.py``) and the checks of the page's code (``tests/test_page_code.py``). Modules live in
feature folders (``game/``, ``review/``, ``lib/`` …); an import names another module by a path
relative to its own folder (``./x.js``, ``../lib/x.js``), as browsers resolve it.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

JS_DIR: Final = Path(__file__).resolve().parent / "static" / "js"
ENTRY: Final = "main.js"

# A static import or re-export: `import … from "…"`, `export … from "…"` or `import "…"`, at the
# start of a line (a statement may run over several lines before its `from`).
_STATIC: Final = re.compile(
    r"""^[ \t]*(?:import|export)\b(?:[^;"'`(]*?\bfrom)?\s*(["'])(?P<spec>[^"'\n]+)\1""", re.M
)
# A dynamic import: `import("…")`, loaded on first use, not with the page.
_DYNAMIC: Final = re.compile(r"""\bimport\(\s*(["'])(?P<spec>[^"'\n]+)\1\s*\)""")
# A comment: /* … */ across lines, or // to the end of a line (not the // of a URL's "http://").
_BLOCK_COMMENT: Final = re.compile(r"/\*.*?\*/", re.S)
_LINE_COMMENT: Final = re.compile(r"(^|[^:\\])//.*$", re.M)


class ModuleError(ValueError):
    """An import the page's modules cannot have: not a relative path, or one leading out of
    ``static/js``."""


def without_comments(text: str) -> str:
    """The module's text with its comments blanked out, line numbers kept."""
    text = _BLOCK_COMMENT.sub(lambda m: "\n" * m.group().count("\n"), text)
    return _LINE_COMMENT.sub(r"\1", text)


def resolve(module: str, spec: str) -> str:
    """The path (from ``static/js``) of the module that ``module`` names as ``spec``.

    Raises ModuleError for a bare name (``"lodash"``), an absolute URL or a path leaving the
    folder: the page loads only its own files, each by a relative path."""
    if not spec.startswith(("./", "../")):
        raise ModuleError(f"{module}: import {spec!r} is not a relative path (./ or ../)")
    path = posixpath.normpath(posixpath.join(posixpath.dirname(module), spec))
    if path.startswith("../") or path == "..":
        raise ModuleError(f"{module}: import {spec!r} leads out of static/js")
    return path


@dataclass(frozen=True, slots=True)
class Imports:
    """What one module imports: with it (``static``) and on first use (``dynamic``), as paths
    from ``static/js``."""

    static: tuple[str, ...]
    dynamic: tuple[str, ...]


def imports_of(module: str, text: str) -> Imports:
    """The imports of ``module`` (its path from ``static/js``), whose source is ``text``."""
    code = without_comments(text)
    return Imports(
        static=tuple(resolve(module, m["spec"]) for m in _STATIC.finditer(code)),
        dynamic=tuple(resolve(module, m["spec"]) for m in _DYNAMIC.finditer(code)),
    )


def read_modules(root: Path = JS_DIR) -> dict[str, str]:
    """Every module under ``root``, by its path from there (``game/controller.js``), sorted."""
    return {
        path.relative_to(root).as_posix(): path.read_text("utf-8")
        for path in sorted(root.rglob("*.js"))
    }


def import_graph(modules: Mapping[str, str]) -> dict[str, Imports]:
    """Each module's imports."""
    return {name: imports_of(name, text) for name, text in modules.items()}


def first_load(modules: Mapping[str, str], entry: str = ENTRY) -> list[str]:
    """The modules that load with the page: ``entry`` and what it imports statically, in turn,
    breadth first (a dynamic ``import()`` loads later, on first use). A module named but
    missing is left out: the browser would fail on it, and the tests check that none is."""
    found: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name in found or name not in modules:
            continue
        found.append(name)
        todo.extend(imports_of(name, modules[name]).static)
    return found
