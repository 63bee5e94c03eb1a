// A table's 胜率 bar in the top bar (和朋友玩, wide screens; a phone shows each seat's chance in
// the strip): a segment per seat in its colour, then a shared first place, whole percents
// summing to 100, each seat's chance in words.

import { make } from "../lib/dom.js";
import { chanceText } from "../lib/words.js";
import { seatShares } from "./standings.js";

// What the chances assume, on hover and to screen readers.
const ASSUMED = "（估算：假设真人此后都按最优打法走，电脑按各自的水平走）";

// A seat's colour beside its name, as in the bar.
function swatch(seat) {
  const mark = make("span", `wb-swatch wb-seat-${seat}`);
  mark.setAttribute("aria-hidden", "true");
  return mark;
}

// A bar like the page's #seatbar (index.html), for a table drawn elsewhere (the room page):
// hidden and empty until renderSeatBar first draws chances into it.
export function seatBarElement() {
  const bar = make("span", "winbar seatbar");
  bar.hidden = true;
  return bar;
}

// The bar's parts, made the first time it shows: its label, the track the seats' segments go in,
// the chances in words, and what they assume for screen readers. Returns the track.
function trackOf(bar) {
  const there = bar.querySelector(".winbar-track");
  if (there) return there;
  const track = make("span", "winbar-track");
  track.setAttribute("aria-hidden", "true");
  const label = make("span", "winbar-label", "胜率");
  bar.replaceChildren(label, track, make("span", "winbar-text"), make("span", "visually-hidden", ASSUMED));
  return track;
}

// Draw `snap`'s chances into `bar` (#seatbar, or seatBarElement's); hidden for another game or
// before the server has its 胜率 tables.
export function renderSeatBar(bar, snap) {
  if (!bar) return;
  const shares = snap.mode === "table" ? seatShares(snap) : null;
  bar.hidden = !shares;
  if (!shares) return;
  const track = trackOf(bar);
  const segments = shares.seats.map((share, seat) => {
    const segment = make("i", `wb-seat wb-seat-${seat}`);
    segment.style.width = `${share}%`;
    return segment;
  });
  const draw = make("i", "wb-draw");
  draw.style.width = `${shares.draw}%`;
  track.replaceChildren(...segments, draw);
  const figures = snap.sides.map((side, seat) => [side.name, snap.chances.win[seat], shares.seats[seat]]);
  if (shares.draw) figures.push(["并列", snap.chances.draw, shares.draw]);
  const text = [];
  const spoken = [];
  figures.forEach(([who, chance, percent], i) => {
    const { shown, said } = chanceText(chance, percent);
    if (i) text.push(" · ");
    if (i < snap.sides.length) text.push(swatch(i));
    text.push(`${who} `);
    if (shown === said) {
      text.push(shown);
    } else {
      // Screen readers skip 「<」 and 「>」 at their usual punctuation level: 「<1%」 would be 1%.
      const symbol = make("span", "", shown);
      symbol.setAttribute("aria-hidden", "true");
      text.push(symbol, make("span", "visually-hidden", said));
    }
    spoken.push(`${who} ${said}`);
  });
  bar.querySelector(".winbar-text").replaceChildren(...text);
  bar.title = `胜率：${spoken.join(" · ")}${ASSUMED}`;
}
