// The DOM helpers every drawing module shares.

const SVG_NS = "http://www.w3.org/2000/svg";

// Create an element with a class name and optional text.
export function make(tag, className = "", text = "") {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== "") el.textContent = text;
  return el;
}

// What each element drawn through `redraw` last showed.
const drawn = new WeakMap();

// Call `draw` to fill `el` unless `look` (a string naming what it would show) is what it showed
// last: an element written again with the same content is restyled and laid out again for nothing.
export function redraw(el, look, draw) {
  if (drawn.get(el) === look) return;
  drawn.set(el, look);
  draw();
}

// Set `el`'s text, unless it has it already (the same reason).
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// A button (never a form's submit) with a class and text.
export function button(className, text = "") {
  const el = make("button", className, text);
  el.type = "button";
  return el;
}

// A table head of column headers, one per text.
export function columnHeads(texts) {
  const row = make("tr");
  for (const text of texts) {
    const th = make("th", "", text);
    th.scope = "col";
    row.append(th);
  }
  const thead = make("thead");
  thead.append(row);
  return thead;
}

// Create an SVG element with attributes (null and undefined ones are left out).
export function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  return el;
}

// Add the page's style sheets `names` (files of css/) once each; resolves when all have loaded
// (or failed: the page still works without them). A feature's sheets come with its modules.
export function loadStylesheets(doc, ...names) {
  return Promise.all(names.map((name) => loadStylesheet(doc, new URL(`../../css/${name}`, import.meta.url).href)));
}

// Add the style sheet at `href` to the page once; resolves when it has loaded (or failed).
function loadStylesheet(doc, href) {
  const there = [...doc.querySelectorAll('link[rel="stylesheet"]')].find((link) => link.href === href);
  if (there) return Promise.resolve();
  return new Promise((resolve) => {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
    doc.head.append(link);
  });
}

// What `load()` resolves to (modules and style sheets a feature needs), loaded on first use: the
// returned function resolves to it, or to null after `failed()` has told the player; a failed
// load is tried again on the next call.
export function onFirstUse(load, failed) {
  let loading = null;
  return async () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = null; // try again on the next click
      });
    }
    try {
      return await loading;
    } catch {
      failed();
      return null;
    }
  };
}
