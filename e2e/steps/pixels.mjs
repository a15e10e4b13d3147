// Pixels, loosely: the board's colour and width in a screenshot, and how much two differ.

export const pixel = (img, x, y) => {
  const o = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
};
export const near = (a, b, tol) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

/** The most common colour in a box of the image (the board's, inside its points' extent). */
export function commonColour(img, box) {
  const counts = new Map();
  for (let y = Math.max(0, box.y0); y < Math.min(img.height, box.y1); y += 2) {
    for (let x = Math.max(0, box.x0); x < Math.min(img.width, box.x1); x += 2) {
      const key = pixel(img, x, y).map((v) => v >> 3).join(',');
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best[0].split(',').map((v) => (Number(v) << 3) + 4);
}

/** The board's width on screen: the columns where its colour shows, across its rows. */
export function boardSpan(img, box, colour) {
  let x0 = Infinity, x1 = -1;
  for (let y = Math.max(0, box.y0); y < Math.min(img.height, box.y1); y += 3) {
    for (let x = 0; x < img.width; x++) {
      if (near(pixel(img, x, y), colour, 10)) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); }
    }
  }
  return { x0, x1, width: x1 - x0 + 1 };
}

export function differs(a, b) {
  let n = 0;
  for (let i = 0; i < Math.min(a.data.length, b.data.length); i += 4) {
    if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 60) n++;
  }
  return n;
}
