// Small SVG line charts drawn with DOM calls (no library, no inline styles: colours come from
// chart.css through class names). A chart is drawn at its container's pixel width, so labels
// keep their size on a phone; the caller redraws it when that width changes.

import { svg } from "./dom.js";

const MIN_WIDTH = 220; // a chart is never drawn narrower, whatever its box

// Round tick values covering [min, max] with about `count` steps: 1, 2 or 5 times a power of ten.
export function niceTicks(min, max, count = 5) {
  if (!(max > min)) {
    const pad = Math.abs(min) > 1 ? Math.abs(min) * 0.05 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || 10 * power;
  const first = Math.floor(min / step) * step;
  const ticks = [];
  for (let v = first; v <= max + step * 1e-9 || ticks.length < 2; v += step) {
    ticks.push(Number(v.toFixed(10)));
  }
  if (ticks[ticks.length - 1] < max) ticks.push(Number((ticks[ticks.length - 1] + step).toFixed(10)));
  return ticks;
}

// Where a chart's values go: its size, margins and y ticks, and `px(x)` / `py(y)` mapping a value
// to the pixel it is drawn at. Pure arithmetic over the spec (see lineChart), no DOM.
export function chartScale(spec) {
  const width = Math.max(MIN_WIDTH, Math.round(spec.width));
  const height = spec.height;
  const margin = { top: 14, right: spec.end ? 44 : 14, bottom: 24, left: 42 };
  const values = spec.lines.flatMap((line) => line.points.map(([, y]) => y));
  for (const ref of spec.refs || []) values.push(ref.y);
  const ticks = niceTicks(spec.yMin ?? Math.min(...values), spec.yMax ?? Math.max(...values), height < 200 ? 4 : 5);
  const low = Math.min(spec.yMin ?? Math.min(...values), ticks[0]);
  const high = Math.max(spec.yMax ?? Math.max(...values), ticks[ticks.length - 1]);
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const span = spec.xMax - spec.xMin || 1;
  return {
    width,
    height,
    margin,
    ticks,
    px: (x) => margin.left + ((x - spec.xMin) / span) * plotW,
    py: (y) => margin.top + (1 - (y - low) / (high - low || 1)) * plotH,
  };
}

// An SVG text element at (x, y) with `text`.
function label(x, y, text, className = null) {
  const el = svg("text", { x, y, class: className });
  el.textContent = text;
  return el;
}

// A class name with an optional extra one.
function classes(base, extra) {
  return `${base} ${extra || ""}`.trim();
}

// The grid: y ticks with their values, faint round separators, the x labels.
function drawGrid(root, spec, scale) {
  const { width, height, margin, px, py } = scale;
  const grid = svg("g", { class: "chart-grid", "aria-hidden": "true" });
  for (const tick of scale.ticks) {
    const y = py(tick);
    grid.append(svg("line", { x1: margin.left, x2: width - margin.right, y1: y, y2: y }));
    grid.append(label(margin.left - 6, y + 4, tick.toFixed(spec.yDigits ?? 0), "chart-ytick"));
  }
  for (const x of spec.bands || []) {
    grid.append(svg("line", { class: "chart-band", x1: px(x), x2: px(x), y1: margin.top, y2: height - margin.bottom }));
  }
  for (const { x, text } of spec.xLabels || []) grid.append(label(px(x), height - 7, text, "chart-xtick"));
  root.append(grid);
}

// The reference lines, under the data; returns a function that writes their words over it.
function drawRefs(root, spec, scale) {
  const { width, margin, py } = scale;
  const group = (ref) => svg("g", { class: classes("chart-ref", ref.className), "aria-hidden": "true" });
  for (const ref of spec.refs || []) {
    const g = group(ref);
    g.append(svg("line", { x1: margin.left, x2: width - margin.right, y1: py(ref.y), y2: py(ref.y) }));
    root.append(g);
  }
  return () => {
    for (const ref of spec.refs || []) {
      const g = group(ref);
      const { x, y, anchor } = refPlace(ref, spec, scale);
      const words = label(x, y, ref.text);
      if (anchor) words.setAttribute("text-anchor", anchor);
      g.append(words);
      root.append(g);
    }
  };
}

const REF_TEXT = 11; // px: the size of a reference line's words (chart.css .chart-ref text)

// Where a reference line's words go: above or below it, at its left or right end, wherever the
// data lines keep farthest from them (a line that starts on the reference would run through
// words put on it, 「开局期望 254.6」 over the expected total's first steps), and never below the
// plot, where the x labels are (「高手 0.2」 near a trend's floor ran into 「第 1 轮」).
export function refPlace(ref, spec, { width, height, margin, px, py }) {
  const wide = [...ref.text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 255 ? REF_TEXT : REF_TEXT * 0.6), 0);
  const at = py(ref.y);
  const left = margin.left + 4;
  const right = width - margin.right - 4;
  const points = spec.lines.flatMap((line) => line.points.map(([x, y]) => [px(x), py(y)]));
  const places = [
    { x: left, y: at - 4, span: [left, left + wide], rows: [at - 4 - REF_TEXT, at - 4] },
    { x: left, y: at + 4 + REF_TEXT, span: [left, left + wide], rows: [at + 4, at + 4 + REF_TEXT] },
    { x: right, y: at - 4, span: [right - wide, right], rows: [at - 4 - REF_TEXT, at - 4], anchor: "end" },
    { x: right, y: at + 4 + REF_TEXT, span: [right - wide, right], rows: [at + 4, at + 4 + REF_TEXT], anchor: "end" },
  ];
  // How near the data comes to a place's words (0: through them; −1: off the plot); the first
  // place wins a tie.
  const clearance = ({ span, rows }) => {
    if (rows[1] > height - margin.bottom) return -1;
    let near = Infinity;
    for (const [x, y] of points) {
      if (x < span[0] - 6 || x > span[1] + 6) continue;
      near = Math.min(near, y < rows[0] ? rows[0] - y : y > rows[1] ? y - rows[1] : 0);
    }
    return Math.min(near, 12); // far enough is far enough: keep the usual place
  };
  let best = places[0];
  for (const place of places.slice(1)) if (clearance(place) > clearance(best)) best = place;
  return best;
}

