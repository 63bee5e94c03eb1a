// The page's entry point: build the pieces and start the GameManager (controller.js).
//
// For developers: `?fast=1` in the page address (used by the browser tests) switches off
// animations and transitions and cuts every pause of the computer's turn to ~20 ms (or none);
// everything else behaves as usual. It is off by default: without exactly `fast=1` in the query
// the computer thinks for the pace chosen in the settings (真实 2–5 s, 较快 1–2 s). All the
// timings are in timing.js.

import { Api } from "./lib/api.js";
import { GameManager } from "./game/controller.js";
import { Reviews } from "./review/history.js";
import { Practice } from "./practice/practice.js";
import { Rooms } from "./rooms/rooms.js";
import { Input } from "./ui/input.js";
import { Luck } from "./luck/luck.js";
import { Sound } from "./ui/sound.js";
import { SeatEditor } from "./table/seat-editor.js";
import { LocalStore } from "./game/store.js";
import { TabGuard } from "./game/tabs.js";
import { FAST } from "./lib/timing.js";
import { View } from "./ui/view.js";
import { BUBBLE_ID, BoxRules } from "./ui/box-rules.js";
import { Bubble } from "./ui/bubble.js";
import { Walkthrough } from "./ui/walkthrough.js";

// Build the pieces and start.
function boot() {
  if (FAST) document.documentElement.classList.add("fast");
  const backend = localStorageOrNull();
  let manager = null;
  const bubble = new Bubble(document, BUBBLE_ID); // a few words beside a control, one at a time
  // What the pieces built before the manager call on it, once it is there.
  const message = (text, title) => manager && manager.ui.message(text, title);
  const store = new LocalStore(backend, () => manager && manager.sync.updateNotice());
  const guard = new TabGuard(backend, () => manager && manager.sync.checkTabs());
  const luck = new Luck({
    api: new Api(),
    store,
    message,
    start: (settings) => manager.startAsking(settings),
    snap: () => manager.board.snap,
    saved: () => manager && manager.sync.saved,
    redraw: () => manager.render(),
  });
  const reviews = new Reviews({ api: new Api(), backend, message, replay: (game) => luck.replayGame(game) });
  manager = new GameManager({
    api: new Api(),
    view: new View(document, bubble),
    input: new Input(document, document.getElementById("game"), document.getElementById("dice")),
    store,
    sound: new Sound(),
    guard,
    reviews,
    luck,
    practice: new Practice({ api: new Api(), backend, message, lobby: () => manager && manager.showLobby() }),
    table: new SeatEditor({ backend }),
    tour: new Walkthrough(document.getElementById("tour-dialog"), backend),
  });
  manager.init();
  new BoxRules(document, bubble); // a box's rule at a tap on its name, in the game and in 练习
  new Rooms({ api: new Api(), backend, reviews, message, lobby: () => manager.showLobby() }).load();
  window.yahtzeeReady = true; // the browser tests wait for this before they act
  registerWorker();
}

// The browser's localStorage, or null: some private modes throw on access (the game then plays
// without saving).
function localStorageOrNull() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// The service worker keeps this release's files and the offline page (/sw.js). Under ?fast=1
// the browser tests talk to the server with nothing between; its own tests open the page
// without. The CSP takes script URLs only from a Trusted Types policy: this one knows one URL.
function registerWorker() {
  if (FAST || !("serviceWorker" in navigator)) return;
  let url = "/sw.js";
  if (window.trustedTypes) {
    const policy = window.trustedTypes.createPolicy("service-worker", {
      createScriptURL: (wanted) => {
        if (wanted !== "/sw.js") throw new TypeError(`not the service worker: ${wanted}`);
        return wanted;
      },
    });
    url = policy.createScriptURL(url);
  }
  navigator.serviceWorker.register(url).catch(() => {});
}

boot();
