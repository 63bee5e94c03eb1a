// Storage primitives every store of the page builds on: a key store that never throws, the
// copy kept aside of a value that cannot be read, and the checks of a figure read back. Every
// reader survives corrupt or foreign data.

// Where an unreadable value of a key is kept before anything replaces it: the key plus this.
const KEPT_SUFFIX = ".unreadable";

// Copy the unreadable value `raw` of `key` aside (key + KEPT_SUFFIX) through `store`, anything
// with read(key) and write(key, value) -> bool; true when a copy is there. An earlier copy is
// never overwritten: a different one gets a key of its own, named by its content, so no
// player's data is ever lost to a second problem and reading the same value again (every
// load, until a new game replaces it) copies nothing more. Every store of the page (the
// game's, the history's, 练习's, the luck's) keeps its unreadable values this way.
export function keepUnreadable(store, key, raw) {
  const base = key + KEPT_SUFFIX;
  const kept = store.read(base);
  if (kept === raw) return true;
  if (kept === null) return store.write(base, raw);
  const named = `${base}.${contentTag(raw)}`;
  const there = store.read(named);
  if (there === raw) return true;
  return store.write(there === null ? named : `${named}.${Date.now()}`, raw);
}

// A short, stable hash of a text (32-bit FNV-1a): names a kept copy, fingerprints a game.
export function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

// A short tag of a text's content (hex): one key per distinct kept copy.
function contentTag(text) {
  return fnv1a(text).toString(16).padStart(8, "0");
}

// The object stored as JSON text `raw` (not an array), else null: missing, corrupt or foreign.
export function parseObject(raw) {
  if (raw === null || raw === undefined) return null;
  try {
    const data = JSON.parse(raw);
    return data && typeof data === "object" && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}

// `value` when it is a (non-array) object, else an empty one: a part of stored data to read on.
export function objectOr(value) {
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

// A number read from storage, from `low` to `high`, else null: stored data may have been edited
// and is shown before the server ever checks it.
export function numberIn(value, low, high) {
  return typeof value === "number" && value >= low && value <= high ? value : null;
}

// A whole number read from storage, from `low` to `high`, else null.
export function wholeIn(value, low, high) {
  return Number.isInteger(value) ? numberIn(value, low, high) : null;
}

// Reads and writes keys of a backend (window.localStorage in the page, or null when storage is
// unavailable), never throwing: the stores of the history and of 练习 build on it.
export class KeyStore {
  constructor(backend) {
    this.backend = backend;
  }

  // A key's raw text; null when missing or storage is unavailable.
  read(key) {
    try {
      return this.backend ? this.backend.getItem(key) : null;
    } catch {
      return null;
    }
  }

  // Write a key; false when storage is full or unavailable.
  write(key, value) {
    try {
      if (!this.backend) return false;
      this.backend.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }
}
