// The stores' readers: every stored value of the page read back, and corrupt, foreign or edited
// values turned into defaults plus a one-line problem, with the unreadable value kept aside.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { MemoryStorage, page } from "./support.js";

const { LocalStore, KEYS, TURN_KEY, emptyBests } = await import(page("game/store.js"));
const { keepUnreadable, fnv1a, parseObject, wholeIn, numberIn } = await import(page("lib/storage.js"));
const { HistoryStore, readEntry, fingerprint } = await import(page("review/history-store.js"));
const { LuckStore } = await import(page("luck/luck-store.js"));
const { PracticeStore, readRound, weakest, themeStats } = await import(page("practice/practice-store.js"));

const { HISTORY_KEYS } = await import(page("review/history-store.js"));
const { LUCK_KEY } = await import(page("luck/luck-store.js"));
const { PRACTICE_KEY } = await import(page("practice/practice-store.js"));
const { OWNER_KEY } = await import(page("game/tabs.js"));

const game = { version: 1, mode: "single", finished: false, sides: [] };

test("players' data stays under the keys it has always had", () => {
  const keys = { ...KEYS, ...HISTORY_KEYS, luck: LUCK_KEY, practice: PRACTICE_KEY, owner: OWNER_KEY };
  assert.deepEqual(keys, {
    game: "yahtzee.game",
    bests: "yahtzee.records",
    lobby: "yahtzee.lobby",
    settings: "site.settings",
    summaries: "yahtzee.history",
    games: "yahtzee.history.games",
    luck: "yahtzee.luck",
    practice: "yahtzee.practice",
    owner: "yahtzee.owner",
  });
});

test("a saved game reads back; a corrupt or foreign one is set aside with a problem", () => {
  const backend = new MemoryStorage({ [KEYS.game]: JSON.stringify(game) });
  assert.deepEqual(new LocalStore(backend).loadGame(), { game, problem: null });
  for (const [raw, words] of [
    ["{not json", "已损坏"],
    ["[1, 2]", "已损坏"],
    [JSON.stringify({ ...game, version: 9 }), "不认识的版本"],
  ]) {
    const store = new MemoryStorage({ [KEYS.game]: raw });
    const { game: read, problem } = new LocalStore(store).loadGame();
    assert.equal(read, null);
    assert.match(problem, new RegExp(words));
    assert.match(problem, /原数据已另存/);
    assert.equal(store.getItem(KEYS.game), null);
    assert.equal(store.getItem(`${KEYS.game}.unreadable`), raw);
  }
  const finished = new MemoryStorage({ [KEYS.game]: JSON.stringify({ ...game, finished: true }) });
  assert.deepEqual(new LocalStore(finished).loadGame(), { game: null, problem: null });
  assert.equal(finished.getItem(KEYS.game), null);
});

test("a save is marked as keeping its turn; one from before, or edited since, is not", () => {
  const backend = new MemoryStorage();
  const store = new LocalStore(backend);
  assert.equal(store.savedAsStood(), false);
  assert.equal(store.saveGame(game), true);
  assert.equal(store.savedAsStood(), true);
  assert.deepEqual(store.loadGame(), { game, problem: null });
  // Another page (an older one) writes the game without the mark: its turn restarts.
  backend.setItem(KEYS.game, JSON.stringify({ ...game, round: 2 }));
  assert.equal(store.savedAsStood(), false);
  // A save from before the mark existed, alone.
  const before = new LocalStore(new MemoryStorage({ [KEYS.game]: JSON.stringify(game) }));
  assert.equal(before.savedAsStood(), false);
  store.clearGame();
  assert.equal(backend.getItem(TURN_KEY), null);
  // A full storage keeps neither (the page keeps its own copy, sync.js).
  const full = new LocalStore(new MemoryStorage({}, { full: true }));
  assert.equal(full.saveGame(game), false);
  assert.equal(full.savedAsStood(), false);
});

