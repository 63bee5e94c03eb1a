"""Dice records: the same record rolls the same dice, slot by slot; altered dice are refused;
the daily record turns at midnight in China; the key comes from the environment or the cache."""

from __future__ import annotations

import copy
import hashlib
import hmac
import os
import random
import stat
import time
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gameplay import make_records, random_game
from yahtzee.codec import from_json, to_json
from yahtzee.dice_key import FILE_NAME, KEY_ENV, DiceKeyError, dice_key, key_path
from yahtzee.dice_record import Daily, DiceRecords, china_date, day_ends
from yahtzee.errors import (
    AlteredDiceError,
    InvalidGameError,
    MalformedError,
    RecordUnavailableError,
)
from yahtzee.game import Difficulty, First, Game, Mode, Record, RestartTurn, Roll, Score
from yahtzee.review import review_side
from yahtzee.rules import Box
from yahtzee.solver import NEW_GAME_VALUE, Advisor, Table

GOLDEN_KEY = b"golden dice key: never change it"


def test_the_dice_formula_is_pinned() -> None:
    """Golden values under a fixed key: a change to the key id's label, the seed's place in the
    record, the message or the rejection of bytes 252 and up changes every record's dice."""
    records = DiceRecords(GOLDEN_KEY, random.Random(0))
    key_id = hmac.new(GOLDEN_KEY, b"dice key id", hashlib.sha256).hexdigest()[:8]
    assert records.key_id == key_id == "531730c8"
    daily = records.daily(date(2026, 3, 9))
    assert daily.id == "e43967a506338103c7c3c394ae688add-531730c8"
    record = records.new()
    assert record.id == "e3e70682c2094cac629f6fbed82c07cd-531730c8"
    # (record, side, turn, roll) → the five dice; in brackets the first bytes of its digest
    # (a byte of 252 or more, starred, is skipped: 252 = 42 × 6 keeps the faces even).
    golden = [
        (record.id, 0, 0, 0, (1, 2, 1, 3, 6)),  # 240 175 216 248 255* 173
        (record.id, 0, 4, 1, (3, 5, 2, 4, 6)),  # 176 253* 124 25 75 59
        (record.id, 1, 12, 1, (2, 4, 5, 6, 5)),  # 19 141 118 71 253* 166
        (daily.id, 1, 5, 1, (5, 6, 5, 6, 6)),  # 40 71 252* 70 251 101
    ]
    for record_id, side, turn, roll, dice in golden:
        assert records.slots(record_id, side, turn, roll) == dice
        message = f"dice:{record_id.split('-')[0]}:{side}:{turn}:{roll}".encode()
        digest = hmac.new(GOLDEN_KEY, message, hashlib.sha256).digest()
        assert dice == tuple(b % 6 + 1 for b in digest if b < 252)[:5]  # the docstring's formula


def test_the_same_record_and_holds_give_the_same_dice() -> None:
    first, second = make_records(1), make_records(2)  # other seeds for new records: same dice
    record = first.new()
    games = []
    for records in (first, second):
        game = Game.new(record=record).apply(Roll(), records)
        game = game.apply(Roll((1, 3)), records).apply(Roll((0,)), records)
        games.append(game)
    assert games[0] == games[1]
    other_key = DiceRecords(b"another key of at least 16 bytes")
    elsewhere = Game.new(record=record).apply(Roll(), other_key)
    assert elsewhere.turn.dice != games[0].turn.dice  # (a 1 in 7776 chance to be equal)


def test_a_rolled_die_takes_its_slot_whatever_is_held() -> None:
    records = make_records()
    record = records.new()
    game = Game.new(record=record).apply(Roll(), records)
    first = game.turn.dice
    assert first == records.slots(record.id, 0, 0, 0)
    slots = records.slots(record.id, 0, 0, 1)
    for hold in [(), (0,), (1, 3), (0, 2, 4), (0, 1, 2, 3), (0, 1, 2, 3, 4)]:
        dice = game.apply(Roll(hold), records).turn.dice
        assert dice == tuple(first[i] if i in hold else slots[i] for i in range(5))
    # The third roll's slots are its own, whatever the second roll held.
    third = records.slots(record.id, 0, 0, 2)
    for hold in [(), (2,), (1, 4)]:
        after = game.apply(Roll(hold), records).apply(Roll(), records)
        assert after.turn.dice == third


