"""The page's static files, read once and served from memory, each with its gzipped body.

A first load asks for some sixty files. Reading each from disk in a worker thread and gzipping it
again on every request cost about a tenth of a second of server CPU per page load; the files
change only with a release, so they are read, tagged and compressed once per release.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from collections.abc import Mapping
from dataclasses import dataclass
from email.utils import formatdate
from functools import cache
from pathlib import Path
from typing import Final

from starlette._utils import get_route_path
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketClose

MIN_PACKED: Final = 1024
"""Smaller bodies go out as they are: gzip's header and the client's inflating cost more than the
bytes saved (files here, and the API's replies in app.py)."""


@dataclass(frozen=True, slots=True)
class Asset:
    """One file as it is served: its bytes, and gzip's when they are smaller."""

    body: bytes
    packed: bytes | None
    media_type: str
    etag: str
    last_modified: str


@dataclass(frozen=True, slots=True)
class Assets:
    """Every file under the static folder by its path there (``js/main.js``), and the release's
    version: a short hash of all of them, which changes whenever any file does."""

    version: str
    files: Mapping[str, Asset]


def _media_type(name: str) -> str:
    # As Starlette's file responses name them: a charset for text/* only (the manifest names
    # its icons' types, and a browser compares them as written).
    guessed = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


def make_asset(name: str, body: bytes, last_modified: str) -> Asset:
    """``body`` as the file ``name`` (its type goes by the name), last changed at
    ``last_modified`` (an HTTP date)."""
    packed = gzip.compress(body, compresslevel=9, mtime=0) if len(body) >= MIN_PACKED else None
    return Asset(
        body=body,
        packed=packed if packed is not None and len(packed) < len(body) else None,
        media_type=_media_type(name),
        etag=f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"',
        last_modified=last_modified,
    )


def read_assets(root: Path) -> Assets:
    """Read every file under ``root`` (in a stable order, so the version is the same on every
    machine that holds the same files)."""
    digest = hashlib.sha256()
    files: dict[str, Asset] = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            name = path.relative_to(root).as_posix()
            modified = formatdate(path.stat().st_mtime, usegmt=True)
            asset = make_asset(name, path.read_bytes(), modified)
            digest.update(name.encode())
            digest.update(asset.body)
            files[name] = asset
    return Assets(digest.hexdigest()[:12], files)


@cache
def release_assets(root: Path) -> Assets:
    """The files of the installed release, read once per process: every app built in it (a
    test session builds hundreds) serves the same ones."""
    return read_assets(root)


def _not_modified(asset: Asset, request: Headers) -> bool:
    tags = request.get("if-none-match")
    if tags is not None:
        # Either tag a client was given, the file's own or the weak one of its gzipped body.
        wanted = {tag.strip().removeprefix("W/") for tag in tags.split(",")}
        return "*" in wanted or asset.etag in wanted
    return request.get("if-modified-since") == asset.last_modified


def _accepts_gzip(request: Headers) -> bool:
    for coding in request.get("accept-encoding", "").lower().split(","):
        name, *params = (part.strip() for part in coding.split(";"))
        if name in ("gzip", "*"):
            weight = next((p.removeprefix("q=") for p in params if p.startswith("q=")), "1")
            try:
                return float(weight) > 0
            except ValueError:
                return False
    return False


def asset_reply(
    asset: Asset, request: Headers, cache_control: str
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """The status, headers and body that answer ``request`` with ``asset``: a 304 when the
    client holds it already, its gzipped bytes when the client takes them."""
    headers = [
        (b"cache-control", cache_control.encode()),
        (b"last-modified", asset.last_modified.encode()),
    ]
    if asset.packed is not None:
        headers.append((b"vary", b"Accept-Encoding"))
    if _not_modified(asset, request):
        return 304, [*headers, (b"etag", asset.etag.encode())], b""
    body = asset.body
    tag = asset.etag
    if asset.packed is not None and _accepts_gzip(request):
        # Other bytes than the file the tag names: a strong tag would promise the same bytes.
        body = asset.packed
        tag = "W/" + tag
        headers.append((b"content-encoding", b"gzip"))
    headers += [
        (b"etag", tag.encode()),
        (b"content-type", asset.media_type.encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    return 200, headers, body


class AssetApp:
    """An ASGI app that answers GET and HEAD for the files of ``assets`` (mounted under a
    prefix), with ``cache_control`` on every file it finds."""

    def __init__(self, assets: Assets, cache_control: str, *, strip_version: bool = False) -> None:
        self.assets = assets
        self.cache_control = cache_control
        self.strip_version = strip_version

    def lookup(self, path: str) -> Asset | None:
        name = path.lstrip("/")
        if self.strip_version:
            # A page of another release asks for /static/<its version>/…: this release's file
            # keeps it loading during a rolling upgrade instead of a blank page from a 404.
            head, _, rest = name.partition("/")
            if rest and len(head) == 12 and all(c in "0123456789abcdef" for c in head):
                name = rest
        return self.assets.files.get(name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await WebSocketClose()(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(status_code=405, headers={"Allow": "GET, HEAD"})
        asset = self.lookup(get_route_path(scope))
        if asset is None:
            raise HTTPException(status_code=404)
        status, headers, body = asset_reply(asset, Headers(scope=scope), self.cache_control)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        head = scope["method"] == "HEAD"
        await send({"type": "http.response.body", "body": b"" if head else body})
