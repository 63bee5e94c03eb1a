// The sounds' audio context (ui/sound.js): made on the first press, suspended once quiet, and
// running again for the next press or sound.

import "./support.js";
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import { page } from "./support.js";

// An audio node that takes every call a sound makes of it.
function node() {
  const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
  const self = { gain: param, frequency: param, Q: param, connect: () => self, start() {}, stop() {} };
  return self;
}

// Enough of an AudioContext for the sounds: its state, and the nodes they make.
class FakeContext {
  constructor() {
    this.state = "running";
    this.currentTime = 0;
    this.sampleRate = 8000;
    this.destination = node();
    FakeContext.made += 1;
  }

  suspend() {
    this.state = "suspended";
    return Promise.resolve();
  }

  resume() {
    this.state = "running";
    return Promise.resolve();
  }

  createOscillator = node;
  createGain = node;
  createBufferSource = node;
  createBiquadFilter = node;
  createBuffer = (channels, length) => ({ getChannelData: () => new Float32Array(length) });
}
FakeContext.made = 0;

globalThis.window = { AudioContext: FakeContext };
const { Sound } = await import(page("ui/sound.js"));

beforeEach(() => mock.timers.enable({ apis: ["setTimeout", "Date"] }));
afterEach(() => mock.timers.reset());

test("the context runs for a while after the last sound ends, then is suspended", () => {
  const sound = new Sound(null);
  sound.score(); // its second note ends 0.4 s from now
  const context = sound.context;
  assert.equal(context.state, "running");
  mock.timers.tick(6300);
  assert.equal(context.state, "running");
  sound.hold(); // a sound meanwhile keeps it running from its own end
  mock.timers.tick(6000);
  assert.equal(context.state, "running");
  mock.timers.tick(100);
  assert.equal(context.state, "suspended");
});

test("the next press or sound resumes the same context", () => {
  const sound = new Sound(null);
  const made = FakeContext.made;
  sound.audio(); // a press, before any sound
  mock.timers.tick(6001);
  assert.equal(sound.context.state, "suspended");
  sound.roll();
  assert.equal(sound.context.state, "running");
  assert.equal(FakeContext.made, made + 1);
  mock.timers.tick(6500);
  assert.equal(sound.context.state, "suspended");
});

test("with sounds off no context is made", () => {
  const sound = new Sound(null);
  sound.setEnabled(false);
  sound.fanfare();
  assert.equal(sound.audio(), null);
  assert.equal(sound.context, null);
});