// The data lines.
function drawLines(root, spec, { px, py }) {
  for (const line of spec.lines) {
    if (!line.points.length) continue;
    const d = line.points.map(([x, y], i) => `${i ? "L" : "M"}${px(x).toFixed(1)} ${py(y).toFixed(1)}`).join("");
    root.append(svg("path", { d, class: classes("chart-line", line.className) }));
  }
}

// One dot, with its words as a tooltip.
function drawDot(root, dot, { px, py }) {
  const circle = svg("circle", { cx: px(dot.x), cy: py(dot.y), r: dot.r || 3, class: dot.className || "chart-dot" });
  if (dot.title) {
    const title = svg("title");
    title.textContent = dot.title;
    circle.append(title);
  }
  root.append(circle);
}

// The mark nearest to a pointer press on `root`, among `marks` drawn at `centres` ([x, y] each).
function nearestMark(root, scale, marks, event) {
  const box = root.getBoundingClientRect();
  const x = ((event.clientX - box.left) * scale.width) / (box.width || scale.width);
  const y = ((event.clientY - box.top) * scale.height) / (box.height || scale.height);
  let best = null;
  let distance = Infinity;
  for (const mark of marks) {
    const d = (scale.px(mark.x) - x) ** 2 + (scale.py(mark.y) - y) ** 2;
    if (d < distance) [best, distance] = [mark, d];
  }
  return best;
}

// The marks: focusable, clickable dots. The hit circles of marks close together overlap, so the
// one drawn later would take a tap meant for its neighbour: a pointer press goes to the mark
// whose dot is nearest to it.
function drawMarks(root, marks, scale) {
  const { px, py } = scale;
  for (const mark of marks) {
    const g = svg("g", {
      ...(mark.attrs || {}),
      class: classes("chart-mark", mark.className),
      tabindex: 0,
      role: "button",
      "aria-label": mark.title,
    });
    const title = svg("title");
    title.textContent = mark.title;
    g.append(title);
    // A larger transparent circle makes the mark easy to hit with a finger.
    g.append(svg("circle", { class: "chart-hit", cx: px(mark.x), cy: py(mark.y), r: Math.max(11, mark.r + 6) }));
    g.append(svg("circle", { class: "chart-mark-dot", cx: px(mark.x), cy: py(mark.y), r: mark.r }));
    g.addEventListener("click", (event) =>
      (event.detail > 0 ? nearestMark(root, scale, marks, event) : mark).onActivate(),
    );
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        mark.onActivate();
      }
    });
    root.append(g);
  }
}

// Draw a line chart into `container` (replacing what was there) and return the <svg>.
//
// spec: {width, height, label, xMin, xMax, yMin?, yMax?, yDigits,
//        lines: [{points: [[x, y]…], className}], bands: [x…] (faint vertical separators),
//        xLabels: [{x, text}], refs: [{y, text, className}], dots: [{x, y, r, className, title}],
//        overlay: [dots drawn over the marks],
//        marks: [{x, y, r, className, title, onActivate, attrs}] (focusable, clickable),
//        end: {x, y, text}}
export function lineChart(container, spec) {
  const scale = chartScale(spec);
  const { width, height } = scale;
  const marks = spec.marks || [];
  const root = svg("svg", {
    class: "chart",
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    // An image has no parts a screen reader enters: with marks to press, the chart is a group.
    role: marks.length ? "group" : "img",
    "aria-label": spec.label,
  });
  drawGrid(root, spec, scale);
  const refWords = drawRefs(root, spec, scale);
  drawLines(root, spec, scale);
  refWords();
  for (const dot of spec.dots || []) drawDot(root, dot, scale);
  drawMarks(root, marks, scale);
  // Small dots a mark nearby would hide (a hint used just before a mistake), drawn over the
  // marks; they let clicks through to them.
  for (const dot of spec.overlay || []) {
    drawDot(root, { ...dot, className: `${dot.className || "chart-dot"} chart-overlay` }, scale);
  }
  if (spec.end) root.append(label(scale.px(spec.end.x) + 6, scale.py(spec.end.y) + 4, spec.end.text, "chart-end"));
  container.replaceChildren(root);
  return root;
}
