// Every pause and animation length of the page, in one place. `?fast=1` (see main.js) cuts them
// to nothing or ~20 ms for the browser tests.

export const FAST = new URLSearchParams(window.location.search).get("fast") === "1";

// Wait `ms` milliseconds.
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// How long the roll tumble lasts: 500 ms, 150 ms with reduced motion, none with ?fast=1.
export function rollMs() {
  if (FAST) return 0;
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 150 : 500;
}

// The computer's thinking pause for the chosen pace (真实 2–5 s, 较快 1–2 s).
export function computerPause(pace) {
  if (FAST) return 20;
  const [low, high] = pace === "fast" ? [1000, 2000] : [2000, 5000];
  return low + Math.random() * (high - low);
}

// A short beat before the computer's first roll of a turn, so the change of turn is seen.
export function leadInMs() {
  return FAST ? 20 : 700;
}

// The gap between the computer's kept dice lifting, one by one.
export function liftMs() {
  return FAST ? 0 : 280;
}

// How long the computer's chosen box stays highlighted before its points are written.
export function chooseMs() {
  return FAST ? 0 : 900;
}

// How long 「轮到 小红」 shows when the turn passes to a person at a table: long enough to read
// and pass the phone (the same with reduced motion, which only drops its movement).
export function handoverMs() {
  return FAST ? 60 : 1300;
}
