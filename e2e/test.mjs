// The web build in a real browser: Debian's Chromium, headless, driven by playwright-core.
// Usage: node e2e/test.mjs URL  (e2e/run.sh builds dist/, serves it and calls this).
//
// The app draws everything on one <canvas>, so the test clicks at coordinates and looks at
// pixels. What it cannot see on the canvas it reads from the page: the app keeps
// document.title (game name, localized) and <body data-plies data-thinking data-lang
// data-over> up to date (src/ui/storage_web.rs). Screenshots go to e2e/screenshots/.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, pixel, near } from './png.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
const url = process.argv[2] || 'http://127.0.0.1:8080/';
mkdirSync(shots, { recursive: true });

// The fixed window the coordinates below are measured in.
const VIEW = { width: 1280, height: 800 };

// Where the side panel's controls are at 1280x800 in English on a fresh profile (Shuang
// Cheng or Blockade selected). The panel is drawn by src/ui/mod.rs and settings.rs: if it
// changes, look at e2e/screenshots/01-start.png and update these.
const AT = {
  game: {
    push: [85, 70],
    shuangcheng: [90, 116],
    maddell: [66, 152],
    blockade: [97, 198],
    cannon: [80, 234],
  },
  langZh: [159, 303],
  master: [209, 344],
  newGame: [46, 463],
  undo: [117, 463],
  redo: [172, 463],
  save: [29, 509],
  load: [81, 509],
};
// The central panel (between the side panels, under the status bar) at 1280x800.
const CENTRAL = { x0: 290, x1: 930, y0: 40, y1: 795 };
const STATUS_BAR = { x: 0, y: 0, width: 940, height: 32 };

// src/ui/theme.rs
const BOARD_BG = [0xeb, 0xd9, 0xb0];
const DARK = [0x26, 0x26, 0x2c];
const LIGHT = [0xf8, 0xf6, 0xef];
const GOLD = [0xd9, 0xa4, 0x1e];
const PLATFORM = [0xb5, 0x4a, 0x2e];

