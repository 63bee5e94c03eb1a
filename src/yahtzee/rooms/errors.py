"""The rooms' errors. Each is a domain error (``yahtzee.errors``) that names the problem and quotes
the input; ``yahtzee.server.errors`` maps each class to its HTTP status in one place.

Not allowed now (409, subclasses of ``IllegalMoveError``): a full or started room, a name taken,
another seat's turn, a stale version. A name that cannot be a seat's is malformed (400). Refused
for who is asking (403), a room that is not there (404), and an address that has missed too many
codes (429) are classes of their own.
"""

from __future__ import annotations

from yahtzee.errors import IllegalMoveError, MalformedError, YahtzeeError
from yahtzee.game import NAME_LENGTH


class BadNameError(MalformedError):
    """A nickname that cannot be a seat's: empty, too long, or with control characters (400)."""

    code = "bad_name"
    zh = f"昵称要 1 到 {NAME_LENGTH} 个字，不能有控制字符"


class RoomNotFoundError(YahtzeeError):
    """No room has this code (never made, or expired after an hour without activity)."""

    code = "room_not_found"
    zh = "没有这个房间（房间号不对，或房间已过期）"


class SeatTokenError(YahtzeeError):
    """The request carries no seat token, or one that is no seat's in this room."""

    code = "bad_token"
    zh = "你不在这个房间里"


class NotHostError(YahtzeeError):
    """Only the host (the seat that made the room) may do this."""

    code = "not_host"
    zh = "只有房主可以这样做"


class TooManyMissesError(YahtzeeError):
    """The client's address asked for too many codes that are no room's: it waits a while."""

    code = "too_many_misses"
    zh = "尝试次数太多，请稍后再试"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


class RoomFullError(IllegalMoveError):
    code = "room_full"
    zh = "房间已满"


class RoomStartedError(IllegalMoveError):
    code = "room_started"
    zh = "这个房间的游戏已经开始了"


class NotStartedError(IllegalMoveError):
    code = "not_started"
    zh = "游戏还没有开始"


class NameTakenError(IllegalMoveError):
    code = "name_taken"
    zh = "这个昵称已经有人用了"


class NotYourTurnError(IllegalMoveError):
    code = "not_your_turn"
    zh = "还没轮到你"


class StaleVersionError(IllegalMoveError):
    """The request was made on an earlier state of the room (a doubled tap, or a change it had
    not seen yet): nothing changed."""

    code = "stale_version"
    zh = "房间状态已经更新，请看最新的局面"


class BusyRoomError(IllegalMoveError):
    """The room changed under every retry of a write (many writers at once): try again."""

    code = "room_busy"
    zh = "房间正忙，请重试"
