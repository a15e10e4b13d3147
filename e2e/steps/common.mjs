// What the steps of the browser test (../test.mjs) share: where the build and the
// screenshots are, the sizes and goals, the game names, each game's point order, the page's
// instrumentation and the Tab with its helpers (the ones online.mjs uses too: ../lib.mjs).
import { PNG } from 'pngjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tab as BaseTab } from '../lib.mjs';

const e2e = join(dirname(fileURLToPath(import.meta.url)), '..');
export const dist = process.argv[2] || join(e2e, '..', 'dist');
export const shots = process.env.QIPAN_SHOTS || join(e2e, 'screenshots');

// The sizes of issue #10 and the arrangement each must get (src/ui/layout.rs).
export const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false, layout: 'wide' },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, touch: true, layout: 'narrow' },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true, layout: 'narrow' },
];
// Goals (issue #10): frames a second with a still board, and while Push the Line breathes;
// the share of the viewport's width the board takes on the two narrow sizes; how soon a
// click counts while the computer thinks.
export const GOAL = { idleFps: 5, breathingFps: 30, boardWidth: 0.85, clickMs: 200 };
// Issue 14: how long the test watches Maddell's table being built in the page when the site's
// table cannot be fetched (past that it reports the time the whole build would take), and how
// freely the page must keep drawing meanwhile (frames a second in every 5-second window, the
// longest gap between frames). Issue 21: how soon the site's table makes perfect play ready.
GOAL.tableWaitS = Number(process.env.QIPAN_TABLE_WAIT_S || 30);
GOAL.tableFetchS = 30;
GOAL.tableMinFps = 10;
GOAL.tableGapMs = 2000;

export const hasHan = (text) => /\p{Script=Han}/u.test(text);
/** The game's name: the title is "<game> · <app>" in both languages. */
export const gameName = (title) => title.split(' · ')[0];

// The position text lists the board's points in each game's point order
// (shared/spec/games.md): the order the notation's names sort in, by letter then number
// (Push the Line, Maddell) or by rank then file (Blockade, Earthen Cannon); Shuang Cheng's
// nine named points are listed explicitly.
export const SC_ORDER = ['tl', 'th', 'tr', 'l', 'c', 'r', 'bl', 'bh', 'br'];
export function pointOrder(game, names) {
  if (game === 'shuangcheng') return SC_ORDER;
  const split = (n) => [n.replace(/[0-9]+$/, ''), Number(n.replace(/^[^0-9]+/, ''))];
  const byLetter = (a, b) => (split(a)[0] < split(b)[0] ? -1 : split(a)[0] > split(b)[0] ? 1 : split(a)[1] - split(b)[1]);
  const byRank = (a, b) => split(a)[1] - split(b)[1] || (split(a)[0] < split(b)[0] ? -1 : 1);
  return [...names].sort(game === 'blockade' || game === 'cannon' ? byRank : byLetter);
}

// ---------------------------------------------------------------------------------------
// In every page, before the app starts: the time of its first frame, a count of the frames
// it paints (eframe clears the canvas once per painted frame; it calls requestAnimationFrame
// every vsync whether it paints or not, so that count is kept too, to show the difference),
// and when input arrives and the language changes (click latency).
export function instrument() {
  const q = (window.__qipan = {
    started: null, firstFrame: null, paints: 0, rafs: 0,
    inputAt: null, lang: null, langAt: null, langPaintAt: null, thinkingAtLang: null,
    // Every position the page showed, with its move count: the computer may answer before
    // the test gets to look at the position the person's move made.
    positions: [],
    // The browser's own measure of input to the next frame on screen (Event Timing, as in
    // INP): only events that took 16 ms or more are reported.
    eventTimings: [],
    // Writes to localStorage (the app's saves): their keys, in order.
    storageWrites: [],
  });
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    q.storageWrites.push(String(key));
    return setItem.call(this, key, value);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) q.eventTimings.push({ name: e.name, start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('QipanStarted', () => { q.started = performance.now(); });
  const clear = WebGL2RenderingContext.prototype.clear;
  WebGL2RenderingContext.prototype.clear = function (...args) {
    q.paints++;
    if (q.langAt !== null && q.langPaintAt === null) q.langPaintAt = performance.now();
    return clear.apply(this, args);
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => { q.rafs++; return raf(cb); };
  // event.timeStamp: when the browser received the input, before it waited for the thread.
  for (const type of ['pointerdown', 'touchstart']) {
    addEventListener(type, (e) => { q.inputAt = e.timeStamp; }, { capture: true });
  }
  new MutationObserver(() => {
    const data = document.body.dataset;
    if (q.firstFrame === null && data.plies !== undefined) {
      // The app marks <body> in its first frame, just before that frame is painted; the
      // task after it runs once the paint is done.
      setTimeout(() => { q.firstFrame = performance.now(); }, 0);
    }
    const last = q.positions[q.positions.length - 1];
    if (data.position !== undefined && (!last || last.position !== data.position || last.plies !== data.plies)) {
      q.positions.push({ plies: data.plies, position: data.position });
    }
    if (data.lang !== q.lang) {
      if (q.lang !== null) {
        q.langAt = performance.now();
        q.langPaintAt = null;
        q.thinkingAtLang = data.thinking;
      }
      q.lang = data.lang;
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-plies', 'data-lang', 'data-position'] });
}

// ---------------------------------------------------------------------------------------
/** One browser page at one size, with the helpers the steps use (the shared ones: lib.mjs). */
export class Tab extends BaseTab {
  async shot(name, clip) {
    const buf = await this.page.screenshot({ path: join(shots, `${this.size.name}-${name}.png`), clip });
    return PNG.sync.read(buf);
  }

  /** Frames painted (and animation frames asked for) a second over `ms`. */
  rates(ms) {
    return this.page.evaluate((ms) => new Promise((resolve) => {
      const q = window.__qipan;
      const [p0, r0, t0] = [q.paints, q.rafs, performance.now()];
      setTimeout(() => {
        const s = (performance.now() - t0) / 1000;
        resolve({ paints: (q.paints - p0) / s, rafs: (q.rafs - r0) / s });
      }, ms);
    }), ms);
  }

  async load(text, name) {
    await this.openTab('games');
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser', { timeout: 10_000 }),
      this.tap('action:load'),
    ]);
    await chooser.setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  /** Chooses game `id` in the games list (a new round), unless it is on already. */
  async chooseGame(id) {
    if ((await this.state()).game.split(':')[0] === id) return;
    const before = (await this.state()).title;
    await this.openTab('games');
    await this.tap(`game:${id}`);
    await this.waitFor(`${id} chosen`, ([id, t]) => document.body.dataset.game.split(':')[0] === id
      && document.title !== t, [id, before]);
    await this.settle();
  }

  /**
   * The board part of the position text as a map from point name to '.', 'x', 'o'...: the
   * position now, or the last one the page showed with `plies` moves.
   */
  async board(plies) {
    const s = await this.state();
    const game = s.game.split(':')[0];
    const names = pointOrder(game, Object.keys(await this.points()));
    let position = s.position;
    if (plies !== undefined) {
      position = await this.page.evaluate((n) => window.__qipan.positions
        .filter((p) => p.plies === String(n)).map((p) => p.position).pop(), plies);
      if (position === undefined) throw new Error(`no position with ${plies} plies was shown`);
    }
    const chars = position.split(' ')[0];
    if (chars.length !== names.length) throw new Error(`${game}: ${chars.length} points in the position text, ${names.length} marked`);
    return Object.fromEntries(names.map((n, i) => [n, chars[i]]));
  }
}
