// What the tests of playing online share (online.mjs, lobby.mjs): `qipan-server --site` on a
// free port with a fresh data file, the three sizes, a page of the "Play online" section,
// and the engine's command line for Shuang Cheng's legal moves.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tab, sleep } from './lib.mjs';

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
