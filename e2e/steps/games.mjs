// Playing: Shuang Cheng and Push the Line by taps, and every game's board and title.
import { check, sleep } from '../lib.mjs';
import { GOAL, pointOrder } from './common.mjs';
import { boardOnScreen } from './layout.mjs';

/** Shuang Cheng: bh -> c by taps, and the computer's answer, read from the position text. */
export async function shuangCheng(t, m) {
  const name = t.size.name;
  await t.chooseGame('shuangcheng');
  await t.humanToMove();
  const start = await t.board();
  await t.tap('point:bh');
  await sleep(150);
  await t.tap('point:c');
  await t.waitFor('my move', () => Number(document.body.dataset.plies) >= 1, null);
  const mine = await t.board(1);
  check(mine.c === start.bh && mine.bh === '.' && start.c === '.', `${name}: Shuang Cheng bh-c by taps (c ${mine.c}, bh ${mine.bh})`);
  await t.shot('shuangcheng-moved');
  await t.plies(2);
  await t.humanToMove();
  const reply = await t.board();
  const changed = Object.keys(reply).filter((k) => reply[k] !== mine[k]);
  const from = changed.find((k) => reply[k] === '.'), to = changed.find((k) => reply[k] !== '.');
  check(changed.length === 2 && from && to && mine[from] === reply[to] && mine[from] !== 'x',
    `${name}: the computer answered with one of its pieces (${from}-${to})`);
  await t.shot('shuangcheng-replied');
  return { start, mine, reply, move: `${from}-${to}` };
}

/**
 * Push the Line from a position where a shove is on: x to move, with two x pieces in a row
 * and an o piece right ahead of them, an empty point behind it. Built from the point marks'
 * geometry (a straight line = equal steps) and loaded as a saved game.
 */
