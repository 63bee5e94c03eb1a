// The service worker: it keeps this release's files, so the page opens at once, and an offline
// page that says plainly that play needs the connection. The server serves it at /sw.js (its
// scope is the whole site) with this release's version and files written in (assets.py).
//
// No stale-cache trap: the page itself always comes from the network (the offline page only
// when there is none); the files it names are versioned, so a new release names new URLs, and
// each release's worker deletes the caches of the releases before it. The API is never cached.

const VERSION = "dev";
const PRECACHE = [];
const CACHE = `yahtzee-${VERSION}`;
const ASSETS = `/static/${VERSION}/`;
const OFFLINE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith(ASSETS)) event.respondWith(asset(request));
  // Anything else, the API above all, goes to the network as if there were no worker.
});

// A page from the network; offline, the page that says so.
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE);
    if (offline) return offline;
    throw error;
  }
}

// A versioned file: the same URL is always the same bytes, so the cached copy is good.
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
