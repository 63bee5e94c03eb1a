"""``yahtzee review GAME.json``: the post-game review (复盘) of a saved or exported game.

Prints the summary line (开局期望 ＋ 运气 − 失误 ＝ 总分), the skill figures, and the costliest
mistakes with what was best. ``--side`` picks the seat: ``player`` (the first person, the
default), ``computer`` (the first computer) or a seat's number from 0; a game against others
also gets its 胜率 line and deliberate-risk count once the 胜率 tables are built. ``--json``
prints the same review the web page draws.
"""

from __future__ import annotations

import argparse
import json
import unicodedata

from yahtzee.commands._game_file import read_game
from yahtzee.commands._numbers import whole_number
from yahtzee.errors import MalformedError
from yahtzee.game import YOU, Game

HELP = "review a finished game (or a side that has filled its sheet): luck, mistakes, what was best"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game JSON file (as exported by the page), or - for stdin")
    parser.add_argument(
        "--side",
        default="player",
        help="whose decisions to review: player (the first person), computer (the first "
        "computer) or a seat's number from 0",
    )
    parser.add_argument("--top", type=whole_number(0), default=10, help="how many mistakes to list")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")


def _describe(option: dict[str, object]) -> str:
    from yahtzee.rules import Box

    if "keep" in option:
        keep = option["keep"]
        assert isinstance(keep, list)
        if option.get("reroll"):
            return "五颗全留，空掷一次 (idle roll)"
        if len(keep) == 5:
            return "不再掷 (stop)"
        return f"保留 keep [{' '.join(map(str, keep))}]" if keep else "全部重掷 (reroll all)"
    box = Box(str(option["box"]))
    return f"登记 {box.zh} {box.value} ({option['points']})"


def _width(text: str) -> int:
    """Columns a terminal gives ``text``: two for each wide (CJK) character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cell(text: str, width: int, right: bool = False) -> str:
    """``text`` padded to ``width`` terminal columns; str's own padding counts characters, so a
    column of Chinese words would not line up."""
    fill = " " * max(0, width - _width(text))
    return fill + text if right else text + fill


def _chances_line(curve: dict[str, object], seat: int, name: str) -> str:
    """胜率: the reviewed seat's chance before each of its turns, then its result."""
    from yahtzee.winprob.words import percent

    points = curve["points"]
    final = curve["final"]
    assert isinstance(points, list) and isinstance(final, dict)
    mine = [p for p in points if p["seat"] == seat and p["roll"] == 0]
    starts = [percent(p["chances"]["win"][seat], compact=True) for p in mine]
    if final["win"][seat] == 1:
        last = "胜"
    elif final["share"][seat] > 0 and final["draw"] == 1:
        last = "平"
    elif final["share"][seat] == 0:
        last = "负"
    else:
        last = percent(final["win"][seat], compact=True)
    return f"胜率（{name}，每回合{name}出手前）：{' '.join(starts)} → {last}"


def seat_of(game: Game, side: str) -> int:
    """The seat ``--side`` names: ``player`` the first person, ``computer`` the first computer,
    or a number. Raises MalformedError when the game has no such seat."""
    if side in ("player", "computer"):
        found = [i for i, s in enumerate(game.sides) if s.human == (side == "player")]
        if not found:
            raise MalformedError(f"this game has no {side} side")
        return found[0]
    if not side.isdigit() or int(side) >= len(game.sides):
        raise MalformedError(
            f"--side is player, computer or a seat from 0 to {len(game.sides) - 1}, got {side!r}"
        )
    return int(side)


def run(args: argparse.Namespace) -> int:
    from yahtzee.report import review_report, with_seats
    from yahtzee.review import review_side
    from yahtzee.solver import Advisor, load_table
    from yahtzee.winprob.advice import vs_review
    from yahtzee.winprob.estimate import WinModel, valued
    from yahtzee.winprob.tables import find_win_tables
    from yahtzee.words import points_zh

    game = read_game(args.game)
    index = seat_of(game, args.side)
    table = load_table()
    advisor = Advisor(table)
    graded = review_side(game.sides[index], advisor)
    # As the page shows it, once the 胜率 tables exist (``yahtzee solve --win``): never built
    # here, it takes a minute.
    tables = find_win_tables(table) if valued(game) else None
    if tables is None:
        review = with_seats(review_report(graded), game, index).to_json()
    else:
        review = vs_review(graded, game, index, WinModel(tables)).to_json()
    if args.json:
        print(json.dumps(review, ensure_ascii=False))
        return 0
    summary = review["summary"]
    assert isinstance(summary, dict)
    decisions = review["decisions"]
    assert isinstance(decisions, list)
    mistakes = review["mistakes"]
    assert isinstance(mistakes, list)
    print(summary["text"])
    print(
        f"决策 {summary['decisions']} 次，最优 {summary['optimal']} 次，"
        f"平均每步失误 {summary['average_loss']:.2f} 分"
        f"（低于 0.2 为高手水平）"
    )
    curve = review.get("win_curve")
    if isinstance(curve, dict):
        print(_chances_line(curve, index, game.sides[index].name))
        if summary["risks"]:
            print(
                f"求胜取舍 {summary['risks']} 次，共 {points_zh(summary['risk_loss'])} 分："
                "按高手求胜的打法少拿的期望分，不算失误"
            )
    if not mistakes:
        risks = summary.get("risks") or 0
        print(
            f"没有失误：不是最优的 {risks} 步都是求胜取舍。"
            if risks
            else "没有失误：每一步都是最优选择。"
        )
        return 0
    print()
    side = game.sides[index]
    chosen = "你的选择" if side.name == YOU else f"{side.name}的选择"
    rows = [("回合", "掷", "骰子", chosen, "最佳选择", "失误")]
    for i in mistakes[: args.top]:
        d = decisions[i]
        dice = " ".join(map(str, d["dice"]))
        rows.append(
            (str(d["turn"]), str(d["roll"]), dice, _describe(d["chosen"]), _describe(d["best"]),
             f"{d['loss']:.2f}")
        )  # fmt: skip
    widths = [max(_width(row[column]) for row in rows) for column in range(6)]
    for row in rows:
        cells = [_cell(text, width, right=column in (0, 1, 5)) for column, (text, width) in
                 enumerate(zip(row, widths, strict=True))]  # fmt: skip
        print("  ".join(cells).rstrip())
    return 0
