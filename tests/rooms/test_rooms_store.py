"""Both stores keep the same promises (``yahtzee.rooms.store``): every test runs on SQLite and on a
real Redis, with two store objects standing for two processes where it matters."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace

import pytest

from tests.rooms.conftest import TTL, StoreMaker
from yahtzee.rooms import sqlite_store
from yahtzee.rooms.redis_store import MAX_CONNECTIONS, RedisStore
from yahtzee.rooms.room import Room
from yahtzee.rooms.store import Presence, Store
from yahtzee.rooms.tokens import token_hash
from yahtzee.rooms.wire import Drawn

pytestmark = pytest.mark.anyio


def a_room(code: str = "ABCDEF", now: float | None = None) -> Room:
    return Room.open(code, "小明", token_hash("t"), time.time() if now is None else now)


def shown(room: Room) -> Drawn:
    """What a write sends to the room's watchers (the service draws the room's view here)."""
    return Drawn(room.revision, b'{"code":"%s","seats":%d}' % (room.code.encode(), len(room.seats)))


async def insert(store: Store, room: Room) -> bool:
    return await store.insert(room, shown(room))


async def swap(store: Store, room: Room, revision: int) -> bool:
    return await store.swap(room, revision, shown(room))


async def test_a_room_reads_back_as_written(store: Store) -> None:
    room = a_room().join("小红", token_hash("u"), time.time())
    assert await insert(store, room)
    assert await store.get("ABCDEF") == room
    assert await store.get("ZZZZZZ") is None


async def test_a_code_is_inserted_once(store: Store) -> None:
    assert await insert(store, a_room())
    assert not await insert(store, a_room())


async def test_a_write_over_a_stale_revision_changes_nothing(store: Store) -> None:
    room = a_room()
    await insert(store, room)
    first = room.join("小红", token_hash("u"), time.time())
    second = room.join("小刚", token_hash("v"), time.time())
    assert await swap(store, first, room.revision)
    assert not await swap(store, second, room.revision)  # read at the same revision: too late
    assert await store.get(room.code) == first


async def test_one_of_many_concurrent_writers_wins(make_store: StoreMaker) -> None:
    stores = [make_store() for _ in range(4)]
    try:
        room = a_room()
        await insert(stores[0], room)
        names = ["甲", "乙", "丙", "丁"]
        results = await asyncio.gather(
            *(
                swap(s, room.join(name, token_hash(name), time.time()), room.revision)
                for s, name in zip(stores, names, strict=True)
            )
        )
        assert sorted(results) == [False, False, False, True]
    finally:
        for s in stores:
            await s.close()


async def test_more_reads_at_once_than_connections_all_answer(store: Store) -> None:
    # A burst past the Redis pool's size waits for a connection instead of failing (503).
    room = a_room()
    assert await insert(store, room)
    many = MAX_CONNECTIONS + 50
    read = await asyncio.gather(*(store.get(room.code) for _ in range(many)))
    assert [r.revision if r else None for r in read] == [room.revision] * many
    looked = await asyncio.gather(*(store.lookup(room.code, "miss:x") for _ in range(many)))
    assert [r.revision if r else None for _, r in looked] == [room.revision] * many


async def test_a_room_not_written_for_its_ttl_is_gone(make_store: StoreMaker) -> None:
    # Expiry is the store's own clock (Redis's), so the steps are timed for real: a run whose
    # steps came too late to tell (a loaded machine) is run again with a longer ttl.
    for ttl, code in ((0.3, "ABCDEF"), (0.6, "BCDEFG"), (1.2, "CDEFGH"), (2.4, "DEFGHJ")):
        if await _expires_ttl_after_its_last_write(make_store(ttl=ttl), ttl, code):
            return
    pytest.fail("every run came too late to tell, even with a ttl of 2.4 s")


async def _expires_ttl_after_its_last_write(store: Store, ttl: float, code: str) -> bool:
    """Whether the run was on time (its checks then hold); False when a step came late."""
    try:
        await store.existing([code])  # opened before the clock starts
        began = time.monotonic()
        room = a_room(code)
        await insert(store, room)
        inserted = time.monotonic()
        if await store.existing([code, "ZZZZZZ"]) != {code}:
            assert time.monotonic() - began >= ttl, "gone before its ttl"
            return False
        await asyncio.sleep(ttl * 2 / 3)
        written = time.monotonic()
        later = room.join("小红", token_hash("u"), time.time())
        if not await swap(store, later, room.revision):  # a write is activity: the clock restarts
            assert time.monotonic() - began >= ttl, "gone before its ttl"
            return False
        await asyncio.sleep(max(0.0, inserted + ttl * 7 / 6 - time.monotonic()))
        found = await store.get(code)  # past the first write's ttl, within the second's
        if time.monotonic() - written >= ttl:
            return False
        assert found == later
        await asyncio.sleep(ttl)
        assert await store.get(code) is None
        assert await store.existing([code]) == set()
        assert not await swap(store, later.join("小刚", token_hash("v"), time.time()), 2)
        assert await insert(store, a_room(code))  # the code is free again
        return True
    finally:
        await store.close()


async def test_due_rooms_are_found_by_their_time(store: Store) -> None:
    now = time.time()
    for code, due in (("AAAAAA", now - 1), ("BBBBBB", now + 60), ("CCCCCC", None)):
        await insert(store, replace(a_room(code), due=due))
    assert await store.due(now, 10) == ["AAAAAA"]
    room = await store.get("AAAAAA")
    assert room is not None
    await swap(store, replace(room, revision=room.revision + 1, due=None), room.revision)
    assert await store.due(now, 10) == []
    assert await store.due(now + 61, 10) == ["BBBBBB"]


async def test_a_lease_has_one_holder_until_given_back_or_lapsed(store: Store) -> None:
    assert await store.take("drive:AAAAAA", "one", 0.3)
    assert not await store.take("drive:AAAAAA", "two", 0.3)
    assert await store.take("drive:AAAAAA", "one", 0.3)  # its owner extends it
    await store.give_back("drive:AAAAAA", "two")  # not two's to give back
    assert not await store.take("drive:AAAAAA", "two", 0.3)
    await store.give_back("drive:AAAAAA", "one")
    assert await store.take("drive:AAAAAA", "two", 0.3)
    await asyncio.sleep(0.4)
    assert await store.take("drive:AAAAAA", "three", 0.3)


async def test_counters_count_within_their_window(store: Store) -> None:
    assert await store.peek("miss:1.2.3.4") == (0, 0.0)
    assert [await store.count("miss:1.2.3.4", 0.3) for _ in range(3)] == [1, 2, 3]
    count, left = await store.peek("miss:1.2.3.4")
    assert count == 3
    assert 0 < left <= 0.3
    assert await store.peek("miss:5.6.7.8") == (0, 0.0)
    await asyncio.sleep(0.35)
    assert await store.peek("miss:1.2.3.4") == (0, 0.0)
    assert await store.count("miss:1.2.3.4", 0.3) == 1


async def test_presence_lapses_unless_touched_and_each_lapse_is_claimed_once(
    make_store: StoreMaker,
) -> None:
    one, two = make_store(), make_store()
    try:
        now = time.time()
        await one.touch(
            [Presence("AAAAAA", 0, "c1", now + 0.2), Presence("AAAAAA", 1, "c2", now + 60)]
        )
        await two.touch([Presence("BBBBBB", 0, "c3", now + 0.2)])
        await two.touch([])
        assert await one.present("AAAAAA", now) == {0, 1}
        assert await two.lapsed(now, 10) == []
        later = now + 0.5
        assert await one.present("AAAAAA", later) == {1}
        claims = await asyncio.gather(one.lapsed(later, 10), two.lapsed(later, 10))
        assert sorted(code for claim in claims for code in claim) == ["AAAAAA", "BBBBBB"]
        assert await one.lapsed(later, 10) == []
        await one.touch([Presence("AAAAAA", 1, "c2", later + 60)])  # touched again: still there
        assert await two.present("AAAAAA", later + 30) == {1}
    finally:
        await one.close()
        await two.close()


async def test_every_write_reaches_another_process_watching_in_order(
    make_store: StoreMaker,
) -> None:
    writer, reader = make_store(), make_store()
    await writer.start()
    await reader.start()
    heard: list[tuple[str, Drawn | Room | None]] = []
    reader.listen(lambda code, news: heard.append((code, news)))
    try:
        room = a_room()
        await insert(writer, room)
        await reader.watch("ABCDEF")
        await reader.watch("BBBBBB")
        await reader.unwatch("BBBBBB")
        for name in ("甲", "乙", "丙"):
            new = room.join(name, token_hash(name), time.time())
            assert await swap(writer, new, room.revision)
            room = new
        other = a_room("BBBBBB")
        await insert(writer, other)  # no longer watched: not heard
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and (
            not heard or getattr(heard[-1][1], "revision", 0) != room.revision
        ):
            await asyncio.sleep(0.01)
        assert all(code == "ABCDEF" for code, _ in heard)
        messages = [news for _, news in heard]
        assert all(isinstance(news, Drawn) for news in messages)  # the writer's drawing, as is
        revisions = [news.revision for news in messages if isinstance(news, Drawn)]
        assert revisions == sorted(revisions)
        assert messages[-1] == shown(room)
    finally:
        await writer.close()
        await reader.close()


async def test_a_process_that_watched_nothing_hears_its_first_room_at_once(
    make_store: StoreMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite's poll slows down while nothing is watched; the first watch wakes it.
    monkeypatch.setattr(sqlite_store, "IDLE_POLL", 60.0)
    writer, reader = make_store(), make_store()
    await writer.start()
    await reader.start()
    heard: list[Drawn | Room | None] = []
    reader.listen(lambda code, news: heard.append(news))
    try:
        room = a_room()
        await insert(writer, room)
        await asyncio.sleep(0.1)  # the poll is asleep, nothing watched
        await reader.watch(room.code)
        later = room.join("小红", token_hash("u"), time.time())
        assert await swap(writer, later, room.revision)
        deadline = time.monotonic() + 10
        while not heard and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        assert heard == [shown(later)]
    finally:
        await writer.close()
        await reader.close()


async def test_a_lookup_reads_a_count_and_a_room_at_once(store: Store) -> None:
    room = a_room()
    await insert(store, room)
    await store.count("miss:1.2.3.4", 60)
    (count, left), found = await store.lookup("ABCDEF", "miss:1.2.3.4")
    assert (count, found) == (1, room)
    assert 0 < left <= 60
    assert await store.lookup("ZZZZZZ", "miss:5.6.7.8") == ((0, 0.0), None)
    (count, _), found = await store.lookup(None, "miss:1.2.3.4")
    assert (count, found) == (1, None)


async def test_redis_scripts_outlive_a_script_flush_and_killed_connections(
    redis_url: str, prefix: str
) -> None:
    # Redis restarted forgets its scripts and drops every connection: the next calls load the
    # scripts again and connect again, without an error reaching the caller.
    store = RedisStore(redis_url, TTL, prefix=prefix)
    try:
        room = a_room()
        assert await insert(store, room)
        assert (await store.lookup(room.code, "miss:x"))[1] == room
        await store.redis.script_flush()
        assert (await store.lookup(room.code, "miss:x"))[1] == room
        await store.redis.client_kill_filter(_type="normal")
        assert (await store.lookup(room.code, "miss:x"))[1] == room
        later = room.join("小红", token_hash("u"), time.time())
        assert await swap(store, later, room.revision)
        assert await store.get(room.code) == later
    finally:
        await store.close()
