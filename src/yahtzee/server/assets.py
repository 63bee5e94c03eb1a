"""The page and its static assets, served under a versioned URL so browsers may keep them."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from yahtzee.server.page_modules import first_load, read_modules
from yahtzee.terms import terms_script

STATIC_DIR = Path(str(resources.files("yahtzee.server") / "static"))

_VERSION = re.compile(r"[0-9a-f]{12}")


def asset_version(root: Path = STATIC_DIR) -> str:
    """A short hash of every static file, so asset URLs change whenever an asset does."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


class AssetFiles(StaticFiles):
    """Unversioned ``/static/…`` paths, and assets asked for under another release's version.

    During a rolling upgrade a page from one release asks replicas of the other for its
    ``/static/<version>/…`` URLs. Answering with this release's file (revalidated on every use,
    never cached for good) keeps the page loading instead of a blank page from a 404."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        head, _, rest = path.partition("/")
        if rest and _VERSION.fullmatch(head):
            path = rest
        return await super().get_response(path, scope)


class ImmutableStaticFiles(StaticFiles):
    """Assets under a versioned URL never change, so browsers may keep them for a year."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["cache-control"] = "public, max-age=31536000, immutable"
        return response


# What the service worker keeps at install besides the offline page: the offline page's own
# files (the rest of a release's files are kept as the page asks for them).
PRECACHE = ("css/main.css", "img/favicon.svg")


def service_worker(version: str, root: Path = STATIC_DIR) -> str:
    """The service worker's code with this release's version and files written in."""
    code = (root / "sw.js").read_text("utf-8")
    files = json.dumps([f"/static/{version}/{name}" for name in PRECACHE])
    code = code.replace('const VERSION = "dev";', f"const VERSION = {json.dumps(version)};", 1)
    return code.replace("const PRECACHE = [];", f"const PRECACHE = {files};", 1)


def first_modules(root: Path = STATIC_DIR) -> list[str]:
    """The page's modules that load with it, by their paths under ``js/``: ``main.js`` and what it
    imports statically, in turn, through every folder (page_modules.py reads the imports)."""
    return first_load(read_modules(root / "js"))


def module_preloads(version: str, root: Path = STATIC_DIR) -> str:
    """``<link rel="modulepreload">`` for every module of the first load, so the browser asks
    for them all at once instead of finding them one import level after another."""
    return "\n".join(
        f'<link rel="modulepreload" href="/static/{version}/js/{name}">'
        for name in first_modules(root)
    )


def mount_assets(app: FastAPI) -> None:
    """Serve the page at ``/`` and its assets under ``/static/<version>/`` and ``/static/``;
    the service worker at ``/sw.js`` (so its scope is the whole site) and the page it shows
    offline at ``/offline.html``."""
    version = asset_version()
    versioned = ImmutableStaticFiles(directory=STATIC_DIR, check_dir=False)
    app.mount(f"/static/{version}", versioned, name="assets")
    app.mount("/static", AssetFiles(directory=STATIC_DIR, check_dir=False), name="static")
    index_path = STATIC_DIR / "index.html"
    offline_path = STATIC_DIR / "offline.html"
    no_cache = {"Cache-Control": "no-cache"}
    head = f"{module_preloads(version)}\n{terms_script()}\n</head>"

    def versioned_html(path: Path) -> str:
        # The page names its assets as /static/…; pointing them at the versioned copy lets
        # browsers cache them for good while a new release is picked up on the next load.
        return path.read_text("utf-8").replace('"/static/', f'"/static/{version}/')

    # HEAD too: uptime monitors and some load balancers check the page that way.
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    @app.api_route("/r/{code}", methods=["GET", "HEAD"], include_in_schema=False)  # a room's link
    async def index() -> HTMLResponse:
        if not index_path.is_file():
            return HTMLResponse("<h1>快艇骰子</h1><p>页面文件缺失。</p>", status_code=503)
        html = versioned_html(index_path)
        html = html.replace("</head>", head, 1)
        return HTMLResponse(html, headers=no_cache)

    @app.get("/offline.html", include_in_schema=False)
    async def offline() -> HTMLResponse:
        return HTMLResponse(versioned_html(offline_path), headers=no_cache)

    # Always asked of the server (no-cache): a new release's worker is found on the next visit.
    @app.get("/sw.js", include_in_schema=False)
    async def worker() -> Response:
        return Response(service_worker(version), media_type="text/javascript", headers=no_cache)