def test_each_side_turn_and_roll_has_its_own_slots() -> None:
    records = make_records()
    record = records.new().id
    slots = {(s, t, r): records.slots(record, s, t, r) for s in (0, 1) for t in range(13)
             for r in range(3)}  # fmt: skip
    assert len(set(slots.values())) > 70  # 78 slots of 7776 possible rolls: nearly all apart
    assert all(len(d) == 5 and all(1 <= v <= 6 for v in d) for d in slots.values())


def test_the_faces_come_out_even() -> None:
    records = make_records()
    counts = [0] * 7
    for n in range(2000):
        for value in records.slots(records.new().id, n % 2, n % 13, n % 3):
            counts[value] += 1
    assert counts[0] == 0
    assert all(abs(c - 10000 / 6) < 200 for c in counts[1:]), counts  # ~5 sigma


def test_restarting_the_turn_shows_the_same_first_roll() -> None:
    records = make_records()
    game = Game.new(record=records.new()).apply(Roll(), records).apply(Score(Box.CHANCE))
    rolled = game.apply(Roll(), records)
    again = rolled.apply(Roll((0, 1)), records).apply(RestartTurn()).apply(Roll(), records)
    assert again.turn.dice == rolled.turn.dice
    assert again == rolled


def test_the_computers_side_rolls_its_own_record_slots() -> None:
    records = make_records()
    record = records.new()
    game = Game.new(Mode.VS, Difficulty.NORMAL, First.COMPUTER, record=record)
    game = game.apply(Roll(), records)
    assert game.turn.dice == records.slots(record.id, 1, 0, 0)


def test_a_recorded_game_needs_a_record_source() -> None:
    records = make_records()
    with pytest.raises(MalformedError, match="dice record"):
        Game.new(record=records.new()).apply(Roll(), random.Random(1))


@given(seed=st.integers(0, 2**32), vs=st.booleans(), steps=st.integers(0, 120))
@settings(max_examples=60, deadline=None)
def test_every_recorded_game_passes_its_check_and_round_trips(
    seed: int, vs: bool, steps: int
) -> None:
    records = make_records(seed)
    game = random_game(seed, vs, stop_after=steps, records=records)
    assert game.record is not None
    loaded = from_json(to_json(game))
    assert loaded == game
    assert records.check(loaded) is loaded


@dataclass(frozen=True)
class StoredRoll:
    """One roll of a saved game: where it is written, and the slot it rolled from."""

    path: str
    side: int
    turn: int
    roll: int


def _rolls(data: dict[str, Any]) -> list[StoredRoll]:
    """Every stored roll of a saved game."""
    found = []
    for s, side in enumerate(data["sides"]):
        for t, entry in enumerate(side["log"]):
            path = f"sides[{s}].log[{t}]"
            found += [StoredRoll(path, s, t, r) for r in range(len(entry["rolls"]))]
    current = data["current"]
    number = len(data["sides"][current]["log"])
    found += [StoredRoll("turn", current, number, r) for r in range(len(data["turn"]["rolls"]))]
    return found


def _dice(data: dict[str, Any], stored: StoredRoll) -> list[list[int]]:
    """The list of rolls ``stored`` is one of."""
    if stored.path == "turn":
        rolls: list[list[int]] = data["turn"]["rolls"]
    else:
        rolls = data["sides"][stored.side]["log"][stored.turn]["rolls"]
    return rolls


