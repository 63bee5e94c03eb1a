// Small SVG line charts drawn with DOM calls (no library, no inline styles: colours come from
// review.css through class names). A chart is drawn at its container's pixel width, so labels
// keep their size on a phone; the caller redraws it when that width changes.

import { svg } from "./dom.js";

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

// Format a tick value without float noise.
function tickText(value, digits) {
  return value.toFixed(digits);
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
  const width = Math.max(220, Math.round(spec.width));
  const height = spec.height;
  const margin = { top: 14, right: spec.end ? 44 : 14, bottom: 24, left: 42 };
  const values = [];
  for (const line of spec.lines) for (const [, y] of line.points) values.push(y);
  for (const ref of spec.refs || []) values.push(ref.y);
  let low = spec.yMin ?? Math.min(...values);
  let high = spec.yMax ?? Math.max(...values);
  const ticks = niceTicks(low, high, height < 200 ? 4 : 5);
  low = Math.min(low, ticks[0]);
  high = Math.max(high, ticks[ticks.length - 1]);
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const span = spec.xMax - spec.xMin || 1;
  const px = (x) => margin.left + ((x - spec.xMin) / span) * plotW;
  const py = (y) => margin.top + (1 - (y - low) / (high - low || 1)) * plotH;

  const root = svg("svg", {
    class: "chart",
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    // An image has no parts a screen reader enters: with marks to press, the chart is a group.
    role: spec.marks && spec.marks.length ? "group" : "img",
    "aria-label": spec.label,
  });
  const grid = svg("g", { class: "chart-grid", "aria-hidden": "true" });
  for (const tick of ticks) {
    const y = py(tick);
    grid.append(svg("line", { x1: margin.left, x2: width - margin.right, y1: y, y2: y }));
    const text = svg("text", { x: margin.left - 6, y: y + 4, class: "chart-ytick" });
    text.textContent = tickText(tick, spec.yDigits ?? 0);
    grid.append(text);
  }
  for (const x of spec.bands || []) {
    grid.append(svg("line", { class: "chart-band", x1: px(x), x2: px(x), y1: margin.top, y2: height - margin.bottom }));
  }
  for (const label of spec.xLabels || []) {
    const text = svg("text", { x: px(label.x), y: height - 7, class: "chart-xtick" });
    text.textContent = label.text;
    grid.append(text);
  }
  root.append(grid);

  // Reference lines under the data, their words over it.
  const refs = (spec.refs || []).map((ref) => {
    const y = py(ref.y);
    const g = svg("g", { class: `chart-ref ${ref.className || ""}`.trim(), "aria-hidden": "true" });
    g.append(svg("line", { x1: margin.left, x2: width - margin.right, y1: y, y2: y }));
    root.append(g);
    return [ref, y];
  });

  for (const line of spec.lines) {
    if (!line.points.length) continue;
    const d = line.points.map(([x, y], i) => `${i ? "L" : "M"}${px(x).toFixed(1)} ${py(y).toFixed(1)}`).join("");
    root.append(svg("path", { d, class: `chart-line ${line.className || ""}`.trim() }));
  }

  for (const [ref, y] of refs) {
    const g = svg("g", { class: `chart-ref ${ref.className || ""}`.trim(), "aria-hidden": "true" });
    const text = svg("text", { x: margin.left + 4, y: y - 4 });
    text.textContent = ref.text;
    g.append(text);
    root.append(g);
  }

  const drawDot = (dot) => {
    const circle = svg("circle", { cx: px(dot.x), cy: py(dot.y), r: dot.r || 3, class: dot.className || "chart-dot" });
    if (dot.title) {
      const title = svg("title");
      title.textContent = dot.title;
      circle.append(title);
    }
    root.append(circle);
  };
  for (const dot of spec.dots || []) drawDot(dot);

  // The hit circles of marks close together overlap, so the one drawn later would take a tap
  // meant for its neighbour: a pointer press goes to the mark whose dot is nearest to it.
  const centres = (spec.marks || []).map((mark) => [px(mark.x), py(mark.y), mark]);
  const nearest = (event) => {
    const box = root.getBoundingClientRect();
    const x = ((event.clientX - box.left) * width) / (box.width || width);
    const y = ((event.clientY - box.top) * height) / (box.height || height);
    let best = null;
    let distance = Infinity;
    for (const [cx, cy, mark] of centres) {
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < distance) [best, distance] = [mark, d];
    }
    return best;
  };
  for (const mark of spec.marks || []) {
    const g = svg("g", {
      ...(mark.attrs || {}),
      class: `chart-mark ${mark.className || ""}`.trim(),
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
    g.addEventListener("click", (event) => (event.detail > 0 ? nearest(event) : mark).onActivate());
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        mark.onActivate();
      }
    });
    root.append(g);
  }

  // Small dots a mark nearby would hide (a hint used just before a mistake), drawn over the
  // marks; they let clicks through to them.
  for (const dot of spec.overlay || []) drawDot({ ...dot, className: `${dot.className || "chart-dot"} chart-overlay` });

  if (spec.end) {
    const text = svg("text", { x: px(spec.end.x) + 6, y: py(spec.end.y) + 4, class: "chart-end" });
    text.textContent = spec.end.text;
    root.append(text);
  }
  container.replaceChildren(root);
  return root;
}
