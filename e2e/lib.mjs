// What the browser tests share (test.mjs, online.mjs): the check list, Chromium's launch
// flags, and `Tab`, one page driven by the marks the app publishes on <body>.
import { chromium } from 'playwright-core';

/** Every failed check, in order; the script exits 1 when any is here. */
export const failures = [];

/** Logs a check and keeps it when it failed; returns `ok`. */
export function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
  return ok;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` with the machine to the page: CI's release builds, which run beside the browser
 * test at the lowest priority, are stopped meanwhile (their process group is in
 * QIPAN_PAUSE_PGID; without it, `fn` just runs). For the figures that are frames and
 * milliseconds: beside two such builds the review's frame share fell from 100% to 74% on an
 * otherwise idle machine, which measured CI and not the page (docs/ci.md).
 */
export async function withMachineToPage(fn) {
  const pgid = Number(process.env.QIPAN_PAUSE_PGID || 0);
  const signal = (name) => {
    if (!pgid) return;
    try { process.kill(-pgid, name); } catch { /* the builds are done: nothing to stop */ }
  };
  const resume = () => signal('SIGCONT');
  signal('SIGSTOP');
  // Should the test die meanwhile, the builds must not stay stopped.
  process.once('exit', resume);
  try {
    return await fn();
  } finally {
    resume();
    process.removeListener('exit', resume);
  }
}

/** Headless Chromium as docs/web.md describes it (software WebGL). */
export const LAUNCH = {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  timeout: 60_000,
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-unsafe-swiftshader',
  ],
};

/**
 * Launches Chromium; `scale` > 1 makes its screen that many device pixels per CSS pixel
 * (a context's `deviceScaleFactor` alone leaves eframe drawing at 3x zoom: platform notes).
 */
export function launch(scale = 1) {
  const args = scale > 1 ? [...LAUNCH.args, `--force-device-scale-factor=${scale}`] : LAUNCH.args;
  return chromium.launch({ ...LAUNCH, args });
}

/**
 * One browser page at one size: reads what the app publishes on <body> and taps or clicks
 * the controls it marks, scrolling them into view the way a person would. `name` (the
 * size's name unless given) starts every failure it reports.
 */
export class Tab {
  constructor(page, size, name = size.name) {
    this.page = page;
    this.size = size;
    this.name = name;
    this.W = size.viewport.width;
    this.H = size.viewport.height;
    this.problems = [];
    page.on('console', (msg) => {
      const text = msg.text();
      // Warnings too (the app says there why it does not use a stored table), but not
      // Chromium's own about preloads and `integrity`.
      const noise = text.includes('`integrity` attribute');
      if (msg.type() === 'error' || (msg.type() === 'warning' && !noise)) console.log(`     console ${msg.type()}: ${text.slice(0, 300)}`);
      if (text.includes('panicked at')) this.problems.push(`panic: ${text.slice(0, 2000)}`);
    });
    page.on('pageerror', (e) => this.problems.push(`page error: ${e.message}`));
    page.on('crash', () => this.problems.push('the page crashed'));
    // Playwright intercepts file pickers only once someone listens.
    page.on('filechooser', () => {});
  }

  state() {
    return this.page.evaluate(() => ({ ...document.body.dataset, title: document.title }));
  }

  async marks() {
    return JSON.parse((await this.page.evaluate(() => document.body.dataset.marks)) || '{}');
  }

  async waitFor(what, fn, arg, timeout = 30_000) {
    try {
      await this.page.waitForFunction(fn, arg, { timeout, polling: 50 });
      return true;
    } catch {
      const s = await this.state();
      delete s.marks;
      check(false, `${this.name}: ${what} (timed out after ${timeout} ms; state ${JSON.stringify(s)})`);
      return false;
    }
  }

  /**
   * As `waitFor`, for a condition the page can only answer asynchronously (IndexedDB):
   * Playwright's `waitForFunction` takes a returned Promise as truthy and would not wait.
   */
  async waitForAsync(what, fn, timeout = 30_000) {
    const deadline = Date.now() + timeout;
    for (;;) {
      if (await this.page.evaluate(fn).catch(() => false)) return true;
      if (Date.now() > deadline) {
        const s = await this.state();
        delete s.marks;
        check(false, `${this.name}: ${what} (timed out after ${timeout} ms; state ${JSON.stringify(s)})`);
        return false;
      }
      await sleep(250);
    }
  }

  plies(n, timeout) {
    return this.waitFor(`${n} plies`, (n) => document.body.dataset.plies === String(n), n, timeout);
  }

  /** Waits until the person is to move: the computer idle and the page settled. */
  async humanToMove(timeout = 30_000) {
    return this.waitFor('the computer to finish', () => document.body.dataset.thinking === '0', null, timeout);
  }

  /** The marks of the board's points: name -> centre. */
  async points() {
    const out = {};
    for (const [key, [x, y, w, h]] of Object.entries(await this.marks())) {
      if (key.startsWith('point:')) out[key.slice(6)] = [x + w / 2, y + h / 2];
    }
    return out;
  }

  /** The board's points' extent, and a unit: the distance between the nearest two. */
  async boardBox() {
    const centres = Object.values(await this.points());
    if (centres.length === 0) return null;
    const xs = centres.map((c) => c[0]), ys = centres.map((c) => c[1]);
    let unit = Infinity;
    for (const a of centres) for (const b of centres) if (a !== b) unit = Math.min(unit, Math.hypot(a[0] - b[0], a[1] - b[1]));
    return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys), unit };
  }

  /** Waits until the marks stop moving (a scroll has momentum). */
  async settle() {
    let last = null;
    const t0 = Date.now();
    for (let i = 0; i < 40; i++) {
      await sleep(120);
      const now = await this.page.evaluate(() => document.body.dataset.marks);
      if (now === last) break;
      last = now;
    }
    if (process.env.QIPAN_DEBUG) console.log(`     settle ${Date.now() - t0} ms`);
  }

  /**
   * Scrolls the page by `dy` CSS px (positive: further down the page), the way a person
   * does it here: a finger dragged on a part of the page that is not the board, or the
   * mouse wheel.
   */
  async scroll(dy, x = this.W / 2) {
    if (!this.size.touch) {
      // Over the column to scroll (the wide layout's columns scroll on their own).
      await this.page.mouse.move(x, this.H * 0.6);
      await this.page.mouse.wheel(0, dy);
      await this.settle();
      return;
    }
    let left = dy;
    for (let round = 0; round < 8 && Math.abs(left) > 4; round++) {
      // Start where a drag scrolls, with room to move the finger: not on the board, nor on
      // the phone's row of tabs, which scrolls sideways and keeps a drag that starts on it.
      const board = await this.boardBox();
      const tabs = Object.entries(await this.marks()).filter(([key]) => key.startsWith('tab:')).map(([, rect]) => rect);
      const clear = (y) => (!board || y < board.y0 - board.unit || y > board.y1 + board.unit)
        && !tabs.some(([, top, , height]) => y > top - 4 && y < top + height + 4);
      const starts = [];
      for (let f = 0.12; f <= 0.92; f += 0.04) if (clear(f * this.H)) starts.push(f * this.H);
      if (starts.length === 0) throw new Error('no place off the board to scroll from');
      const y0 = left > 0 ? Math.max(...starts) : Math.min(...starts);
      const room = left > 0 ? y0 - 0.05 * this.H : 0.95 * this.H - y0;
      const step = Math.sign(left) * Math.min(Math.abs(left), room);
      const before = await this.page.evaluate(() => document.body.dataset.marks);
      await this.touchDrag([x, y0], [x, y0 - step]);
      this.drags = (this.drags || 0) + 1;
      left -= step;
      await this.settle();
      // Nothing moved: the page is at its end.
      if ((await this.page.evaluate(() => document.body.dataset.marks)) === before) break;
    }
  }

  /** Scrolls the row at height `y` sideways by `dx` (a drag, or the wheel with a mouse). */
  async scrollSideways(dx, y) {
    if (!this.size.touch) {
      await this.page.mouse.move(this.W / 2, y);
      await this.page.mouse.wheel(dx, 0);
      await this.settle();
      return;
    }
    const step = Math.sign(dx) * Math.min(Math.abs(dx), this.W * 0.6);
    const x0 = step > 0 ? this.W * 0.8 : this.W * 0.2;
    await this.touchDrag([x0, y], [x0 - step, y]);
    await this.settle();
  }

  /**
   * A one-finger drag by touch events, held still before lifting so that it does not
   * fling. Few steps: each waits for the page to take it, and that takes a frame.
   */
  async touchDrag([x0, y0], [x1, y1]) {
    const t0 = Date.now();
    const cdp = await this.devtools();
    const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
    });
    await touch('touchStart', x0, y0);
    const steps = 4;
    for (let i = 1; i <= steps; i++) {
      await touch('touchMove', x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
    }
    await sleep(200);
    await touch('touchMove', x1, y1);
    await touch('touchEnd');
    if (process.env.QIPAN_DEBUG) console.log(`     drag ${Math.round(y1 - y0)} px took ${Date.now() - t0} ms`);
  }

  /**
   * Remembers where the page's content starts (below the status line): the top of the
   * highest mark on the unscrolled page. `reach` keeps controls below it.
   */
  async measureTop() {
    this.contentTop = Math.min(...Object.values(await this.marks()).map((r) => r[1]));
  }

  /**
   * Declines a newcomer's offer of the first lesson, if the page shows it, and measures the
   * content's top again. The offer sits above the columns until the first game is played,
   * and controls then come above a top measured with it.
   */
  async declineLessonOffer() {
    if (!(await this.marks())['learn:offer-no']) return false;
    await this.tap('learn:offer-no');
    await this.settle();
    await this.measureTop();
    return true;
  }

  /** The mark `key`, scrolled into the middle band of the viewport if it is not there. */
  async reach(key) {
    for (let round = 0; round < 6; round++) {
      // A control that the last tap brings up appears a frame or two later: the app applies
      // what a tap asks for at the start of the next frame.
      let rect = (await this.marks())[key];
      for (let wait = 0; !rect && wait < 40; wait++) {
        await sleep(50);
        rect = (await this.marks())[key];
      }
      if (!rect) throw new Error(`${this.name}: no mark ${key} on the page`);
      // Below the status line (above the page's first control) and inside the window.
      if (rect[1] < this.contentTop - 1 || rect[1] + rect[3] > this.H) {
        const cy = rect[1] + rect[3] / 2;
        await this.scroll(cy - this.H / 2, rect[0] + rect[2] / 2);
        continue;
      }
      // The phone's tab row is one row that scrolls sideways.
      if (rect[0] < 0 || rect[0] + rect[2] > this.W) {
        await this.scrollSideways(rect[0] + rect[2] / 2 - this.W / 2, rect[1] + rect[3] / 2);
        continue;
      }
      return rect;
    }
    throw new Error(`${this.name}: could not scroll ${key} into view`);
  }

  /** A tap (touch sizes) or a click (mouse) at the centre of mark `key`. */
  async tap(key) {
    const [x, y, w, h] = await this.reach(key);
    const at = [x + w / 2, y + h / 2];
    if (this.size.touch) await this.page.touchscreen.tap(at[0], at[1]);
    else await this.page.mouse.click(at[0], at[1]);
    console.log(`     ${this.size.touch ? 'tapped' : 'clicked'} ${key} at (${Math.round(at[0])}, ${Math.round(at[1])})`);
  }

  /** The page's DevTools session (touch drags, quiet reads), opened once. */
  async devtools() {
    this.cdp ||= await this.page.context().newCDPSession(this.page);
    return this.cdp;
  }

  /**
   * The value of `expression` in the page, read without handing the page a user activation.
   * Playwright's own `evaluate` (and so `state`, `marks`, `waitFor`) runs as a user gesture
   * (`Runtime.callFunctionOn` with `userGesture: true`): after one, the browser lets an
   * `AudioContext` start as if the page had been tapped.
   */
  async quietly(expression) {
    const { result, exceptionDetails } = await (await this.devtools()).send('Runtime.evaluate', {
      expression, returnByValue: true, awaitPromise: true,
    });
    if (exceptionDetails) throw new Error(`${this.name}: ${expression}: ${exceptionDetails.exception?.description || exceptionDetails.text}`);
    return result.value;
  }

  /** Opens tab `name` in the narrow layout's tab row (a no-op where there are no tabs). */
  async openTab(name) {
    if ((await this.marks())[`tab:${name}`]) {
      await this.tap(`tab:${name}`);
      await this.settle();
    }
  }
}

/**
 * In the page (for `page.evaluate`): whether IndexedDB holds Maddell's solved table, the
 * `Blob` the app stores under its key (crates/engine/src/ai/maddell_table/web.rs).
 */
export function maddellTableStored() {
  return new Promise((resolve) => {
    const open = indexedDB.open('qipan', 1);
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('tables')) { db.close(); resolve(false); return; }
      const get = db.transaction('tables').objectStore('tables').get('maddell-table-v2');
      get.onsuccess = () => { db.close(); resolve(get.result instanceof Blob); };
      get.onerror = () => { db.close(); resolve(false); };
    };
  });
}

/**
 * In every page of a context (for `addInitScript`), before the app starts: what reaches the
 * page's ears and eyes, in `window.__watch`. Each `AudioContext` made (`made`, the last one in
 * `context`, every state it passed through in `states`), its `resume()` calls, every sound
 * started (`started`: a buffer source's `start`), the person's input events that reached the
 * page (`inputs`) and whether it was ever hidden (`hidden`). `Original` is the browser's own
 * `AudioContext`, to make one that is not counted.
 */
export function watchPage() {
  const Original = window.AudioContext;
  const watch = (window.__watch = {
    made: 0, context: null, states: [], resumes: 0, started: 0, inputs: 0, hidden: document.hidden, Original,
  });
  for (const type of ['pointerdown', 'touchstart', 'keydown']) {
    addEventListener(type, (e) => { if (e.isTrusted) watch.inputs++; }, { capture: true });
  }
  document.addEventListener('visibilitychange', () => { watch.hidden ||= document.hidden; });
  if (!Original) return;
  window.AudioContext = class extends Original {
    constructor(...args) {
      super(...args);
      watch.made++;
      watch.context = this;
      watch.states.push(this.state);
      this.addEventListener('statechange', () => watch.states.push(this.state));
    }

    resume() {
      watch.resumes++;
      return super.resume();
    }
  };
  // A buffer source has a `start` of its own; oscillators and the others share their parent's.
  for (const node of [AudioBufferSourceNode, AudioScheduledSourceNode]) {
    const start = node.prototype.start;
    node.prototype.start = function (...args) {
      watch.started++;
      return start.apply(this, args);
    };
  }
}