@given(
    seed=st.integers(0, 2**32),
    vs=st.booleans(),
    steps=st.integers(1, 120),
    data=st.data(),
)
@settings(max_examples=80, deadline=None)
def test_an_altered_die_is_refused(seed: int, vs: bool, steps: int, data: Any) -> None:
    records = make_records(seed)
    saved = to_json(random_game(seed, vs, stop_after=steps, records=records))
    rolls = _rolls(saved)
    if not rolls:
        return
    stored = data.draw(st.sampled_from(rolls))
    position = data.draw(st.integers(0, 4))
    rolls_of_turn = _dice(saved, stored)
    # A face that the die could show neither held (its face before) nor rolled (its slot's):
    # any other change may fit another choice of held dice, which check() rightly accepts
    # ([5, 5, 3, 1, 2] changed to [5, 2, 3, 1, 2] can be the record's dice).
    slot = records.slots(saved["record"]["id"], stored.side, stored.turn, stored.roll)[position]
    before = rolls_of_turn[stored.roll - 1][position] if stored.roll else slot
    now = rolls_of_turn[stored.roll][position]
    face = data.draw(st.sampled_from([f for f in range(1, 7) if f not in (slot, before, now)]))
    changed = copy.deepcopy(saved)
    _dice(changed, stored)[stored.roll][position] = face
    try:
        game = from_json(changed)
    except InvalidGameError:
        return  # the log no longer replays (a box's points, a keep): refused before the dice
    with pytest.raises(AlteredDiceError) as refused:
        records.check(game)
    altered = _dice(changed, stored)[stored.roll]
    assert str(refused.value) == (
        f"{stored.path}.rolls[{stored.roll}]: {altered} are not the dice of the game's record"
    )


def test_five_sixes_written_into_a_roll_are_refused() -> None:
    records = make_records()
    game = Game.new(record=records.new()).apply(Roll(), records)
    saved = to_json(game)
    saved["turn"]["rolls"][0] = [6, 6, 6, 6, 6]
    with pytest.raises(AlteredDiceError, match=r"^turn\.rolls\[0\]: \[6, 6, 6, 6, 6\] are not"):
        records.check(from_json(saved))


def test_a_held_die_claimed_rolled_is_refused() -> None:
    """A die that kept its value, not its slot's, was held: a save whose keep leaves it out
    claims a roll the record never gave, in the turn in progress and in the log alike."""
    records = make_records(5)
    record = records.new()
    game = Game.new(record=record).apply(Roll(), records)
    first = game.turn.dice
    assert first is not None
    slots = records.slots(record.id, 0, 0, 1)
    i = next(i for i in range(5) if first[i] != slots[i])
    rolled = game.apply(Roll((i,)), records)
    now = to_json(rolled)
    now["turn"]["held"], now["turn"]["keeps"] = [False] * 5, [[]]
    with pytest.raises(AlteredDiceError, match=r"^turn\.rolls\[1\]"):
        records.check(from_json(now))
    logged = to_json(rolled.apply(Score(Box.CHANCE)))
    logged["sides"][0]["log"][0]["keeps"] = [[]]
    with pytest.raises(AlteredDiceError, match=r"^sides\[0\]\.log\[0\]\.rolls\[1\]"):
        records.check(from_json(logged))


def test_held_flags_that_the_dice_contradict_are_refused() -> None:
    """In the turn in progress the save says which positions were held, and the dice must
    follow them exactly: the other die of a pair marked held instead is refused, although the
    kept faces alone would fit."""
    for seed in range(200):
        records = make_records(seed)
        record = records.new()
        game = Game.new(record=record).apply(Roll(), records)
        first = game.turn.dice
        assert first is not None
        slots = records.slots(record.id, 0, 0, 1)
        # A pair i, j; held i stays, rolled j shows the same face again, which i would not.
        pairs = [
            (i, j)
            for i in range(5)
            for j in range(5)
            if i != j and first[i] == first[j] == slots[j] != slots[i]
        ]
        if pairs:
            break
    else:
        raise AssertionError("no first roll with a pair to hold")
    i, j = pairs[0]
    saved = to_json(game.apply(Roll((i,)), records))
    assert records.check(from_json(saved))  # held as saved: the record's dice
    saved["turn"]["held"] = [k == j for k in range(5)]
    with pytest.raises(AlteredDiceError, match=r"^turn\.rolls\[1\]: "):
        records.check(from_json(saved))


