"""Frozen dataclass trees as JSON, as the API sends them.

A field whose default is ``None`` is optional in the contract: left out while it holds ``None``
(the response models mark it not required). Every other field is always present. orjson walks
the tree; only the dataclasses come back here, one level at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from operator import attrgetter
from typing import Any

import orjson

Members = Callable[[Any], dict[str, Any]]

_MEMBERS: dict[type, Members] = {}
"""Each dataclass's ``Members``, made on first use: a reply has dozens of dataclasses in it (a
room's has about 35), so each is read with one ``attrgetter`` call, not field by field."""


def _members_of(kind: type) -> Members:
    """The function giving a ``kind``'s fields as a dict, in field order, without the optional
    fields (default ``None``) that hold ``None``."""
    names = tuple(f.name for f in fields(kind))
    optional = tuple(f.name for f in fields(kind) if f.default is None)
    # attrgetter of several names gives a tuple; of one, the value itself; of none, it fails.
    values: Callable[[Any], tuple[Any, ...]] = (
        attrgetter(*names) if len(names) > 1 else lambda v: tuple(getattr(v, n) for n in names)
    )

    def members(value: Any) -> dict[str, Any]:
        out = dict(zip(names, values(value), strict=True))
        for name in optional:
            if out[name] is None:
                del out[name]
        return out

    return members


def _members(value: Any) -> dict[str, Any]:
    members = _MEMBERS.get(type(value))
    if members is None:
        if not is_dataclass(value) or isinstance(value, type):
            raise TypeError(f"not JSON data: {type(value).__name__}")
        members = _MEMBERS[type(value)] = _members_of(type(value))
    return members(value)


def dumps(value: Any) -> bytes:
    """``value`` (dicts, lists, tuples, enums and dataclasses of them) as JSON bytes."""
    return orjson.dumps(value, default=_members, option=orjson.OPT_PASSTHROUGH_DATACLASS)


def plain(value: Any) -> Any:
    """``value`` as plain data: dataclasses as dicts, tuples as lists, enums as their values."""
    return orjson.loads(dumps(value))
