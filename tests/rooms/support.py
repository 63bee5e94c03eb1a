"""Helpers of the rooms' tests: a free port, an app served by uvicorn in a thread, and a small
Server-Sent Events reader over ``http.client`` (the test client buffers whole responses, so a
stream needs a real server)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi import FastAPI


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """``app`` served on a free loopback port in a thread; its base URL."""
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        http="h11",
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
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """One JSON request; the status and the decoded body."""
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, None if body is None else json.dumps(body), headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, json.loads(data) if data else None


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

    def until(self, check: Any, limit: int = 50) -> Any:
        """The first room message for which ``check(room)`` holds."""
        for _ in range(limit):
            room = self.next_room()
            if check(room):
                return room
        raise AssertionError("no such room message came")

    def close(self) -> None:
        self.conn.close()
