// Where the pips of each face sit on a die drawn in a 100×100 SVG box (the tray and the review).

const CENTER = 50;
const NEAR = 27;
const FAR = 73;

export const PIPS = {
  1: [[CENTER, CENTER]],
  2: [
    [NEAR, NEAR],
    [FAR, FAR],
  ],
  3: [
    [NEAR, NEAR],
    [CENTER, CENTER],
    [FAR, FAR],
  ],
  4: [
    [NEAR, NEAR],
    [FAR, NEAR],
    [NEAR, FAR],
    [FAR, FAR],
  ],
  5: [
    [NEAR, NEAR],
    [FAR, NEAR],
    [CENTER, CENTER],
    [NEAR, FAR],
    [FAR, FAR],
  ],
  6: [
    [NEAR, NEAR],
    [FAR, NEAR],
    [NEAR, CENTER],
    [FAR, CENTER],
    [NEAR, FAR],
    [FAR, FAR],
  ],
};
