"""Helpers of the rooms' tests: a free port, an app served by uvicorn in a thread, and a small
Server-Sent Events reader over ``http.client`` (the test client buffers whole responses, so a
stream needs a real server)."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

from yahtzee.commands.serve import HTTP_PROTOCOL
from yahtzee.rooms.driver import Pace
from yahtzee.rooms.limiter import MissLimit
from yahtzee.rooms.presence import PresenceTimes
from yahtzee.rooms.service import RoomSettings

ROOT = Path(__file__).resolve().parents[2]
"""The repository, where ``tests`` imports from."""

FAST = RoomSettings(
    limit=MissLimit(misses=5, window=60.0),
    presence=PresenceTimes(heartbeat=0.5, lapse=1.5, grace=0.3, sweep=0.1),
    pace=Pace(lead_in=0.05, think=(0.05, 0.1), stand_in_after=1.0, lease=2.0, poll=0.02),
)
"""Times a test can wait for: a computer moves in a tenth of a second, a person away through
their turn is stood in for after a second."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """``app`` served on a free loopback port in a thread, with ``yahtzee serve``'s HTTP
    protocol; its base URL."""
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        http=HTTP_PROTOCOL,
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def call(
    base: str,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    raw: bytes | None = None,
) -> tuple[int, Any]:
    """One JSON request (``raw``: these bytes as the body); the status and the decoded body."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    content = raw if raw is not None else None if body is None else json.dumps(body).encode()
    conn.request(method, path, content, headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, json.loads(data) if data else None


def create(base: str, name: str = "小明") -> tuple[str, str]:
    status, body = call(base, "POST", "/api/rooms", {"name": name})
    assert status == 201
    return body["code"], body["token"]


def join(base: str, code: str, name: str) -> str:
    status, body = call(base, "POST", f"/api/rooms/{code}/join", {"name": name})
    assert status == 200, body
    token: str = body["token"]
    return token


def play_turn(base: str, code: str, token: str, room: Any) -> Any:
    """Roll once and score the best preview; the room after it."""
    seat = room["view"]["current"]
    status, room = call(
        base,
        "POST",
        f"/api/rooms/{code}/action",
        {"version": room["version"], "action": {"type": "roll"}},
        token,
    )
    assert status == 200, room
    boxes = room["view"]["sides"][seat]["boxes"]
    box = max((b for b in boxes if b["allowed"]), key=lambda b: b["preview"])["key"]
    action = {"type": "score", "box": box}
    status, room = call(
        base,
        "POST",
        f"/api/rooms/{code}/action",
        {"version": room["version"], "action": action},
        token,
    )
    assert status == 200, room
    return room


class Stream:
    """A room's event stream read line by line: ``next_room`` gives each ``room`` message."""

    def __init__(self, base: str, code: str, token: str, timeout: float = 30.0) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
        self.conn.request(
            "GET", f"/api/rooms/{code}/events", headers={"Authorization": f"Bearer {token}"}
        )
        self.response = self.conn.getresponse()
        self.status = self.response.status

    def next_event(self) -> tuple[str, Any, str | None]:
        """The next event's type, data and id (comments skipped)."""
        event, ident = "message", None
        data: list[str] = []
        while True:
            raw = self.response.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode().rstrip("\r\n")
            if line == "":
                if data:
                    return event, json.loads("\n".join(data)), ident
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "event":
                event = value
            elif name == "data":
                data.append(value)
            elif name == "id":
                ident = value

    def next_room(self) -> Any:
        event, data, _ = self.next_event()
        assert event == "room", (event, data)
        return data

    def until(self, check: Any, limit: int = 1000) -> Any:
        """The first room message for which ``check(room)`` holds."""
        for _ in range(limit):
            room = self.next_room()
            if check(room):
                return room
        raise AssertionError("no such room message came")

    def close(self) -> None:
        self.conn.close()


def start_replica(port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A server process of its own (``tests.rooms.replica_app``) on ``port``, ready to answer."""
    command = [sys.executable, "-m", "uvicorn", "tests.rooms.replica_app:app", "--factory"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--http", HTTP_PROTOCOL]
    command += ["--log-level", "warning", "--timeout-graceful-shutdown", "2"]
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the replica on port {port} exited ({process.returncode})")
        try:
            if call(base, "GET", "/healthz")[0] == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"the replica on port {port} did not become ready")


def stop_replica(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
