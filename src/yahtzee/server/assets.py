"""The page and its static assets, served under a versioned URL so browsers may keep them."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from starlette.responses import Response

from yahtzee.server.asset_store import (
    Asset,
    AssetApp,
    asset_reply,
    make_asset,
    read_assets,
    release_assets,
)
from yahtzee.server.page_modules import first_load, read_modules
from yahtzee.terms import terms_script

STATIC_DIR = Path(str(resources.files("yahtzee.server") / "static"))


def asset_version(root: Path = STATIC_DIR) -> str:
    """A short hash of every static file, so asset URLs change whenever an asset does."""
    return read_assets(root).version


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
    assets = release_assets(STATIC_DIR)
    version = assets.version
    # Assets under this release's versioned URL never change: browsers may keep them for a year.
    # Unversioned paths, and other releases' versions, are revalidated on every use.
    forever = AssetApp(assets, "public, max-age=31536000, immutable")
    app.mount(f"/static/{version}", forever, name="assets")
    app.mount("/static", AssetApp(assets, "no-cache", strip_version=True), name="static")
    head = f"{module_preloads(version)}\n{terms_script()}\n</head>"

    def versioned_html(name: str, extra: str = "</head>") -> Asset | None:
        # The page names its assets as /static/…; pointing them at the versioned copy lets
        # browsers cache them for good while a new release is picked up on the next load.
        file = assets.files.get(name)
        if file is None:
            return None
        html = file.body.decode("utf-8").replace('"/static/', f'"/static/{version}/')
        html = html.replace("</head>", extra, 1)
        return make_asset(name, html.encode("utf-8"), file.last_modified)

    # Built once: the page is the same for every visitor of a release.
    page = versioned_html("index.html", head)
    offline_page = versioned_html("offline.html")
    code = service_worker(version).encode("utf-8")
    worker_code = make_asset("sw.js", code, assets.files["sw.js"].last_modified)

    def reply(asset: Asset | None, request: Request) -> Response:
        if asset is None:  # an installation without its page
            return HTMLResponse("<h1>快艇骰子</h1><p>页面文件缺失。</p>", status_code=503)
        status, headers, body = asset_reply(asset, request.headers, "no-cache")
        response = Response(body, status_code=status)
        response.raw_headers = headers  # already complete, content-length included
        return response

    # HEAD too: uptime monitors and some load balancers check the page that way.
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    @app.api_route("/r/{code}", methods=["GET", "HEAD"], include_in_schema=False)  # a room's link
    async def index(request: Request) -> Response:
        return reply(page, request)

    @app.get("/offline.html", include_in_schema=False)
    async def offline(request: Request) -> Response:
        return reply(offline_page, request)

    # Always asked of the server (no-cache): a new release's worker is found on the next visit.
    @app.get("/sw.js", include_in_schema=False)
    async def worker(request: Request) -> Response:
        return reply(worker_code, request)
