"""The web game: a stateless FastAPI app serving the page and a JSON API over the game model."""

from yahtzee.server.app import create_app

__all__ = ["create_app"]