def test_a_keep_that_no_die_stayed_for_is_refused() -> None:
    """A logged turn keeps only the faces held: a face that is in both rolls, but that no die
    showed before and after, was not held, whatever the keep says."""
    for seed in range(200):
        records = make_records(seed)
        record = records.new()
        rolled = Game.new(record=record).apply(Roll(), records).apply(Roll(), records)
        before, after = rolled.turn.rolls
        stayed = {a for a, b in zip(before, after, strict=True) if a == b}
        faces = sorted(set(before) & set(after) - stayed)
        if faces:
            break
    else:
        raise AssertionError("no turn with a face in both rolls that no die kept")
    saved = to_json(rolled.apply(Score(Box.CHANCE)))
    saved["sides"][0]["log"][0]["keeps"] = [[faces[0]]]
    with pytest.raises(AlteredDiceError, match=r"^sides\[0\]\.log\[0\]\.rolls\[1\]: "):
        records.check(from_json(saved))


def test_an_empty_key_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^the dice key is empty$"):
        DiceRecords(b"")


def test_records_draw_new_seeds_from_the_system_unless_given() -> None:
    records = DiceRecords(GOLDEN_KEY)
    ids = {records.new().id for _ in range(3)}
    assert len(ids) == 3 and all(records.parse(i).id == i for i in ids)
    assert all(1 <= records.randint(1, 6) <= 6 for _ in range(20))
    assert make_records(7).randint(1, 6) == random.Random(7).randint(1, 6)


def test_a_record_id_is_parsed_or_refused_with_its_text() -> None:
    records = make_records()
    record = records.new()
    assert records.parse(record.id) == Record(record.id)
    with pytest.raises(MalformedError) as refused:
        records.parse("nope")
    assert str(refused.value) == "a record is 32 hex digits, '-' and 8 more, got \"nope\""


def test_a_record_of_another_key_goes_on_with_fresh_dice() -> None:
    old = make_records(3, key=b"the key before the change......")
    game = random_game(3, vs=True, stop_after=30, records=old)
    now = make_records(3)
    checked = now.check(from_json(to_json(game)))
    assert checked.record is None
    assert checked.sides == game.sides and checked.turn == game.turn
    checked.apply(RestartTurn()).apply(Roll(), now)  # plays on
    assert game.record is not None
    with pytest.raises(RecordUnavailableError, match="another dice key"):
        now.parse(game.record.id)


def test_a_daily_flag_on_another_record_is_refused() -> None:
    records = make_records()
    game = Game.new(record=records.new()).apply(Roll(), records)
    saved = to_json(game)
    saved["record"]["daily"] = "2026-05-01"
    with pytest.raises(AlteredDiceError, match="not the daily challenge of 2026-05-01"):
        records.check(from_json(saved))


def test_record_ids_in_a_save_are_checked_for_shape() -> None:
    records = make_records()
    saved = to_json(Game.new(record=records.new()))
    for bad, words in [
        ({"id": "xyz", "daily": None}, "record.id: expected a string"),
        ({"id": saved["record"]["id"], "daily": "2026-02-30"}, "record.daily: expected a date"),
        (None, "record: expected an object, got null"),
        ({"id": saved["record"]["id"]}, "record: missing key 'daily'"),
    ]:
        with pytest.raises(InvalidGameError, match=words):
            from_json({**saved, "record": bad})


def test_a_save_from_before_records_loads_and_plays_on() -> None:
    old = to_json(random_game(21, vs=True, stop_after=25))
    assert "record" not in old  # exactly the version-1 save of before
    records = make_records()
    game = records.check(from_json(old))
    assert game.record is None
    game = game.apply(RestartTurn())
    if game.current == 0:
        game = game.apply(Roll(), records)
        assert game.turn.dice is not None
    assert "record" not in to_json(game)


# The daily challenge --------------------------------------------------------------------------