/** `id = text` lines of a Fluent file (single-line messages only). */
function ftl(lang, file) {
  const out = {};
  for (const line of readFileSync(join(root, 'locales', lang, file), 'utf8').split('\n')) {
    const m = line.match(/^([a-z0-9-]+) = (.*)$/);
    if (m) out[m[1]] = m[2];
  }
  return out;
}
const en = { ...ftl('en-US', 'ui.ftl'), ...ftl('en-US', 'rules.ftl') };
const zh = { ...ftl('zh-CN', 'ui.ftl'), ...ftl('zh-CN', 'rules.ftl') };
const title = (words, game) => `${words[`game-${game}-name`]} · ${words['app-title']}`;

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
  return ok;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  timeout: 60_000,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-unsafe-swiftshader',
  ],
});
const metrics = {};
try {
  const context = await browser.newContext({ viewport: VIEW, acceptDownloads: true });
  context.setDefaultTimeout(30_000);
  // Time to the first frame: the app marks <body> in its first frame, just before that
  // frame is painted; the task after it runs once the paint is done.
  await context.addInitScript(() => {
    window.__qipan = { firstFrame: null, started: null };
    addEventListener('TrunkApplicationStarted', () => {
      window.__qipan.started = performance.now();
    });
    new MutationObserver((_, observer) => {
      if (document.body && document.body.dataset.plies !== undefined) {
        observer.disconnect();
        setTimeout(() => {
          window.__qipan.firstFrame = performance.now();
        }, 0);
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-plies'] });
  });
  const page = await context.newPage();
  // Playwright intercepts file pickers only once someone listens; listening from the start
  // avoids a race between turning that on and the click on Load.
  page.on('filechooser', () => {});
  const problems = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error') console.log(`console error: ${text.slice(0, 500)}`);
    if (text.includes('panicked at')) problems.push(`panic: ${text.slice(0, 2000)}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('crash', () => problems.push('the page crashed'));

  const state = () =>
    page.evaluate(() => ({ ...document.body.dataset, title: document.title }));
  const waitFor = async (what, fn, arg, timeout = 30_000) => {
    try {
      await page.waitForFunction(fn, arg, { timeout, polling: 50 });
      return true;
    } catch (e) {
      check(false, `${what} (timed out after ${timeout} ms; state ${JSON.stringify(await state())})`);
      return false;
    }
  };
  const plies = (n) => waitFor(`${n} plies`, (n) => document.body.dataset.plies === String(n), n);
  const shot = async (name, clip) => {
    const buf = await page.screenshot({ path: join(shots, `${name}.png`), clip });
    return decodePng(buf);
  };
  const click = async ([x, y], what) => {
    await page.mouse.click(x, y);
    console.log(`     clicked ${what} at (${x}, ${y})`);
  };
  // The board: the bounding box of its background colour in the central panel.
  const findBoard = (img) => {
    let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1, n = 0;
    for (let y = CENTRAL.y0; y < CENTRAL.y1; y += 2) {
      for (let x = CENTRAL.x0; x < CENTRAL.x1; x += 2) {
        if (near(pixel(img, x, y), BOARD_BG, 6)) {
          n++;
          x0 = Math.min(x0, x); x1 = Math.max(x1, x);
          y0 = Math.min(y0, y); y1 = Math.max(y1, y);
        }
      }
    }
    return { x0, y0, x1, y1, n };
  };
  // A 5x5 grid board (Shuang Cheng, Blockade): the board rect spans 5 units (points sit half
  // a unit in), less its edge line (0.04 units) drawn inside (src/ui/boards/points.rs).
  const grid = (board) => {
    const unit = (board.x1 - board.x0) / (5 - 0.08);
    return (col, row) => [
      board.x0 - 0.04 * unit + (col + 0.5) * unit,
      board.y0 - 0.04 * unit + (row + 0.5) * unit,
    ];
  };
  // Shuang Cheng's points in notation order (src/games/shuangcheng/geometry.rs) and the
  // start position: x dark, o light, s shared.
  const SC_NAMES = ['tl', 'th', 'tr', 'l', 'c', 'r', 'bl', 'bh', 'br'];
  const SC_DRAW_AT = [[0, 0], [2, 1], [4, 0], [0, 2], [2, 2], [4, 2], [0, 4], [2, 3], [4, 4]];
  const SC_START = [...'ooos.sxxx'];
  // What stands on each point, read a fifth of a unit above its centre: inside every piece,
  // clear of the dark piece's dot, the light piece's ring and the shared piece's diamond.
  const scOccupancy = (img, at, u) =>
    SC_DRAW_AT.map(([col, row]) => {
      const [x, y] = at(col, row);
      const p = pixel(img, x, y - 0.2 * u);
      return near(p, DARK, 16) ? 'x' : near(p, LIGHT, 16) ? 'o' : near(p, GOLD, 24) ? 's' : '.';
    }).join('');
  const countNear = (img, colour, tol, box) => {
    let n = 0;
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        if (near(pixel(img, x, y), colour, tol)) n++;
      }
    }
    return n;
  };
  const differs = (a, b) => {
    let n = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) > 60) n++;
    }
    return n;
  };

  // 1. Start: no panic, a first frame, the board with its pieces.
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await waitFor('the first frame', () => window.__qipan.firstFrame !== null, null, 60_000);
  const timing = await page.evaluate(() => window.__qipan);
  metrics.wasmStartedMs = Math.round(timing.started);
  metrics.firstFrameMs = Math.round(timing.firstFrame);
  console.log(`     wasm started ${metrics.wasmStartedMs} ms, first frame ${metrics.firstFrameMs} ms after navigation start`);
  check(metrics.firstFrameMs < 2000, `first frame within 2 s (${metrics.firstFrameMs} ms)`);
  let s = await state();
  check(s.title === title(en, 'shuangcheng'), `English title "${s.title}"`);
  check(s.lang === 'en-US' && s.plies === '0', 'fresh profile: English, no moves');
  await page.waitForTimeout(300);
  let img = await shot('01-start');
  const colours = new Set();
  for (let i = 0; i < img.data.length; i += 4 * 97) colours.add(img.data.readUInt32BE(i));
  check(colours.size > 20, `the screenshot is not blank (${colours.size} colours sampled)`);
  let board = findBoard(img);
  check(board.n > 5000 && board.x1 - board.x0 > 300, `board background found ${JSON.stringify(board)}`);
  const at = grid(board);
  const u = (board.x1 - board.x0) / 4.92;
  const mid = [(CENTRAL.x0 + CENTRAL.x1) / 2, (CENTRAL.y0 + CENTRAL.y1) / 2];
  // Just off the centre point's dot and lines.
  check(near(pixel(img, mid[0] + 0.5 * u, mid[1] - 0.4 * u), BOARD_BG), 'board colour at the centre of the central panel');
  const [blx, bly] = at(0, 4);
  check(near(pixel(img, blx + 0.15 * u, bly), DARK), `a dark piece at bl ${pixel(img, blx + 0.15 * u, bly)}`);
  const [tlx, tly] = at(0, 0);
  check(near(pixel(img, tlx, tly), LIGHT), `a light piece at tl ${pixel(img, tlx, tly)}`);
  check(scOccupancy(img, at, u) === SC_START.join(''), `start position ${scOccupancy(img, at, u)}`);
  const [lx, ly] = at(0, 2);
  check(near(pixel(img, lx, ly - 0.2 * u), GOLD, 20), `a shared piece at l ${pixel(img, lx, ly - 0.2 * u)}`);

  // 2. Shuang Cheng: bh -> c by two clicks; the computer answers.
  await click(at(2, 3), 'bh');
  await page.waitForTimeout(150);
  await click(at(2, 2), 'c');
  await plies(1);
  img = await shot('02-shuangcheng-moved');
  const [cx, cy] = at(2, 2);
  check(near(pixel(img, cx + 0.15 * u, cy), DARK), `my piece now at c ${pixel(img, cx + 0.15 * u, cy)}`);
  await plies(2);
  await page.waitForTimeout(200);
  const replied = await shot('03-shuangcheng-replied');

  // Save is a download of the same JSON the desktop writes: it names the computer's reply,
  // and the board on screen must show both moves.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 10_000 }),
    click(AT.save, 'Save'),
  ]);
  const savedPath = await download.path();
  const saved = JSON.parse(readFileSync(savedPath, 'utf8'));
  check(download.suggestedFilename() === 'qipan-game.json', `download named ${download.suggestedFilename()}`);
  check(saved.format === 'qipan-game' && saved.game === 'shuangcheng' && saved.plies.length === 2
    && saved.plies[0] === 'bh-c', `saved game ${JSON.stringify(saved)}`);
  const expected = [...SC_START];
  for (const ply of saved.plies) {
    const [from, to] = ply.split('-').map((n) => SC_NAMES.indexOf(n));
    expected[to] = expected[from];
    expected[from] = '.';
  }
  const seen = scOccupancy(replied, at, u);
  check(seen === expected.join(''), `the board shows my move and the reply: ${seen} (expected ${expected.join('')})`);

  // Undo takes back my move and the reply; redo plays them again.
  await click(AT.undo, 'Undo');
  await plies(0);
  await click(AT.redo, 'Redo');
  await plies(2);
  await click(AT.newGame, 'New game');
  await plies(0);
  // Load opens the browser's file picker and reads the chosen file.
  let [chooser] = await Promise.all([
    page.waitForEvent('filechooser', { timeout: 10_000 }),
    click(AT.load, 'Load'),
  ]);
  await chooser.setFiles(savedPath);
  await plies(2);
  await page.waitForTimeout(300);
  const beforeBad = await shot('04-loaded', STATUS_BAR);
  [chooser] = await Promise.all([
    page.waitForEvent('filechooser', { timeout: 10_000 }),
    click(AT.load, 'Load'),
  ]);
  await chooser.setFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "something else"}') });
  await page.waitForTimeout(800);
  s = await state();
  check(s.plies === '2', 'a bad file leaves the game as it was');
  img = await shot('05-bad-file', STATUS_BAR);
  check(differs(beforeBad, img) > 50 && countNear(img, PLATFORM, 40, { x: 0, y: 0, width: img.width, height: img.height }) > 20,
    'a bad file shows its error in the status bar');

  // 3. Every game: its board and title.
  for (const game of ['push', 'maddell', 'cannon', 'shuangcheng', 'blockade']) {
    await click(AT.game[game], game);
    await waitFor(`the ${game} title`, (t) => document.title === t, title(en, game));
    await page.waitForTimeout(400);
    img = await shot(`06-game-${game}`);
    board = findBoard(img);
    check(board.n > 5000, `${game}: board drawn (${board.n} background pixels)`);
  }

  // 4. Blockade at Master (4 s of thinking): a2 -> c2; while the computer thinks the page
  // keeps drawing (animation frames, the timer) and a click still works.
  await click(AT.master, 'Master');
  img = await shot('07-blockade-start');
  const bat = grid(findBoard(img));
  await click(bat(0, 3), 'a2');
  await page.waitForTimeout(150);
  await click(bat(2, 3), 'c2');
  await plies(1);
  const blockadeMoved = await shot('07-blockade-moved');
  check(await waitFor('thinking', () => document.body.dataset.thinking === '1', null, 5_000), 'the computer is thinking');
  // A click while it thinks takes effect at once: switch the language.
  const sidePanelEn = await shot('08-side-en', { x: 0, y: 34, width: 278, height: 500 });
  const clickedAt = Date.now();
  await click(AT.langZh, '中文 while thinking');
  await waitFor('Chinese', () => document.body.dataset.lang === 'zh-CN', null, 2_000);
  s = await state();
  metrics.clickWhileThinkingMs = Date.now() - clickedAt;
  check(s.thinking === '1', `the click took effect while the computer was still thinking (${metrics.clickWhileThinkingMs} ms)`);
  check(s.title === title(zh, 'blockade'), `Chinese title "${s.title}"`);
  // The page keeps drawing. (Headless Chromium composites in software here: every changed
  // WebGL frame is read back at ~100+ ms, so expect a few frames a second, not sixty.)
  const barBefore = await shot('09-thinking-bar-a', STATUS_BAR);
  const frameGaps = () => page.evaluate(() => new Promise((resolve) => {
    const times = [];
    const tick = (t) => {
      times.push(t);
      if (t - times[0] < 1200) requestAnimationFrame(tick);
      else resolve(times.slice(1).map((v, i) => v - times[i]));
    };
    requestAnimationFrame(tick);
  }));
  const gaps = await frameGaps();
  metrics.framesPerSecondWhileThinking = Math.round(gaps.length / 1.2);
  metrics.longestFrameGapWhileThinkingMs = Math.round(Math.max(...gaps));
  check(gaps.length >= 5 && metrics.longestFrameGapWhileThinkingMs < 1000,
    `the page keeps drawing while the computer thinks (${gaps.length} frames in 1.2 s, longest gap ${metrics.longestFrameGapWhileThinkingMs} ms)`);
  const barAfter = await shot('09-thinking-bar-b', STATUS_BAR);
  check(differs(barBefore, barAfter) > 20, 'the status bar (turn timer) moves on while the computer thinks');
  await plies(2);
  await page.waitForTimeout(300);
  const blockadeReplied = await shot('10-blockade-replied-zh');
  const boardBox = { x: CENTRAL.x0, y: CENTRAL.y0, width: CENTRAL.x1 - CENTRAL.x0, height: CENTRAL.y1 - CENTRAL.y0 };
  const boardDiff = (() => {
    let n = 0;
    for (let y = boardBox.y; y < boardBox.y + boardBox.height; y++) {
      for (let x = boardBox.x; x < boardBox.x + boardBox.width; x++) {
        const a = pixel(blockadeMoved, x, y), b = pixel(blockadeReplied, x, y);
        if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) > 60) n++;
      }
    }
    return n;
  })();
  check(boardDiff > 500, `Blockade: the board changed again when the computer answered (${boardDiff} pixels)`);
  const sidePanelZh = await shot('11-side-zh', { x: 0, y: 34, width: 278, height: 500 });
  const idleGaps = await frameGaps();
  metrics.framesPerSecondIdle = Math.round(idleGaps.length / 1.2);
  check(differs(sidePanelEn, sidePanelZh) > 1000, 'the side panel text changed language');

  // 5. Reload: the settings come back from localStorage.
  await page.reload({ waitUntil: 'load', timeout: 60_000 });
  await waitFor('the first frame after reload', () => window.__qipan.firstFrame !== null, null, 60_000);
  s = await state();
  check(s.lang === 'zh-CN' && s.title === title(zh, 'blockade'), `settings restored after reload: ${JSON.stringify(s)}`);
  await page.waitForTimeout(300);
  await shot('12-reloaded-zh');

  for (const p of problems) check(false, p);
  if (problems.length === 0) check(true, 'no panic and no page error in the console');
} catch (e) {
  check(false, `the test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
}
writeFileSync(join(shots, 'metrics.json'), JSON.stringify(metrics, null, 2) + '\n');
console.log(JSON.stringify(metrics));
if (failures.length > 0) {
  console.log(`\n${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nall browser checks passed');
