"""Requests for every operation of an OpenAPI document, and faults to put in them (negative mode).
Not a test module itself: ``tests/test_fuzz_negative.py`` sends what this draws.

Everything is read from the document: the operations, each request body's schema, the names of
every field a request may carry (so one operation is sent another's fields), which keys are
required and which JSON types each place takes. A new operation is covered without a line here.
``Document.values`` draws bodies that conform to a schema; a fault then breaks one place of such
a body, and ``Document.conforms`` says whether the result still fits (the server must refuse
what does not).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from hypothesis import strategies as st

Schema = Mapping[str, Any]
Path = tuple[str | int, ...]
Strategy = st.SearchStrategy[Any]

_ANY: Schema = {}
"""The schema of a place that takes anything (one object, so it can be a key of a cache)."""
JSON_TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")

FaultKind = Literal[
    "wrong_type",  # a value of a JSON type its place does not take
    "unknown_key",  # a key its object does not declare (often another operation's field)
    "missing_key",  # a required key left out
    "oversized",  # a number, string, list or nesting far past any bound
    "junk",  # any value at all in one place, or the key deleted (may still fit)
    "not_json",  # a body that is not JSON
    "content_type",  # a fitting body sent under a type other than JSON
]
BODY_FAULTS: tuple[FaultKind, ...] = (
    "wrong_type",
    "unknown_key",
    "missing_key",
    "oversized",
    "junk",
    "not_json",
    "content_type",
)

# Raw JSON far past any bound the API sets (put into a body as text: json.dumps could not write
# the deep one), each with what a message about it names when the place is not named.
OVERSIZED: tuple[tuple[str, str], ...] = (
    ("1" + "0" * 30, ""),
    ("-" + "9" * 40, ""),
    ("1" * 5000, "digits"),
    ("1e999", ""),
    ('"' + "x" * 20_000 + '"', ""),
    ("[" + ",".join(["1"] * 5000) + "]", ""),
    ("[" * 20_000 + "]" * 20_000, "nested too deeply"),
)
_HOLE = "\u0000oversized\u0000"

NOT_JSON: tuple[bytes, ...] = (
    b"",
    b"{",
    b"{not json",
    b"}{",
    b"<game/>",
    b"'single'",
    b'{"a": 1} trailing',
    b'{"a": "\xff"}',
    b"\x00",
)
NOT_JSON_TYPES: tuple[str | None, ...] = (
    None,
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "application/octet-stream",
)

_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
_OF_TYPE: dict[str, Strategy] = {
    "null": st.none(),
    "boolean": st.booleans(),
    "integer": st.integers(),
    # Never a whole number: 2.0 fits "integer" in JSON Schema, though the API takes ints strictly.
    "number": st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: not x.is_integer()),
    "string": st.text(max_size=8),
    "array": st.lists(st.integers(), max_size=3),
    "object": st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
}


def json_type(value: Any) -> str:
    """The JSON type of a Python value as ``json`` reads it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


@dataclass(frozen=True)
class Operation:
    """One operation of the document: its method, path, request body schema (None: no body)
    and the statuses it documents."""

    method: str
    path: str
    body: Schema | None
    statuses: frozenset[int]

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.path}"


@dataclass(frozen=True)
class Fault:
    """What was broken in a request: its kind, the place (keys and indices from the body's
    root) and, for a key added or taken away, the key."""

    kind: FaultKind
    path: Path = ()
    key: str | None = None
    names: str = ""
    """What a message about it names when it cannot name the place (oversized bodies)."""


@dataclass(frozen=True)
class Request:
    """A request to send: the body's bytes, its headers, and the fault put into it."""

    content: bytes
    headers: dict[str, str]
    fault: Fault
    conforms: bool
    """Whether the body, read as JSON, still fits the operation's schema."""
    query: dict[str, str] = field(default_factory=dict)