test("bests keep what can be read and count what cannot", () => {
  const stored = {
    version: 1,
    single: { best: 250, games: 4 },
    vs: { expert: { wins: 2, losses: "x", draws: 0, best: 99999 }, normal: { wins: 1 } },
  };
  const backend = new MemoryStorage({ [KEYS.bests]: JSON.stringify(stored) });
  const { bests, problem } = new LocalStore(backend).loadBests();
  assert.deepEqual(bests.single, { best: 250, games: 4 });
  assert.deepEqual(bests.vs.expert, { wins: 2, losses: 0, draws: 0, best: null });
  assert.deepEqual(bests.vs.normal, { wins: 1, losses: 0, draws: 0, best: null });
  assert.equal(problem, "纪录里有 2 项数值无法读取，其余照常（原数据已另存，新的成绩照常记录）");
  assert.equal(backend.getItem(KEYS.bests), JSON.stringify(stored)); // left in place
  for (const [raw, words] of [
    ["{{", "纪录数据已损坏，无法读取"],
    ["null", "纪录数据无法读取"],
    ['{"version": 2}', "纪录数据来自不认识的版本，无法读取"],
  ]) {
    const full = new MemoryStorage({ [KEYS.bests]: raw }, { full: true });
    const read = new LocalStore(full).loadBests();
    assert.deepEqual(read.bests, emptyBests());
    assert.equal(read.problem, `${words}（原数据无法另存，新的成绩会覆盖它）`);
  }
});

test("settings keep other games' fields and name what they could not read", () => {
  const raw = JSON.stringify({ sound: false, pace: "slow", vibrate: 3, other: 1 });
  const { settings, extra, problem } = new LocalStore(new MemoryStorage({ [KEYS.settings]: raw })).loadSettings();
  assert.deepEqual(settings, { sound: false, pace: "real" });
  assert.equal(extra.other, 1);
  assert.equal(problem, "设置里「震动」「电脑出牌节奏」的值无法识别，已改回默认（开、真实）");
  const broken = new LocalStore(new MemoryStorage({ [KEYS.settings]: "{" })).loadSettings();
  assert.equal(broken.problem, "设置数据已损坏，已恢复默认设置");
  assert.equal(
    new LocalStore(new MemoryStorage({ [KEYS.settings]: "[]" })).loadSettings().problem,
    "设置数据无法读取，已恢复默认设置",
  );
});

test("the lobby's choices fall back one by one to the defaults", () => {
  const read = (value) => new LocalStore(new MemoryStorage({ [KEYS.lobby]: value })).loadLobby();
  assert.deepEqual(read('{"mode": "practice", "difficulty": "expert", "first": "random"}'), {
    mode: "practice",
    difficulty: "expert",
    first: "random",
  });
  assert.deepEqual(read('{"mode": "duel", "difficulty": "godlike", "first": "computer"}'), {
    mode: "single",
    difficulty: "normal",
    first: "computer",
  });
  assert.deepEqual(read("not json"), { mode: "single", difficulty: "normal", first: "me" });
});

test("storage that fails says why, once, and says when it works again", () => {
  const heard = [];
  const backend = new MemoryStorage({}, { full: true });
  const store = new LocalStore(backend, (kind) => heard.push(kind));
  assert.equal(store.saveGame(game), false);
  assert.equal(store.saveGame(game), false);
  backend.full = false;
  assert.equal(store.saveGame(game), true);
  assert.deepEqual(heard, ["full", null]);
  const none = new LocalStore(null, (kind) => heard.push(kind));
  assert.equal(none.read(KEYS.game), null);
  assert.equal(none.trouble, "unavailable");
});

test("a kept copy is never overwritten and never written twice", () => {
  const backend = new MemoryStorage();
  const store = { read: (k) => backend.getItem(k), write: (k, v) => (backend.setItem(k, v), true) };
  assert.equal(keepUnreadable(store, "k", "first"), true);
  assert.equal(keepUnreadable(store, "k", "first"), true);
  assert.equal(keepUnreadable(store, "k", "second"), true);
  assert.equal(keepUnreadable(store, "k", "second"), true);
  const tag = fnv1a("second").toString(16).padStart(8, "0");
  assert.deepEqual(backend.kept(), { "k.unreadable": "first", [`k.unreadable.${tag}`]: "second" });
});

