"""The domain's errors: every one a ``ValueError`` that names the problem and quotes the input.

Two kinds are kept apart, as python-chess does: *malformed* input (a wrong type, a die showing 7,
an unknown box, a saved game that could never have been written) and well-formed input that is
*not allowed now* (scoring a filled box, a fourth roll). The server maps each class to one HTTP
status and a Chinese message in a single place; ``code`` and ``zh`` exist for that.
"""

from __future__ import annotations

import json
from collections.abc import Sequence


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, the last an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote(value: object, limit: int = 60) -> str:
    """``value`` as an error message quotes input: as JSON, cut to ``limit`` characters (a
    megabyte of bad input must not come back as a megabyte of message)."""
    return clip(json.dumps(value, ensure_ascii=False, default=repr), limit)


def field_path(loc: Sequence[int | str], whole: str = "") -> str:
    """A field's place as every message names it, ``sides[0].sheet.twos``, from its keys and
    indices; ``whole`` names the root (``game`` for a saved game, nothing for a request)."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or whole


class YahtzeeError(ValueError):
    """Base class of every error the domain raises on purpose."""

    code = "invalid"
    zh = "请求无效"


class MalformedError(YahtzeeError):
    """Input that is badly formed: wrong type, out-of-range value, unknown name."""

    code = "malformed"
    zh = "数据格式不正确"


class InvalidGameError(MalformedError):
    """A game JSON that ``to_json`` could not have produced (corrupt or tampered save)."""

    code = "invalid_game"
    zh = "对局数据已损坏，无法读取"


class IllegalMoveError(YahtzeeError):
    """A well-formed action that the rules do not allow in this state."""

    code = "illegal_move"
    zh = "现在不能这样操作"


class AlteredDiceError(InvalidGameError):
    """A saved game whose dice are not those of its dice record: the save was changed."""

    code = "altered_dice"
    zh = "这局的存档被改动过，骰子与记录不符，无法继续"


class RecordUnavailableError(YahtzeeError):
    """A well-formed dice record this server cannot roll from (made under another key), or a
    game without one where one is needed."""

    code = "record_unavailable"
    zh = "这局没有可用的骰子记录"
