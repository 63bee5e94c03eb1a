"""Start ``yahtzee serve`` on a free loopback port for a benchmark, and stop it afterwards."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def running_server(workers: int = 1, timeout: float = 120.0) -> Iterator[tuple[str, int]]:
    """Yield ``(base_url, pid)`` of a server that answers ``/healthz``; stop it on exit."""
    port = free_port()
    command = [sys.executable, "-m", "yahtzee", "serve", "--port", str(port)]
    command += ["--workers", str(workers), "--log-level", "error"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited with status {process.returncode}")
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not become ready")
            time.sleep(0.2)
        yield base, process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def process_tree(pid: int) -> list[int]:
    """``pid`` and its children (uvicorn's workers), from /proc."""
    pids = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == pid:
                pids.append(int(entry.name))
    return pids


def memory_kib(pid: int) -> dict[str, int]:
    """Rss and Pss (proportional: shared pages split between sharers) of one process, in KiB."""
    out: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("Rss", "Pss"):
                out[name] = int(rest.split()[0])
    return out


def mapped_kib(pid: int, needle: str) -> int:
    """Resident KiB of the mappings of files whose path contains ``needle``."""
    total = 0
    current = False
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
            fields = line.split()
            if fields and "-" in fields[0] and len(fields) >= 5:
                current = len(fields) >= 6 and needle in fields[-1]
            elif current and line.startswith("Rss:"):
                total += int(fields[1])
    return total


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by one process, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")