export async function pushTheLine(t, m) {
  const name = t.size.name;
  await t.chooseGame('push');
  await t.humanToMove();
  if (t.size.touch) {
    // The hexagon at the top of the page, as wide as it goes.
    await t.scroll(-t.H * 3);
    await boardOnScreen(t, m, 'push');
  }
  const pts = await t.points();
  const board = await t.board();
  const box = await t.boardBox();
  const at = (p) => Object.keys(pts).find((k) => Math.hypot(pts[k][0] - p[0], pts[k][1] - p[1]) < box.unit * 0.25);
  let line = null;
  for (const a of Object.keys(pts)) {
    for (const b of Object.keys(pts)) {
      if (line || board[a] !== 'x' || board[b] !== 'x') continue;
      const d = [pts[b][0] - pts[a][0], pts[b][1] - pts[a][1]];
      if (Math.abs(Math.hypot(...d) - box.unit) > box.unit * 0.1) continue;
      const c = at([pts[b][0] + d[0], pts[b][1] + d[1]]);
      const e = c && at([pts[c][0] + d[0], pts[c][1] + d[1]]);
      const back = at([pts[a][0] - d[0], pts[a][1] - d[1]]);
      // Behind the pair no x: the pair is the only group that can shove (push by target).
      if (c && e && board[c] === '.' && board[e] === '.' && (!back || board[back] !== 'x')) line = [a, b, c, e];
    }
  }
  if (!check(line !== null, `${name}: found two x pieces in a row with room ahead`)) return;
  const [a, b, c, e] = line;
  const names = pointOrder('push', Object.keys(pts));
  const crafted = { ...board, [c]: 'o' };
  // Keep 14 o pieces: the one farthest from the line goes.
  const far = names.filter((n) => crafted[n] === 'o' && n !== c)
    .sort((p, q) => Math.hypot(pts[q][0] - pts[c][0], pts[q][1] - pts[c][1]) - Math.hypot(pts[p][0] - pts[c][0], pts[p][1] - pts[c][1]))[0];
  crafted[far] = '.';
  const position = `${names.map((n) => crafted[n]).join('')} x`;
  const save = { format: 'qipan-game', version: 1, game: 'push', start: position, human: 'x', plies: [], cursor: 0 };
  await t.load(JSON.stringify(save), 'shove.json');
  await t.waitFor('the crafted Push position', (p) => document.body.dataset.position === p, position);
  await t.humanToMove();
  await t.reach(`point:${c}`);
  // Breathing: the movable pieces pulse while the person is to move.
  await sleep(500);
  const breathing = await t.rates(3000);
  m.breathingFps = Math.round(breathing.paints * 10) / 10;
  m.breathingRafPerSecond = Math.round(breathing.rafs);
  // It does animate: it paints at least 10 frames a second, or (on a machine too slow for
  // that) in most of the frames the browser offers.
  const animates = breathing.paints >= Math.min(10, 0.6 * breathing.rafs);
  check(breathing.paints <= GOAL.breathingFps && animates,
    `${name}: Push the Line breathes at ${m.breathingFps} frames/s (goal <= ${GOAL.breathingFps}; the browser offered ${m.breathingRafPerSecond})`);
  await t.shot('push-loaded');

  // A group of two chosen by taps, then the piece ahead of it tapped: the group shoves it.
  await t.tap(`point:${a}`);
  await sleep(150);
  await t.tap(`point:${b}`);
  await sleep(150);
  await t.shot('push-group');
  await t.tap(`point:${c}`);
  await t.waitFor('my move', () => Number(document.body.dataset.plies) >= 1, null);
  let after = await t.board(1);
  check(after[a] === '.' && after[b] === 'x' && after[c] === 'x' && after[e] === 'o',
    `${name}: the group ${a}${b} moved by taps and shoved ${c} to ${e} (${a}=${after[a]} ${b}=${after[b]} ${c}=${after[c]} ${e}=${after[e]})`);
  await t.shot('push-shoved');
  await t.plies(2, 40_000);
  await t.humanToMove();
  const s = await t.state();
  check(s.position.endsWith(' x') && s.position !== position, `${name}: the computer answered in Push the Line`);
  await t.shot('push-replied');

  // Undo, then push by target: a tap on the opposing piece picks the group, a second pushes.
  await t.openTab('games');
  await t.tap('action:undo');
  await t.plies(0);
  check((await t.state()).position === position, `${name}: undo went back to the loaded position`);
  await t.tap(`point:${c}`);
  await sleep(150);
  await t.shot('push-target');
  await t.tap(`point:${c}`);
  await t.waitFor('my move', () => Number(document.body.dataset.plies) >= 1, null);
  after = await t.board(1);
  check(after[c] === 'x' && after[e] === 'o', `${name}: push by target: two taps on ${c} pushed it to ${e}`);
  await t.humanToMove(40_000);
}

/** Every game, in the order everyGame visits them: crates/engine/tests/registry.rs checks
 * this list against the engine's registry, so a new game cannot be left out. */
const EVERY_GAME = ['push', 'maddell', 'cannon', 'blockade', 'shuangcheng'];

/** Desktop: every game, its board and localized title; an Earthen Cannon move. */
export async function everyGame(t, m) {
  const titles = new Set();
  for (const game of EVERY_GAME) {
    await t.chooseGame(game);
    const s = await t.state();
    titles.add(s.title);
    check(s.game.split(':')[0] === game && Object.keys(await t.points()).length >= 9, `${game}: chosen, its board's points marked`);
    await boardOnScreen(t, m, game);
    if (game === 'cannon') {
      await t.humanToMove();
      const start = await t.board();
      check((await t.state()).position.split(' ')[1] === 'x' && start.c6 === 'x' && start.c5 === '.', 'cannon: x to move, a piece on c6, c5 empty');
      await t.tap('point:c6');
      await sleep(150);
      await t.tap('point:c5');
      await t.waitFor('my move', () => Number(document.body.dataset.plies) >= 1, null);
      const after = await t.board(1);
      check(after.c5 === 'x' && after.c6 === '.', 'cannon: c6-c5 played by clicks');
      await t.plies(2);
      await t.humanToMove();
      await t.shot('cannon-replied');
    }
  }
  check(titles.size === EVERY_GAME.length, `${EVERY_GAME.length} games, as many titles (${[...titles].join(' | ')})`);
}