def test_the_daily_record_turns_at_midnight_china_time() -> None:
    records = make_records()
    before = datetime(2026, 3, 9, 15, 59, 59, 999999, tzinfo=UTC)  # 23:59:59.999 in Beijing
    after = datetime(2026, 3, 9, 16, 0, tzinfo=UTC)  # 00:00 on the 10th in Beijing
    assert china_date(before) == date(2026, 3, 9)
    assert china_date(after) == date(2026, 3, 10)
    assert records.daily(china_date(before)) != records.daily(china_date(after))
    assert day_ends(date(2026, 3, 9)) == after
    # Every player of a deployment gets the same day's record; another key, another one.
    assert make_records(1).daily(date(2026, 3, 9)) == make_records(2).daily(date(2026, 3, 9))
    assert DiceRecords(b"another key.....").daily(date(2026, 3, 9)).id != (
        records.daily(date(2026, 3, 9)).id
    )
    view = records.daily_view(date(2026, 3, 9))
    assert (view.date, view.ends_at) == ("2026-03-09", "2026-03-09T16:00:00Z")
    with pytest.raises(ValueError, match="zone"):
        china_date(datetime(2026, 3, 9))


def test_the_daily_challenge_is_told_in_utc_whatever_the_servers_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    records = make_records()
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    try:
        view = records.daily_view(date(2026, 3, 9))
        ends = day_ends(date(2026, 3, 9))
    finally:
        monkeypatch.undo()
        time.tzset()
    assert view == Daily("2026-03-09", records.daily(date(2026, 3, 9)).id, "2026-03-09T16:00:00Z")
    assert ends.tzinfo is UTC and ends.isoformat() == "2026-03-09T16:00:00+00:00"


def test_a_daily_game_carries_its_day() -> None:
    records = make_records()
    record = records.daily(date(2026, 3, 9))
    assert record == Record(record.id, date(2026, 3, 9))
    game = Game.new(record=record).apply(Roll(), records)
    saved = to_json(game)
    assert saved["record"] == {"id": record.id, "daily": "2026-03-09"}
    assert records.check(from_json(saved)) == game


# The review stays exact ---------------------------------------------------------------------


@given(seed=st.integers(0, 2**32), vs=st.booleans())
@settings(max_examples=10, deadline=None)
def test_the_reviews_identity_holds_on_recorded_games(
    solver_table: Table, seed: int, vs: bool
) -> None:
    game = random_game(seed, vs, records=make_records(seed))
    advisor = Advisor(solver_table)
    for side in game.sides:
        review = review_side(side, advisor)
        assert review.start == pytest.approx(NEW_GAME_VALUE, abs=1e-6)
        assert review.start + review.luck - review.loss == pytest.approx(side.sheet.total, abs=1e-6)


# The key --------------------------------------------------------------------------------------


@pytest.fixture
def key_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YAHTZEE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(KEY_ENV, raising=False)
    return tmp_path / "cache"


def test_the_key_is_made_once_and_kept_in_the_cache(key_cache: Path) -> None:
    key = dice_key()
    assert (key.source, key.path) == ("file", key_cache / FILE_NAME)
    assert key_path().read_text() == key.text + "\n"
    assert stat.S_IMODE(os.stat(key_path()).st_mode) == 0o600  # a secret: the owner's only
    assert dice_key() == key
    assert not [p for p in key_cache.iterdir() if p.name != FILE_NAME]  # no temp file left


def test_the_environment_sets_the_key(key_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cached = dice_key()
    monkeypatch.setenv(KEY_ENV, "x" * 40)
    key = dice_key()
    assert (key.source, key.secret) == ("env", b"x" * 40)
    assert key != cached
    monkeypatch.setenv(KEY_ENV, "short")
    with pytest.raises(DiceKeyError, match="YAHTZEE_DICE_KEY has 5 characters; use at least 16"):
        dice_key()


def test_a_broken_key_file_is_set_aside(key_cache: Path, caplog: pytest.LogCaptureFixture) -> None:
    key_cache.mkdir()
    (key_cache / FILE_NAME).write_text("not a key\n")
    key = dice_key()
    assert key.source == "file" and key.text != "not a key"
    assert (key_cache / f"{FILE_NAME}.bad").read_text() == "not a key\n"
    assert "does not hold a key" in caplog.text


def test_a_cache_that_cannot_be_written_keeps_a_key_for_the_process(
    blocked_cache: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv(KEY_ENV, raising=False)
    key = dice_key()
    assert key.source == "memory"
    assert dice_key() == key  # the same for the rest of the process
    assert "cannot keep the dice key" in caplog.text and KEY_ENV in caplog.text