test("FNV-1a, objects and figures read from storage", () => {
  assert.equal(fnv1a(""), 0x811c9dc5);
  assert.equal(fnv1a("a"), 0xe40c292c); // the published 32-bit FNV-1a of "a"
  assert.equal(fingerprint({ sides: [{ log: ["a"] }] }), fnv1a('[["a"]]').toString(36));
  assert.deepEqual(parseObject('{"a": 1}'), { a: 1 });
  for (const raw of [null, "", "[]", "null", "3", "{"]) assert.equal(parseObject(raw), null);
  assert.equal(wholeIn(3, 0, 5), 3);
  assert.equal(wholeIn(3.5, 0, 5), null);
  assert.equal(numberIn(3.5, 0, 5), 3.5);
  assert.equal(numberIn("3", 0, 5), null);
  assert.equal(numberIn(6, 0, 5), null);
});

const entry = {
  id: "a",
  date: "2024-06-11T14:02:00.000Z",
  mode: "single",
  difficulty: null,
  outcome: null,
  total: 250,
};

test("a history entry is read field by field", () => {
  assert.equal(readEntry({ ...entry, total: 10 ** 21 }), null);
  assert.equal(readEntry({ ...entry, mode: "duel" }), null);
  assert.equal(readEntry({ ...entry, date: "yesterday" }), null);
  const read = readEntry({ ...entry, difficulty: "godlike", outcome: "win", loss: 3, average: 0.1, decisions: 30 });
  assert.equal(read.difficulty, null);
  assert.equal(read.outcome, "win");
  assert.equal(read.loss, 3);
  const partial = readEntry({ ...entry, loss: 10 ** 21, average: 0.1, decisions: 30, luck: 2 });
  assert.equal(partial.luck, null); // without its loss the figures are dropped together
  assert.equal(readEntry({ ...entry, decisions: 400, loss: 1, average: 0.1 }).decisions, null);
});

test("the history keeps copies of unreadable lists once, and the server's 4 decimals", () => {
  const backend = new MemoryStorage({ "yahtzee.history.unreadable": "first break", "yahtzee.history": "second break" });
  const store = new HistoryStore(backend);
  for (let i = 0; i < 3; i += 1) store.load();
  assert.deepEqual(Object.values(backend.kept()).sort(), ["first break", "second break"]);
  const full = new HistoryStore(new MemoryStorage({ "yahtzee.history": "broken" }, { full: true }));
  assert.match(full.load().problem, /原数据无法另存/);
  backend.clear();
  store.add({ ...entry, fp: "a" });
  store.add({ ...entry, id: "b", fp: "a" }); // the same game again
  const review = { luck: 3.2496, loss: 12.3449, risk_loss: 0.0449, decisions: 30, optimal: 20, average_loss: 0.4115 };
  store.setReview("a", { ...review, hinted: 0 });
  const [kept] = JSON.parse(backend.getItem("yahtzee.history")).games;
  assert.deepEqual([kept.luck, kept.loss, kept.risk], [3.2496, 12.3449, 0.0449]);
  assert.equal(store.load().entries.length, 1);
});

test("the history keeps what the risks cost apart from the mistakes", () => {
  const store = new HistoryStore(new MemoryStorage());
  store.add({ ...entry, id: "r", fp: "r", mode: "vs", difficulty: "expert", outcome: "win", total: 251 });
  const review = { luck: 3.5, loss: 1.25, risk_loss: 2.6789, risks: 2, decisions: 30, optimal: 26 };
  store.setReview("r", { ...review, average_loss: 0.0417, hinted: 0 });
  const [read] = store.load().entries;
  assert.deepEqual([read.loss, read.risk, read.luck, read.average], [1.25, 2.6789, 3.5, 0.0417]);
});