class Document:
    """An OpenAPI document, read for what requests to send."""

    def __init__(self, document: Schema, overrides: Mapping[str, Strategy] | None = None) -> None:
        """``overrides``: strategies for named component schemas whose valid values a schema
        cannot express (a saved game's logs must replay); used as bases to put faults into."""
        self.document = document
        self.schemas: Schema = document["components"]["schemas"]
        self.overrides = dict(overrides or {})
        self._values_of: dict[int, Strategy] = {}  # built once per schema: hypothesis checks
        self._faulty_of: dict[str, Strategy] = {}  # each strategy's graph on its first use

    def operations(self) -> list[Operation]:
        found = []
        for path, methods in self.document["paths"].items():
            for method, operation in methods.items():
                content = operation.get("requestBody", {}).get("content", {})
                body = content.get("application/json", {}).get("schema")
                statuses = frozenset(int(s) for s in operation["responses"] if s.isdigit())
                found.append(Operation(method, path, body, statuses))
        return found

    def resolve(self, schema: Schema) -> Schema:
        while "$ref" in schema:
            schema = self.schemas[schema["$ref"].rsplit("/", 1)[-1]]
        return schema

    # What requests carry ------------------------------------------------------------------

    def request_schemas(self) -> Iterator[Schema]:
        """Every schema reachable from a request body (each named one once)."""
        seen: set[str] = set()
        todo: list[Schema] = [op.body for op in self.operations() if op.body is not None]
        while todo:
            schema = todo.pop()
            if "$ref" in schema:
                name = schema["$ref"].rsplit("/", 1)[-1]
                if name in seen:
                    continue
                seen.add(name)
                schema = self.schemas[name]
            yield schema
            for key in ("anyOf", "oneOf", "allOf"):
                todo += schema.get(key, [])
            todo += schema.get("properties", {}).values()
            for key in ("items", "additionalProperties"):
                if isinstance(schema.get(key), Mapping):
                    todo.append(schema[key])

    def field_names(self) -> list[str]:
        """The name of every field any request may carry."""
        names = {name for s in self.request_schemas() for name in s.get("properties", {})}
        return sorted(names)

    def top_level_names(self) -> list[str]:
        """The names of the fields at the root of every operation's body."""
        names: set[str] = set()
        for op in self.operations():
            if op.body is not None:
                for branch in self._branches(self.resolve(op.body)):
                    names |= set(branch.get("properties", {}))
        return sorted(names)

    def _branches(self, schema: Schema) -> list[Schema]:
        options = schema.get("oneOf") or schema.get("anyOf") or schema.get("allOf")
        if not options:
            return [schema]
        return [b for option in options for b in self._branches(self.resolve(option))]

    # Valid values -------------------------------------------------------------------------

    def values(self, schema: Schema) -> Strategy:
        """Values that fit ``schema`` (small ones: bounds near their low end, short lists)."""
        if id(schema) not in self._values_of:
            self._values_of[id(schema)] = self._values_or_override(schema)
        return self._values_of[id(schema)]

    def _values_or_override(self, schema: Schema) -> Strategy:
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            if name in self.overrides:
                return st.one_of(self.overrides[name], st.deferred(lambda: self._values(schema)))
        return st.deferred(lambda: self._values(self.resolve(schema)))

    def _values(self, schema: Schema) -> Strategy:
        schema = self.resolve(schema)
        if "const" in schema:
            return st.just(schema["const"])
        if "enum" in schema:
            return st.sampled_from(schema["enum"])
        options = schema.get("oneOf") or schema.get("anyOf") or schema.get("allOf")
        if options:
            return st.one_of([self.values(option) for option in options])
        kind = schema.get("type")
        if kind == "null":
            return st.none()
        if kind == "boolean":
            return st.booleans()
        if kind == "integer":
            low = math.ceil(schema.get("minimum", 0))
            high = math.floor(schema.get("maximum", low + 10))
            return st.integers(low, min(high, low + 10))
        if kind == "number":
            return st.floats(schema.get("minimum", 0), schema.get("maximum", 100))
        if kind == "string":
            if "pattern" in schema:
                return st.from_regex(schema["pattern"], fullmatch=True)
            return st.text(min_size=schema.get("minLength", 0), max_size=schema.get("maxLength", 8))
        if kind == "array":
            low = schema.get("minItems", 0)
            high = min(schema.get("maxItems", low + 3), low + 3)
            return st.lists(self.values(schema.get("items", _ANY)), min_size=low, max_size=high)
        if kind == "object":
            return self._objects(schema)
        return _JUNK  # a schema that takes anything

    def _objects(self, schema: Schema) -> Strategy:
        properties = schema.get("properties", {})
        required = set(schema.get("required", ()))
        extra = schema.get("additionalProperties")
        fixed = st.fixed_dictionaries(
            {k: self.values(v) for k, v in properties.items() if k in required},
            optional={k: self.values(v) for k, v in properties.items() if k not in required},
        )
        if not isinstance(extra, Mapping):
            return fixed
        room = schema.get("maxProperties", 3) - len(properties)
        more = st.dictionaries(st.text(max_size=8), self.values(extra), max_size=min(room, 3))
        return st.tuples(fixed, more).map(lambda pair: {**pair[1], **pair[0]})

    # Checking a value ---------------------------------------------------------------------

    def conforms(self, value: Any, schema: Schema) -> bool:
        """Whether ``value`` fits ``schema`` (the subset of JSON Schema pydantic writes; an
        integer is an int, never 2.0, as the API takes it)."""
        schema = self.resolve(schema)
        if "const" in schema and not _same(value, schema["const"]):
            return False
        if "enum" in schema and not any(_same(value, v) for v in schema["enum"]):
            return False
        if "allOf" in schema and not all(self.conforms(value, s) for s in schema["allOf"]):
            return False
        for key in ("anyOf", "oneOf"):
            if key in schema and not any(self.conforms(value, s) for s in schema[key]):
                return False
        kind = schema.get("type")
        found = json_type(value)
        if kind is not None and found != kind and not (kind == "number" and found == "integer"):
            return False
        return self._within(value, schema)

    def _within(self, value: Any, schema: Schema) -> bool:
        if isinstance(value, int | float) and not isinstance(value, bool):
            if not math.isfinite(value):
                return False
            if value < schema.get("minimum", -math.inf) or value > schema.get("maximum", math.inf):
                return False
        if isinstance(value, str):
            if not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", math.inf):
                return False
            if "pattern" in schema and not re.search(schema["pattern"], value):
                return False
        if isinstance(value, list):
            if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", math.inf):
                return False
            items = schema.get("items", _ANY)
            return all(self.conforms(item, items) for item in value)
        if isinstance(value, dict):
            return self._object_fits(value, schema)
        return True

    def _object_fits(self, value: dict[str, Any], schema: Schema) -> bool:
        properties = schema.get("properties", {})
        if not set(schema.get("required", ())) <= set(value):
            return False
        if len(value) > schema.get("maxProperties", math.inf):
            return False
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                if not self.conforms(item, properties[key]):
                    return False
            elif extra is False or (isinstance(extra, Mapping) and not self.conforms(item, extra)):
                return False
        return True

    # Where a place of a value is described ------------------------------------------------

    def places(self, schema: Schema, value: Any, path: Path = ()) -> Iterator[tuple[Path, Schema]]:
        """Every place of ``value`` (a value that fits ``schema``), the root first, each with
        the schema that describes it (a union left whole); places the schema says nothing of
        are left out."""
        yield path, schema
        branch = self.branch_for(schema, value)
        if isinstance(value, list):
            for i, item in enumerate(value):
                yield from self.places(branch.get("items", _ANY), item, (*path, i))
        elif isinstance(value, dict):
            properties = branch.get("properties", {})
            extra = branch.get("additionalProperties")
            for key, item in value.items():
                if key in properties:
                    yield from self.places(properties[key], item, (*path, key))
                elif isinstance(extra, Mapping):
                    yield from self.places(extra, item, (*path, key))

    def branch_for(self, schema: Schema, value: Any) -> Schema:
        """The branch of a union that ``value`` fits (the schema itself when not a union)."""
        schema = self.resolve(schema)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                fitting = [s for s in schema[key] if self.conforms(value, s)]
                return self.branch_for(fitting[0] if fitting else schema[key][0], value)
        return schema

    def types(self, schema: Schema) -> frozenset[str]:
        """The JSON types a place described by ``schema`` takes (all of them when it says
        nothing); "integer" is among them whenever "number" is."""
        schema = self.resolve(schema)
        found: set[str] = set()
        if "const" in schema:
            found.add(json_type(schema["const"]))
        elif "enum" in schema:
            found |= {json_type(v) for v in schema["enum"]}
        elif any(key in schema for key in ("oneOf", "anyOf", "allOf")):
            for key in ("oneOf", "anyOf", "allOf"):
                for option in schema.get(key, ()):
                    found |= self.types(option)
        elif "type" in schema:
            found.add(schema["type"])
        else:
            found = set(JSON_TYPES)
        if "number" in found:
            found.add("integer")
        return frozenset(found)

    # Faults -------------------------------------------------------------------------------

    def faulty(self, operation: Operation) -> Strategy:
        """Requests to ``operation`` with one fault each."""
        if str(operation) not in self._faulty_of:
            self._faulty_of[str(operation)] = self._faulty(operation)
        return self._faulty_of[str(operation)]

    def _faulty(self, operation: Operation) -> Strategy:
        if operation.body is None:
            return self._bodiless(operation)
        body = operation.body
        names = self.field_names()
        top = self.top_level_names()

        @st.composite
        def draw_request(draw: Callable[[Strategy], Any]) -> Request:
            base = draw(self.values(body))
            kind: FaultKind = draw(st.sampled_from(BODY_FAULTS))
            if kind == "not_json":
                content = draw(st.sampled_from(NOT_JSON) | st.binary(max_size=20).filter(_not_json))
                return Request(content, _JSON, Fault(kind), conforms=False)
            if kind == "content_type":
                kind_header = draw(st.sampled_from(NOT_JSON_TYPES))
                headers = {} if kind_header is None else {"content-type": kind_header}
                return Request(_encode(base), headers, Fault(kind), conforms=True)
            faulted, fault = draw(self._fault(kind, body, base, names, top))
            raw = _encode(faulted)
            if fault.kind == "oversized":
                fragment = draw(st.sampled_from(OVERSIZED))
                raw = raw.replace(json.dumps(_HOLE).encode(), fragment[0].encode())
                fault = Fault("oversized", fault.path, names=fragment[1])
                try:
                    fits = self.conforms(json.loads(raw), body)
                except (ValueError, RecursionError):
                    fits = False  # too many digits, too deep: the server cannot read it either
            else:
                fits = self.conforms(faulted, body)
            return Request(raw, _JSON, fault, conforms=fits)

        return draw_request()

    def _fault(
        self,
        kind: FaultKind,
        body: Schema,
        base: Any,
        names: list[str],
        top: list[str],
    ) -> Strategy:
        """(the faulted body, the fault) for a fault of ``kind`` in ``base``; a wrong type at
        the root when ``base`` has no place for this kind."""
        described = dict(self.places(body, base))
        paths = list(described)
        objects = {
            p: self.branch_for(described[p], _at(base, p))
            for p in paths
            if isinstance(_at(base, p), dict)
        }
        typed = [
            (p, wrong)
            for p, schema in described.items()
            if (wrong := sorted(set(JSON_TYPES) - self.types(schema)))
        ]

        @st.composite
        def draw_fault(draw: Callable[[Strategy], Any]) -> tuple[Any, Fault]:
            if kind == "unknown_key" and objects:
                where = draw(st.sampled_from(sorted(objects, key=len)))
                declared = set(objects[where].get("properties", {}))
                taken = declared | set(_at(base, where))
                key = draw(
                    st.sampled_from(top) | st.sampled_from(names) | st.text(min_size=1, max_size=12)
                )
                if key not in taken:
                    value = draw(_JUNK)
                    return _put(base, (*where, key), value), Fault(kind, where, key)
            if kind == "missing_key":
                places = [
                    (p, key)
                    for p, schema in objects.items()
                    for key in schema.get("required", ())
                    if key in _at(base, p)
                ]
                if places:
                    where, key = draw(st.sampled_from(places))
                    return _delete(base, (*where, key)), Fault(kind, where, key)
            if kind == "oversized" and len(paths) > 1:
                where = draw(st.sampled_from(paths[1:]))
                return _put(base, where, _HOLE), Fault(kind, where)
            if kind == "junk" and len(paths) > 1:
                where = draw(st.sampled_from(paths[1:]))
                if draw(st.booleans()):
                    # A key taken away, or a list one item shorter (its length is the fault).
                    if isinstance(where[-1], str):
                        return _delete(base, where), Fault(kind, where[:-1], where[-1])
                    return _delete(base, where), Fault(kind, where[:-1])
                return _put(base, where, draw(_JUNK)), Fault(kind, where)
            where, wrong = draw(st.sampled_from(typed))
            value = draw(_OF_TYPE[draw(st.sampled_from(wrong))])
            return _put(base, where, value), Fault("wrong_type", where)

        return draw_fault()

    def _bodiless(self, operation: Operation) -> Strategy:
        """Requests to an operation that takes no body: a body anyway, or unknown parameters."""
        names = st.sampled_from(self.field_names())
        query = st.dictionaries(names, st.text(max_size=8), max_size=3)
        content = st.sampled_from(NOT_JSON) | _JUNK.map(_encode)
        return st.builds(
            lambda body, q: Request(body, _JSON, Fault("junk"), conforms=True, query=q),
            content,
            query,
        )


_JSON = {"content-type": "application/json"}


def _not_json(content: bytes) -> bool:
    # json.loads also reads UTF-16 and UTF-32, as the server does: such a body is JSON.
    try:
        json.loads(content)
    except ValueError:
        return True
    return False


def _same(value: Any, expected: Any) -> bool:
    return json_type(value) == json_type(expected) and value == expected


def _encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def _at(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _put(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    copied = _copy(value)
    _at(copied, path[:-1])[path[-1]] = new
    return copied


def _delete(value: Any, path: Path) -> Any:
    copied = _copy(value)
    del _at(copied, path[:-1])[path[-1]]
    return copied
