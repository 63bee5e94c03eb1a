"""``yahtzee serve``: build or load the solver table, then start the web game with uvicorn."""

from __future__ import annotations

import argparse
import contextlib
import copy
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yahtzee.commands._numbers import whole_number
from yahtzee.commands._signals import sigterm_exits

if TYPE_CHECKING:
    from yahtzee.solver import Table

HELP = "start the web game (builds the solver table first if it is not cached)"

HTTP_PROTOCOL = "yahtzee.server.protocol:BoundedHttpToolsProtocol"
"""uvicorn's httptools parser with the request head bounded (a huge header is refused at once):
named, so this module need not import uvicorn, and each worker imports it itself."""

KEEP_ALIVE_SECONDS = 75
"""How long an idle connection is kept open (uvicorn's default is 5 s). A phone in a room sends
a move every few seconds to a minute: closed after 5 s, most moves opened a connection again,
and a move sent just as the server closed its idle connection failed. 75 s, as nginx, also
outlasts the idle timeout of the usual proxies in front (60 s), so they never reuse a connection
this server is closing."""

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
"""uvicorn's log levels, checked here so a typo fails before the server says it is starting."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument(
        "--port", type=whole_number(1, 65535), default=8000, help="port to listen on"
    )
    parser.add_argument("--workers", type=whole_number(1), default=1, help="worker processes")
    parser.add_argument(
        "--log-level", default="warning", choices=LOG_LEVELS, help="uvicorn log level"
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from yahtzee.solver import load_table

    problem = _cannot_listen(args.host, args.port)
    if problem is not None:
        # Said before tables are loaded or a builder started, and not after "starting at".
        print(
            f"yahtzee serve: error: cannot listen on {args.host}:{args.port}: {problem}",
            file=sys.stderr,
        )
        return 1
    with sigterm_exits(), _writable_cache(), _one_dice_key():
        # Built here, before any worker starts, so workers only memory-map the finished file.
        table = load_table()
        builder = _build_win_tables_in_background(table)
        host = f"[{args.host}]" if ":" in args.host else args.host
        # Workers still warm their compiled kernels; /healthz turns 200 when they are done.
        print(f"快艇骰子 starting at http://{host}:{args.port}/ (open it in a browser)", flush=True)
        try:
            uvicorn.run("yahtzee.server.app:create_app", factory=True, **server_options(args))
        finally:
            if builder is not None and builder.poll() is None:
                builder.terminate()
                builder.wait()
    return 0


def _cannot_listen(host: str, port: int) -> str | None:
    """Why nothing can listen on ``host``:``port`` now (the OS's reason), or None when it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.create_server((host, port), family=family):
            pass
    except OSError as error:
        # create_server adds the address it tried, which the caller's message already names.
        return os.strerror(error.errno) if error.errno else str(error)
    return None


def server_options(args: argparse.Namespace) -> dict[str, Any]:
    """uvicorn's settings for ``args``."""
    return {
        "host": args.host,
        "port": args.port,
        "workers": args.workers,
        "log_level": args.log_level,
        # Each answer's access line is made before the logger drops it below "info".
        "access_log": LOG_LEVELS.index(args.log_level) >= LOG_LEVELS.index("info"),
        "log_config": _log_config(args.log_level),
        "timeout_graceful_shutdown": 10,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "http": HTTP_PROTOCOL,
    }


def _log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging, with the game's own loggers (a server error, tables that cannot be
    used) on the same handler and level, instead of Python's bare last-resort output."""
    from uvicorn.config import LOG_LEVELS as NUMBERS
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["yahtzee"] = {
        "handlers": ["default"],
        "level": NUMBERS[level],
        "propagate": False,
    }
    return config


@contextlib.contextmanager
def _writable_cache() -> Iterator[None]:
    """Run with a cache folder that has the tables or can be given them: the usual one, or else
    a temporary folder for this run only (through the environment, which the workers and the
    胜率 builder inherit), removed when the server stops.

    Without a file to share, each worker would build the solver table again in its own memory,
    and 人机对战 would have no 胜率 tables at all.
    """
    from yahtzee.solver.store import CACHE_ENV, cache_dir, table_path
    from yahtzee.winprob.tables import tables_path

    folder = cache_dir()
    problem = _cannot_write(folder)
    # A read-only folder that holds both files (a container image's) is used as it is.
    if problem is None or (table_path().is_file() and tables_path().is_file()):
        yield
        return
    try:
        temporary = tempfile.mkdtemp(prefix="yahtzee-cache-")
    except OSError:
        yield  # nowhere to write: the tables stay in memory, as the solver's store says
        return
    print(
        f"cannot write to the cache folder {folder}: {problem}; the tables go to {temporary} "
        f"for this run and are deleted when it stops (set {CACHE_ENV} to a writable folder "
        "to keep them)",
        file=sys.stderr,
        flush=True,
    )
    before = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = temporary
    try:
        yield
    finally:
        if before is None:
            del os.environ[CACHE_ENV]
        else:
            os.environ[CACHE_ENV] = before
        shutil.rmtree(temporary, ignore_errors=True)


@contextlib.contextmanager
def _one_dice_key() -> Iterator[None]:
    """Run with one dice key for every worker: made (or read) here, before they start. A key
    that cannot be kept in the cache folder goes to the workers through the environment, so
    they still agree with each other (games in progress lose their records at the next start).

    Raises DiceKeyError when ``$YAHTZEE_DICE_KEY`` is unusable.
    """
    from yahtzee.dice_key import KEY_ENV, dice_key

    key = dice_key()
    if key.source != "memory":
        yield
        return
    os.environ[KEY_ENV] = key.text
    try:
        yield
    finally:
        del os.environ[KEY_ENV]


def _build_win_tables_in_background(table: Table) -> subprocess.Popen[bytes] | None:
    """Start ``yahtzee solve --win`` when the 胜率 tables are not cached yet.

    They take a while to build on a new machine and only 人机对战 needs them, so the game opens
    at once; workers pick the file up when it appears.
    """
    from yahtzee.winprob.tables import file_size, find_win_tables, tables_path

    if find_win_tables(table) is not None:
        return None
    folder = tables_path().parent
    problem = _cannot_write(folder)
    if problem is None:
        # An empty file fits on a full disk; the tables would not, after a minute of building.
        free, need = shutil.disk_usage(folder).free, file_size()
        if free < need:
            problem = f"{free / 1e6:.0f} MB free, the tables need {need / 1e6:.0f} MB"
    if problem is not None:
        # A minute of both cores for tables that could not be kept: the game runs without them.
        print(
            f"not building the 胜率 tables of 人机对战: cannot write to {folder}: {problem}; "
            "人机对战 runs without its 胜率 bar",
            file=sys.stderr,
            flush=True,
        )
        return None
    print("building the 胜率 tables of 人机对战 in the background (about a minute)…", flush=True)
    command = [sys.executable, "-m", "yahtzee", "solve", "--win"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL)


def _cannot_write(folder: Path) -> str | None:
    """Why no file can be created in ``folder`` now (the OS's reason), or None when one can."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return None
