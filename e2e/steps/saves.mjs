// Saves and links: a game saved, loaded and refused; links to a line or a position.
import { readFileSync } from 'node:fs';
import { check, sleep } from '../lib.mjs';
import { REVIEW_GAME } from './coach.mjs';
import { SC_ORDER } from './common.mjs';
import { differs } from './pixels.mjs';

/**
 * Opens the page at `url` with a link's `query`; where the link would replace a game in
 * progress the page asks, and the answer is yes. Resolves to the state once the link's game
 * (`game`) is on the board.
 */
export async function openLink(t, url, query, game) {
  await t.page.goto(`${url}?${query}`, { waitUntil: 'load', timeout: 60_000 });
  await t.waitFor('the first frame of the link', () => window.__qipan.firstFrame !== null, null, 60_000);
  const asked = await t.page.waitForFunction(([game]) => {
    const marks = JSON.parse(document.body.dataset.marks || '{}');
    if ('action:link-yes' in marks) return 'asked';
    return document.body.dataset.game === game ? 'open' : false;
  }, [game], { timeout: 15_000, polling: 50 }).then((h) => h.jsonValue()).catch(() => 'neither');
  if (asked === 'asked') {
    await t.tap('action:link-yes');
    await t.waitFor(`${game} from the link`, (g) => document.body.dataset.game === g, game, 10_000);
  }
  await t.settle();
  return { asked, state: await t.state(), address: await t.page.evaluate(() => location.search) };
}

/** Links (issue 22): a line at a ply, a position, a broken link; the address is cleaned. */
export async function links(t, url) {
  const line = await openLink(t, url, 'game=maddell&moves=a1,b2,c3&ply=2', 'maddell');
  check(line.state.game === 'maddell' && line.state.plies === '2',
    `a line link opens Maddell at ply 2 (${line.state.game}, ply ${line.state.plies}; ${line.asked})`);
  check(!line.address.includes('game='), `the page takes the link out of its address (${line.address || 'none left'})`);
  const start = REVIEW_GAME.start;
  const position = await openLink(t, url, `game=cannon&pos=${encodeURIComponent(start)}`, 'cannon');
  check(position.state.position === start && position.state.plies === '0',
    `a position link opens that position (${position.state.position})`);
  await t.page.goto(`${url}?game=chess&moves=x`, { waitUntil: 'load', timeout: 60_000 });
  const up = await t.waitFor('the first frame of a broken link', () => window.__qipan.firstFrame !== null, null, 60_000);
  await t.settle();
  const broken = await t.state();
  check(up && broken.game === 'cannon', `a broken link leaves the app as it was (${broken.game})`);
  await t.shot('broken-link');
}

/** Desktop: save (a download), undo/redo, load (the picker), a bad file's error. */
export async function files(t, sc) {
  const [download] = await Promise.all([
    t.page.waitForEvent('download', { timeout: 10_000 }),
    t.tap('action:save'),
  ]);
  const savedPath = await download.path();
  const saved = JSON.parse(readFileSync(savedPath, 'utf8'));
  check(download.suggestedFilename() === 'qipan-game.json', `download named ${download.suggestedFilename()}`);
  check(saved.format === 'qipan-game' && saved.game === 'shuangcheng' && saved.plies.length === 2
    && saved.plies[0] === 'bh-c' && saved.plies[1] === sc.move, `the saved game names my move and the reply ${JSON.stringify(saved.plies)}`);
  const position = (await t.state()).position;
  check(saved.start.split(' ')[0] === SC_ORDER.map((n) => sc.start[n]).join(''), 'the saved start is the position the board started from');

  await t.tap('action:undo');
  await t.plies(0);
  await t.tap('action:redo');
  await t.plies(2);
  check((await t.state()).position === position, 'undo and redo come back to the same position');
  // A game with moves: New game asks first (issue 11), and Yes starts again.
  await t.tap('action:new');
  await t.tap('action:new-yes');
  await t.plies(0);
  await t.load(readFileSync(savedPath, 'utf8'), 'qipan-game.json');
  await t.plies(2);
  check((await t.state()).position === position, 'the loaded game is the saved one');
  await sleep(300);
  const top = Math.min(...Object.values(await t.marks()).map((r) => r[1]));
  const bar = { x: 0, y: 0, width: t.W, height: Math.max(10, Math.round(top) - 2) };
  // The status line changes every second (the turn timer): how much that alone moves.
  const good = await t.shot('loaded', bar);
  await sleep(1100);
  const tick = differs(good, await t.shot('loaded-later', bar));
  await t.load('{"format": "something else"}', 'bad.json');
  await sleep(800);
  check((await t.state()).plies === '2', 'a bad file leaves the game as it was');
  const bad = await t.shot('bad-file', bar);
  const change = differs(good, bad);
  check(change > 3 * tick + 300, `a bad file's message replaces the status line's notice (${change} pixels changed; the timer alone ${tick})`);
}
