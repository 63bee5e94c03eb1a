"""Stopping the rooms' background loops."""

from __future__ import annotations

import asyncio
import contextlib


async def stop(task: asyncio.Task[None] | None) -> None:
    """Cancel ``task`` and wait for it to end. redis-py may turn a cancellation that lands in the
    middle of a command into a connection error, which the loops ride out: so cancel again until
    the task is done."""
    if task is None:
        return
    while not task.done():
        task.cancel()
        await asyncio.wait([task], timeout=0.5)
    with contextlib.suppress(asyncio.CancelledError):
        task.result()
