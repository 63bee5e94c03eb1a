// The request helper: busy while an action is out, stale answers dropped, failures told once.

import "./support.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./support.js";

const { Requests } = await import(page("lib/request.js"));

// A promise with its resolve and reject at hand.
function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function helper() {
  const said = [];
  let idle = 0;
  const requests = new Requests({ message: (text, title) => said.push([text, title]) }, () => (idle += 1));
  return { requests, said, idle: () => idle };
}

test("an action is busy until it ends, then the table redraws", async () => {
  const { requests, idle } = helper();
  const answer = deferred();
  const done = requests.run("roll", async (wait) => {
    assert.equal(await wait(answer.promise), 6);
  });
  assert.equal(requests.busy, true);
  assert.equal(requests.doing, "roll");
  answer.resolve(6);
  assert.equal(await done, "done");
  assert.equal(requests.busy, false);
  assert.equal(idle(), 1);
});

test("an answer that comes back after a halt or a fresh start is dropped", async () => {
  const { requests, idle, said } = helper();
  const late = deferred();
  let after = false;
  const first = requests.run("score", async (wait) => {
    await wait(late.promise);
    after = true;
  });
  requests.halt();
  assert.equal(requests.busy, false);
  late.resolve("old");
  assert.equal(await first, "stale");
  assert.equal(after, false);
  assert.equal(idle(), 0);
  const slow = deferred();
  const older = requests.run("hint", (wait) => wait(slow.promise));
  const fresh = requests.run("start", async () => {}, { fresh: true });
  assert.equal(await fresh, "done");
  slow.reject(new Error("gone"));
  assert.equal(await older, "stale");
  assert.deepEqual(said, []); // a stale failure is not shown
});

test("a failure is told in one line, the English detail only in the title", async () => {
  const { requests, said } = helper();
  const fail = (message) => requests.run("roll", async () => Promise.reject(new Error(message)));
  assert.equal(await fail("这一局的数据有误：sides[0].log: bad entry"), "failed");
  assert.equal(await fail("连不上游戏服务器：请检查网络"), "failed");
  await requests.run("roll", async () => Promise.reject(null));
  assert.deepEqual(said, [
    ["这一局的数据有误", "这一局的数据有误：sides[0].log: bad entry"],
    ["连不上游戏服务器：请检查网络", "连不上游戏服务器：请检查网络"],
    ["出错了，请再试一次", "出错了，请再试一次"],
  ]);
});

test("an action's own failure and its settle run instead of the usual ones", async () => {
  const { requests, said } = helper();
  const seen = [];
  const outcome = await requests.run(
    "computer",
    async () => {
      throw new Error("no");
    },
    { failed: (error) => seen.push(error.message), settle: () => seen.push("settled") },
  );
  assert.equal(outcome, "failed");
  assert.deepEqual(seen, ["no", "settled"]);
  assert.deepEqual(said, []);
});

test("a failure's message goes once a request goes through, and no other message does", async () => {
  const hidden = [];
  const said = [];
  const ui = { message: (text) => said.push(text), hideMessage: (text) => hidden.push(text) };
  const requests = new Requests(ui, () => {});
  const offline = Object.assign(new Error("Failed to fetch"), { name: "TypeError" });
  assert.equal(
    await requests.run("roll", async () => {
      throw offline;
    }),
    "failed",
  );
  assert.equal(said.length, 1);
  assert.equal(await requests.run("roll", async () => {}), "done");
  assert.deepEqual(hidden, [said[0]]); // only while it still says the failure
  assert.equal(await requests.run("roll", async () => {}), "done");
  assert.deepEqual(hidden, [said[0]]); // once
});
