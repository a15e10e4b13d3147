// What the tests of playing online share (online.mjs, lobby.mjs, correspondence.mjs):
// `qipan-server --site` on a free port with a fresh data file, the three sizes, a page of the
// "Play online" section (choosing a name, moves by taps, the words at a mark), the server's
// records API, and the engine's command line for Shuang Cheng's legal moves.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tab, check, sleep } from './lib.mjs';

/**
 * Starts `SERVER_BIN --site DIST` on a free port with a data file of its own and the extra
 * `args`; resolves to { url, stop } once it says where it listens.
 */
export function startServer(serverBin, dist, args = []) {
  const data = mkdtempSync(join(tmpdir(), 'qipan-online-'));
  const child = spawn(serverBin,
    ['--listen', '127.0.0.1:0', '--site', dist, '--data', join(data, 'games.sqlite'), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not say where it listens')), 30_000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/listening on (http:\/\/\S+)/);
      if (found) {
        clearTimeout(timer);
        resolve({ url: found[1], stop: () => { child.kill('SIGTERM'); rmSync(data, { recursive: true, force: true }); } });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

export const SIZES = {
  desktop: { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  tablet: { name: 'tablet', viewport: { width: 820, height: 1180 }, touch: true },
  phone: { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
};

/**
 * One page of a test of playing online: the shared `Tab` (lib.mjs) and the steps of the
 * "Play online" section. Screenshots are SHOTS/PREFIX-NAME-STEP.png.
 */
export class OnlinePage extends Tab {
  constructor(page, size, name, shots, prefix) {
    super(page, size, name);
    this.shots = shots;
    this.prefix = prefix;
  }

  async open(url) {
    await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await this.waitFor('the first frame', () => document.body.dataset.plies !== undefined, null, 60_000);
    await sleep(300);
    await this.measureTop();
    // A game online hides the newcomer's offer, and the controls over the board (Resign)
    // would come above the top measured with it.
    await this.declineLessonOffer();
  }

  /**
   * On a touch page, measures the content's top again from the top of the page: a room's
   * game puts its players and their buttons (Resign) above the board, where no control was.
   */
  async measureTopAgain() {
    if (!this.size.touch) return;
    if (this.drags) await this.scroll(-4000);
    await this.measureTop();
  }

  /** A tap, then a moment for the app to take it (a control it brings up comes a frame later). */
  async tap(key) {
    await super.tap(key);
    await sleep(150);
  }

  /**
   * Opens the "Play online" section: a tab on a phone, a folded section in a column (left
   * as it is when open: a name to choose, a seek waiting or a room's controls on show).
   */
  async openOnline() {
    const marks = await this.marks();
    const open = ['online:create', 'online:leave', 'lobby:name', 'lobby:cancel'].some((key) => marks[key]);
    if (marks['tab:online']) await this.tap('tab:online');
    else if (marks['section:online'] && !open) await this.tap('section:online');
    await sleep(300);
  }

  /** Resigns: Resign, then Yes to the question that comes under it (issue 43). */
  async resign() {
    await this.tap('online:resign');
    await this.tap('online:resign-yes');
  }

  async setLang(tag) {
    await this.openTab('settings');
    await this.tap(`lang:${tag}`);
    await this.waitFor(`language ${tag}`, (tag) => document.body.dataset.lang === tag, tag, 5_000);
  }

  online() {
    return this.page.evaluate(() => document.body.dataset.online || '');
  }

  async shot(step) {
    await this.page.screenshot({ path: join(this.shots, `${this.prefix}-${this.name}-${step}.png`) });
  }

  /** Taps `move` (`from-to`) on the board. */
  async playMove(move) {
    const [from, to] = move.split('-');
    await this.tap(`point:${from}`);
    await this.tap(`point:${to}`);
  }

  /** Opens "Play online", types `name` into the name field and chooses it. */
  async chooseName(name) {
    await this.openOnline();
    check((await this.state()).lobby === '-', `${this.name}: no name before choosing one`);
    await this.tap('lobby:name');
    await this.page.keyboard.type(name, { delay: 20 });
    await this.shot('name');
    await this.tap('lobby:choose');
    if (await this.waitFor(`the name ${name}`, (name) => document.body.dataset.lobby === name, name, 15_000)) {
      check(true, `${this.name}: plays as ${name}`);
    }
    await labelAt(this, 'lobby:player', 'the player line', (t) => t.includes(name) && t.includes('1500?'));
    await this.shot('named');
  }
}

/**
 * In the page (for `page.evaluate`): the text of the accessibility layer's label drawn at
 * mark `key` (the smallest element with text whose centre is inside the mark), without
 * Fluent's isolation marks; null while there is none.
 */
export function markText(key) {
  const rect = JSON.parse(document.body.dataset.marks || '{}')[key];
  const layer = document.getElementById('qipan_a11y');
  if (!rect || !layer) return null;
  let best = null;
  for (const el of layer.children) {
    const text = (el.textContent || el.getAttribute('aria-label') || '').trim();
    const b = el.getBoundingClientRect();
    const [cx, cy] = [b.left + b.width / 2, b.top + b.height / 2];
    const inside = cx >= rect[0] && cx <= rect[0] + rect[2] && cy >= rect[1] && cy <= rect[1] + rect[3];
    if (text && inside && (!best || b.width * b.height < best.area)) best = { text, area: b.width * b.height };
  }
  return best && best.text.replace(/[\u2066-\u2069]/g, '');
}

/** In the page (for `page.evaluate`): every text of the accessibility layer, as `markText` reads them. */
export function layerTexts() {
  const layer = document.getElementById('qipan_a11y');
  return layer ? [...layer.children].map((el) => (el.textContent || el.getAttribute('aria-label') || '').trim()
    .replace(/[\u2066-\u2069]/g, '')).filter((text) => text) : [];
}

/**
 * The shortest text of the accessibility layer of page `p` that `pattern` matches (a label
 * rather than a live region that strings several together), once there is one.
 */
export async function saying(p, what, pattern, timeout) {
  const texts = await until(p, what, () => p.page.evaluate(layerTexts), (v) => v != null && v.some((t) => pattern.test(t)), timeout);
  return texts && texts.filter((t) => pattern.test(t)).sort((a, b) => a.length - b.length)[0];
}

/**
 * Polls `probe` (async, returns a value or null) until `ok(value)`; the last value, or null
 * (a failed check on page `p`) when `timeout` ms pass first.
 */
export async function until(p, what, probe, ok = (v) => v != null, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let value = null;
  for (;;) {
    value = await probe().catch(() => null);
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      check(false, `${p.name}: ${what} (timed out after ${timeout} ms; last ${JSON.stringify(value)})`);
      return null;
    }
    await sleep(100);
  }
}

/** The label at mark `key` on page `p` once it says what `ok` wants. */
export const labelAt = (p, key, what, ok, timeout) => until(p, what, () => p.page.evaluate(markText, key), (v) => v != null && ok(v), timeout);

/**
 * Waits until page `p` is seated in a room (a seek paired, a game opened), another than
 * `besides` when given (the room it was in): { room, seat }.
 */
export async function paired(p, timeout, besides = null) {
  await p.waitFor(besides ? `a game besides room ${besides}` : 'a paired game', (besides) => {
    const online = document.body.dataset.online || '';
    return /^\S+ [xo] open$/.test(online) && online.split(' ')[0] !== besides;
  }, besides, timeout);
  await sleep(300);
  await p.measureTopAgain();
  const [room, seat] = (await p.online()).split(' ');
  return { room, seat };
}

/** Every page shows `n` plies and the same position: that position. */
export async function allShow(pages, n) {
  for (const p of pages) await p.plies(n, 20_000);
  const positions = await Promise.all(pages.map(async (p) => (await p.state()).position));
  check(positions.every((q) => q === positions[0]), `after ply ${n} both pages show ${positions[0]}`);
  return positions[0];
}

/** The player's record from the server's records API (`GET /api/players/NAME`). */
export async function playerRecord(server, name) {
  const response = await fetch(`${server.url}/api/players/${encodeURIComponent(name)}`);
  check(response.ok, `GET /api/players/${name}: ${response.status}`);
  return response.ok ? response.json() : null;
}

/** A page of size `sizeName` in a browser context of its own (its own storage). */
export async function newOnlinePage(browser, { name, sizeName, shots, prefix }) {
  const size = SIZES[sizeName];
  const context = await browser.newContext({
    viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, deviceScaleFactor: size.scale || 1,
  });
  context.setDefaultTimeout(30_000);
  return new OnlinePage(await context.newPage(), size, name, shots, prefix);
}

/** The engine's command line: `qipan-cli ARGS...`, its answer's lines. */
export function cli(cliBin, ...args) {
  return execFileSync(cliBin, args, { encoding: 'utf8' }).split('\n').filter((line) => line.length > 0);
}

/** Shuang Cheng after `move` from `position`: the position, and the plies left to the end. */
function after(cliBin, position, move) {
  const [next, status] = cli(cliBin, 'apply', 'shuangcheng', '--pos', position, move);
  if (status !== 'ongoing') return { move, next, over: true, left: 1 };
  const [value, n] = cli(cliBin, 'solve', 'shuangcheng', '--pos', next)[0].split(' ');
  return { move, next, over: false, left: value === 'draw' ? Infinity : 1 + Number(n) };
}

/** Every legal move of Shuang Cheng at `position`, each with what comes `after` it. */
export const options = (cliBin, position) => cli(cliBin, 'moves', 'shuangcheng', '--pos', position).map((m) => after(cliBin, position, m));

/** The move that keeps the game going longest (a game that must last a few moves). */
export function keepGoing(cliBin, position) {
  const going = options(cliBin, position).filter((o) => !o.over);
  return going.reduce((best, o) => (o.left > best.left ? o : best), going[0]);
}
