"""The app as a replica of the replica tests runs it (``uvicorn --factory``): the store from the
environment (``YAHTZEE_REDIS_URL``, ``YAHTZEE_REDIS_PREFIX``) and the tests' quick times."""

from __future__ import annotations

from fastapi import FastAPI

from tests.rooms.support import FAST
from yahtzee.server import create_app


def app() -> FastAPI:
    made = create_app()
    made.state.room_settings = FAST
    return made
