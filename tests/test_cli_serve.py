"""``yahtzee serve`` up to the point where uvicorn would start: its checks and its builder."""

from __future__ import annotations

import contextlib
import http.client
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from yahtzee import solver
from yahtzee.cli import build_parser, main
from yahtzee.commands import serve
from yahtzee.server.app import create_app
from yahtzee.server.protocol import MAX_HEAD_BYTES, MAX_HEAD_PIECES
from yahtzee.solver import Table, store
from yahtzee.winprob import tables


def test_an_unknown_log_level_is_refused_before_starting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--log-level", "loud"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert line.startswith("yahtzee serve: error: argument --log-level: invalid choice: 'loud'")


@pytest.mark.parametrize(
    ("level", "logged"), [("warning", False), ("error", False), ("info", True), ("debug", True)]
)
def test_each_request_is_logged_from_the_info_level(level: str, logged: bool) -> None:
    options = serve.server_options(build_parser().parse_args(["serve", "--log-level", level]))
    assert options["access_log"] is logged


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "0"], "argument --port: must be at least 1, got 0"),
        (["--port", "65536"], "argument --port: must be at most 65,535, got 65,536"),
        (["--port", "http"], "argument --port: expected a whole number, got 'http'"),
        (["--workers", "0"], "argument --workers: must be at least 1, got 0"),
    ],
)
def test_a_bad_port_or_worker_count_is_refused_before_starting(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", *args])
    assert exit_info.value.code == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line == f"yahtzee serve: error: {message}"


def test_no_background_build_into_a_cache_it_cannot_write(
    blocked_cache: Path,
    solver_table: Table,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(tables, "find_win_tables", lambda table: None)

    def popen(*args: object, **kwargs: object) -> None:
        raise AssertionError("started a builder that cannot save its work")

    monkeypatch.setattr(subprocess, "Popen", popen)
    assert serve._build_win_tables_in_background(solver_table) is None
    captured = capsys.readouterr()
    assert captured.out == ""  # a problem, said on stderr
    [line] = captured.err.splitlines()
    assert line.startswith(
        f"not building the 胜率 tables of 人机对战: cannot write to {blocked_cache.parent}"
    )
    assert line.endswith("人机对战 runs without its 胜率 bar")


def test_no_background_build_onto_a_disk_too_full_for_the_tables(
    tmp_path: Path,
    solver_table: Table,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # An empty file could still be created there: the builder ran a minute, then could not save.
    monkeypatch.setenv(store.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(tables, "find_win_tables", lambda table: None)
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage._replace(free=5_000_000))

    def popen(*args: object, **kwargs: object) -> None:
        raise AssertionError("started a builder that cannot save its work")

    monkeypatch.setattr(subprocess, "Popen", popen)
    assert serve._build_win_tables_in_background(solver_table) is None
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("not building the 胜率 tables of 人机对战: cannot write to ")
    assert f"{tmp_path}: 5 MB free, the tables need 162 MB" in line


def test_a_cache_it_cannot_write_is_replaced_for_the_run(
    blocked_cache: Path,
    solver_table: Table,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Workers and the 胜率 builder read the cache folder from the environment they inherit.
    tmp_path = blocked_cache.parent
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    seen: list[Path] = []

    def load_table() -> Table:
        seen.append(Path(os.environ[store.CACHE_ENV]))
        return solver_table

    def run(*args: object, **kwargs: object) -> None:
        seen.append(Path(os.environ[store.CACHE_ENV]))

    monkeypatch.setattr(solver, "load_table", load_table)
    monkeypatch.setattr(serve, "_build_win_tables_in_background", lambda table: None)
    monkeypatch.setattr(uvicorn, "run", run)
    assert main(["serve"]) == 0
    [folder, folder_in_run] = seen
    assert folder == folder_in_run and folder.parent == tmp_path
    assert folder.name.startswith("yahtzee-cache-") and not folder.exists()
    assert os.environ[store.CACHE_ENV] == str(tmp_path / "cache")
    first = capsys.readouterr().err.splitlines()[0]
    assert first.startswith(f"cannot write to the cache folder {tmp_path / 'cache'}: ")
    assert f"the tables go to {folder} for this run" in first


@pytest.mark.parametrize("win_tables_built", [True, False])
def test_a_read_only_cache_is_used_when_it_holds_both_tables(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    win_tables_built: bool,
) -> None:
    # A container image's cache: built when the image is, read-only when it runs.
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(cache))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(serve, "_cannot_write", lambda folder: "Read-only file system")
    store.table_path().write_bytes(b"built")
    if win_tables_built:
        tables.tables_path().write_bytes(b"built")
    with serve._writable_cache():
        used = Path(os.environ[store.CACHE_ENV])
    assert (used == cache) is win_tables_built
    err = capsys.readouterr().err
    assert (err == "") is win_tables_built


class FakeBuilder:
    """Stands in for the background ``yahtzee solve --win`` process."""

    def __init__(self) -> None:
        self.stopped = False

    def poll(self) -> int | None:
        return 0 if self.stopped else None

    def terminate(self) -> None:
        self.stopped = True

    def wait(self) -> int:
        return 0


def test_sigterm_stops_the_background_builder_too(
    solver_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # uvicorn with one worker drains, then raises SIGTERM again with the handler it found;
    # Python's default would end the process before the builder is stopped, leaving it to
    # run on alone for a minute of both cores.
    builder = FakeBuilder()

    def run(*args: object, **kwargs: object) -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(solver, "load_table", lambda: solver_table)
    monkeypatch.setattr(serve, "_build_win_tables_in_background", lambda table: builder)
    monkeypatch.setattr(uvicorn, "run", run)
    with pytest.raises(SystemExit) as stopped:
        main(["serve"])
    assert stopped.value.code == 128 + signal.SIGTERM and builder.stopped
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


@contextlib.contextmanager
def served(table: Table) -> Iterator[int]:
    """The app served by uvicorn with ``yahtzee serve``'s settings, on a free port."""
    options = serve.server_options(build_parser().parse_args(["serve"]))
    del options["workers"]
    options["port"] = 0  # any free port
    options["log_config"] = None  # the logging of the rest of the test session stays as it is
    config = uvicorn.Config(create_app(table=table), **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.01)
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        thread.join()


@pytest.mark.long
def test_an_idle_connection_is_kept_open_between_a_phones_moves(solver_table: Table) -> None:
    # uvicorn's default closed it after 5 s: most moves of a room opened another connection.
    with served(solver_table) as port:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        client.request("GET", "/healthz")
        assert client.getresponse().read()
        opened = client.sock
        time.sleep(6)
        client.request("GET", "/healthz")  # raises if the server has closed the connection
        assert client.getresponse().status == 200
        assert client.sock is opened
        client.close()
    assert serve.KEEP_ALIVE_SECONDS > 60  # longer than the proxies' in front


def test_the_served_app_refuses_huge_headers_at_once(solver_table: Table) -> None:
    # With uvicorn's default parser one 60 MB header held a worker's CPU for 6.6 s.
    with served(solver_table) as port:

        def ask(size: int, end: bytes) -> bytes:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                request = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size + end
                with contextlib.suppress(ConnectionResetError):  # refused while still sending
                    client.sendall(request)
                return client.recv(100).split(b"\r\n")[0]

        assert ask(1000, b"\r\n\r\n") == b"HTTP/1.1 200 OK"
        # Still coming (a header never ends before the limit): refused without waiting for more.
        assert ask(MAX_HEAD_BYTES + 1, b"").startswith(b"HTTP/1.1 400")

        def trickle(pieces: list[bytes]) -> bytes:
            """Send ``pieces`` apart (each its own read on the server) until an answer comes."""
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                for piece in pieces:
                    client.sendall(piece)
                    time.sleep(0.002)
                    ready, _, _ = select.select([client], [], [], 0)
                    if ready:
                        break
                return client.recv(100).split(b"\r\n")[0]

        # A head in a few pieces, as a slow network brings it, is answered as usual.
        head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Small: " + b"a" * 3000 + b"\r\n\r\n"
        assert trickle([head[i : i + 1000] for i in range(0, len(head), 1000)]).endswith(b"200 OK")
        # A small head sent a byte at a time is refused once it has taken too many reads.
        text = b"GET /healthz HTTP/1.1\r\nX-Slow: " + b"a" * (4 * MAX_HEAD_PIECES)
        slow = [bytes([byte]) for byte in text]
        assert trickle(slow).startswith(b"HTTP/1.1 400")


def test_the_game_logs_through_uvicorn_at_the_chosen_level() -> None:
    # Run apart: configuring logging here would take the game's loggers from pytest's capture.
    code = """if True:
        import logging, logging.config
        from yahtzee.commands.serve import _log_config
        logging.config.dictConfig(_log_config("warning"))
        logging.getLogger("yahtzee.server.errors").error("unexpected error on POST /api/new")
        logging.getLogger("yahtzee.winprob.tables").info("not shown at warning")
    """
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr == "ERROR:    unexpected error on POST /api/new\n"


def test_a_port_in_use_is_said_before_anything_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before, the tables were loaded, a builder started and "starting at …" printed, and
    # only then did uvicorn fail with "[Errno 98] Address already in use".
    def start(*args: object, **kwargs: object) -> None:
        raise AssertionError("went on to start")

    monkeypatch.setattr(solver, "load_table", start)
    monkeypatch.setattr(uvicorn, "run", start)
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"yahtzee serve: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    )
