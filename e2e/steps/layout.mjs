// The page at each size: the first load, the board on screen, a drag on the board, the
// medium layout.
import { check } from '../lib.mjs';
import { GOAL, gameName, hasHan } from './common.mjs';
import { boardSpan, commonColour, near, pixel } from './pixels.mjs';

/** The first load at this size: a first frame, the layout, the board on screen and wide. */
export async function start(t, url, m) {
  const name = t.size.name;
  await t.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await t.waitFor('the first frame', () => window.__qipan.firstFrame !== null, null, 60_000);
  const timing = await t.page.evaluate(() => window.__qipan);
  m.wasmStartedMs = Math.round(timing.started);
  m.firstFrameMs = Math.round(timing.firstFrame);
  console.log(`     ${name}: wasm started ${m.wasmStartedMs} ms, first frame ${m.firstFrameMs} ms after navigation start`);
  check(m.firstFrameMs < 2500, `${name}: first frame within 2.5 s (${m.firstFrameMs} ms)`);
  await t.settle();
  // The status line ends above the first control of the unscrolled page.
  await t.measureTop();
  const s = await t.state();
  check(s.layout === t.size.layout, `${name}: layout ${s.layout} (expected ${t.size.layout})`);
  check(s.lang === 'en-US' && s.plies === '0' && s.game === 'shuangcheng', `${name}: fresh profile: English, Shuang Cheng, no moves (${s.lang}, ${s.game}, ${s.plies})`);
  check(!hasHan(gameName(s.title)) && s.title.includes(' · '), `${name}: English title "${s.title}"`);
  // A fresh profile is a newcomer, offered the first lesson (issue 36); declined here, since
  // the first move would hide it and move every control up.
  check(await t.declineLessonOffer(), `${name}: a newcomer is offered the first lesson`);
  await boardOnScreen(t, m, 'start');
}

/** The board: every point inside the viewport; on the two touch sizes at least 85% as wide. */
export async function boardOnScreen(t, m, label) {
  const name = t.size.name;
  const box = await t.boardBox();
  if (!check(box !== null, `${name}: board points are marked (${label})`)) return;
  check(box.x0 >= 0 && box.x1 <= t.W && box.y0 >= 0 && box.y1 <= t.H,
    `${name}: the whole board is on screen without scrolling (${label}: points ${Math.round(box.x0)}..${Math.round(box.x1)} x ${Math.round(box.y0)}..${Math.round(box.y1)})`);
  const img = await t.shot(`board-${label}`);
  const inner = { x0: box.x0, x1: box.x1, y0: box.y0, y1: box.y1 };
  const colour = commonColour(img, inner);
  const corner = pixel(img, 2, t.H - 2);
  check(!near(colour, corner, 12) && Math.max(...colour) - Math.min(...colour) > 20,
    `${name}: a board colour of its own ${colour} (page ${corner})`);
  const span = boardSpan(img, inner, colour);
  const share = span.width / t.W;
  m[`boardWidth_${label}`] = Math.round(share * 1000) / 1000;
  m[`pointsWidth_${label}`] = Math.round(((box.x1 - box.x0) / t.W) * 1000) / 1000;
  console.log(`     ${name}: board ${span.x0}..${span.x1} (${(share * 100).toFixed(1)}% of ${t.W} px; points span ${(m[`pointsWidth_${label}`] * 100).toFixed(1)}%)`);
  if (t.size.touch) {
    check(share >= GOAL.boardWidth, `${name}: the board takes ${(share * 100).toFixed(1)}% of the width (goal >= ${GOAL.boardWidth * 100}%)`);
  }
}

/** Narrow: a finger dragged across the board moves nothing (no page scroll). */
export async function dragOnBoard(t) {
  const box = await t.boardBox();
  const before = await t.points();
  // Between points, from the board's lower part upwards.
  const x = (box.x0 + box.x1) / 2 + box.unit * 0.5;
  await t.touchDrag([x, box.y1 - box.unit * 0.5], [x, box.y0 + box.unit * 0.2]);
  await t.settle();
  const after = await t.points();
  const moved = Object.keys(before).filter((k) => Math.abs(before[k][1] - after[k][1]) > 1).length;
  check(moved === 0, `${t.size.name}: a drag on the board does not scroll the page (${moved} points moved)`);
  // And a drag off the board does scroll (touch scrolling works at all), on the rules tab,
  // which is always taller than the window: the games tab of an upright tablet fits its
  // window now that the tabs take one row (issue 43), and leaves nothing to scroll.
  await t.openTab('rules');
  const top = await t.points();
  await t.scroll(t.H * 0.3);
  await t.shot('drag-off-board');
  const below = await t.points();
  const scrolled = Object.keys(top).filter((k) => below[k] && Math.abs(top[k][1] - below[k][1]) > 20).length;
  check(scrolled > 0, `${t.size.name}: a drag off the board scrolls the page (${scrolled} points moved)`);
  await t.scroll(-t.H * 2);
  await t.openTab('games');
}

/** Medium (a landscape window under 1100 px): the board beside a column with two tabs. */
export async function medium(t) {
  await t.page.setViewportSize({ width: 1000, height: 700 });
  await t.waitFor('the medium layout', () => document.body.dataset.layout === 'medium', null, 5_000);
  await t.settle();
  const marks = await t.marks();
  check(marks['tab:play'] && marks['tab:rules'] && marks['game:push'], 'medium: Play and Rules tabs, the games in Play');
  await t.shot('medium-play');
  await t.tap('tab:rules');
  await t.settle();
  check(!(await t.marks())['game:push'], 'medium: the Rules tab replaces the Play column');
  await t.shot('medium-rules');
  await t.tap('tab:play');
  await t.page.setViewportSize(t.size.viewport);
  await t.waitFor('the wide layout again', () => document.body.dataset.layout === 'wide', null, 5_000);
  await t.settle();
}
