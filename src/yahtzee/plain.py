"""Frozen dataclass trees as JSON, as the API sends them.

A field whose default is ``None`` is optional in the contract: left out while it holds ``None``
(the response models mark it not required). Every other field is always present. orjson walks
the tree; only the dataclasses come back here, one level at a time.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

import orjson


@cache
def _fields(kind: type) -> tuple[tuple[str, bool], ...]:
    """Each field's name, and whether it is optional (left out while None)."""
    return tuple((f.name, f.default is None) for f in fields(kind))


def _members(value: Any) -> dict[str, Any]:
    if not is_dataclass(value) or isinstance(value, type):
        raise TypeError(f"not JSON data: {type(value).__name__}")
    out = {}
    for name, optional in _fields(type(value)):
        item = getattr(value, name)
        if item is not None or not optional:
            out[name] = item
    return out


def dumps(value: Any) -> bytes:
    """``value`` (dicts, lists, tuples, enums and dataclasses of them) as JSON bytes."""
    return orjson.dumps(value, default=_members, option=orjson.OPT_PASSTHROUGH_DATACLASS)


def plain(value: Any) -> Any:
    """``value`` as plain data: dataclasses as dicts, tuples as lists, enums as their values."""
    return orjson.loads(dumps(value))