test("every unreadable history list is kept before it is replaced", () => {
  const backend = new MemoryStorage({ "yahtzee.history": "[[[not json", "yahtzee.history.games": '{"version": 9}' });
  const store = new HistoryStore(backend);
  store.add({ id: "a", fp: "a" });
  store.addGame("a", { sides: [] });
  backend.setItem("yahtzee.history", "broken again");
  store.add({ id: "b", fp: "b" });
  const kept = backend.kept();
  assert.equal(kept["yahtzee.history.unreadable"], "[[[not json");
  assert.equal(kept["yahtzee.history.games.unreadable"], '{"version": 9}');
  assert.equal(Object.keys(kept).length, 3);
  assert.equal(JSON.parse(backend.getItem("yahtzee.history.games")).games.length, 1);
});

test("the luck store reads days and tries, and counts a day's first try only", () => {
  const days = { "2024-06-10": { record: "r", started: 1, first: 200, expert: 250 }, bad: { record: "x" } };
  const raw = JSON.stringify({ version: 1, records: { r: [200, "x", 10 ** 9] }, days });
  const backend = new MemoryStorage({ "yahtzee.luck": raw });
  const luck = new LuckStore({ read: (k) => backend.getItem(k), write: (k, v) => (backend.setItem(k, v), true) });
  assert.equal(luck.load(), null);
  assert.deepEqual(luck.tries("r"), [200]);
  assert.deepEqual(Object.keys(luck.days), ["2024-06-10"]);
  assert.equal(luck.startDay("2024-06-11", "q"), true);
  assert.equal(luck.finishDay("2024-06-11", "q", 230), true);
  assert.equal(luck.startDay("2024-06-11", "q"), false);
  assert.equal(luck.finishDay("2024-06-11", "q", 260), false);
  assert.equal(luck.day("2024-06-11").first, 230);
  assert.equal(luck.streak("2024-06-11"), 2);
  assert.equal(luck.streak("2024-06-13"), 0);
  backend.setItem("yahtzee.luck", "{broken");
  const again = new LuckStore({ read: (k) => backend.getItem(k), write: (k, v) => (backend.setItem(k, v), true) });
  assert.match(again.load(), /原数据已另存/);
  assert.equal(backend.getItem("yahtzee.luck.unreadable"), "{broken");
});

const answer = (theme, loss, best) => ({ theme, loss, best });

test("练习's progress reads rounds one by one and keeps an unreadable value aside", () => {
  const good = { date: "2024-06-11T14:02:00.000Z", theme: "mixed", seed: 7, answers: [answer("chance", 0.5, false)] };
  const rounds = [
    good,
    { ...good, seed: 2 ** 40 },
    { ...good, answers: [answer("nope", 1, true)] },
    { ...good, seed: -1 },
  ];
  const backend = new MemoryStorage({ "yahtzee.practice": JSON.stringify({ version: 1, theme: "chance", rounds }) });
  const store = new PracticeStore(backend);
  const read = store.load();
  assert.deepEqual(read.rounds, [good]);
  assert.equal(read.theme, "chance");
  assert.equal(read.problem, "练习进度里有 3 轮记录无法读取，已跳过");
  assert.equal(readRound({ ...good, answers: [] }), null);
  backend.setItem("yahtzee.practice", "{not json");
  assert.match(store.load().problem, /原数据已另存/);
  assert.equal(store.addRound({ theme: "mixed", seed: 3, answers: [answer("chance", 0.123456, true)] }), true);
  const saved = JSON.parse(backend.getItem("yahtzee.practice"));
  assert.equal(saved.rounds[0].answers[0].loss, 0.1235);
  assert.equal(backend.getItem("yahtzee.practice.unreadable"), "{not json");
});

test("the weakest theme is the one with the largest average loss", () => {
  const rounds = [
    { answers: [answer("chance", 0.5, false), answer("chance", 0.1, true), answer("straight_draw", 2, false)] },
  ];
  const stats = Object.fromEntries(themeStats(rounds).map((s) => [s.theme, [s.answers, s.best, s.average]]));
  assert.deepEqual(stats, { chance: [2, 1, 0.3], straight_draw: [1, 0, 2] });
  assert.equal(weakest(rounds).theme, "straight_draw");
  assert.equal(weakest([]), null);
});
