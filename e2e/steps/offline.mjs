// The app installed and offline: the icon and manifest, the service worker's cache, and a
// new build taking over from the cached one.
import { chromium } from 'playwright-core';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompress } from '../../tools/precompress.mjs';
import { LAUNCH, check, sleep } from '../lib.mjs';
import { serve } from '../serve.mjs';
import { SIZES, dist } from './common.mjs';
import { openLink } from './saves.mjs';

/**
 * The icon and the web app manifest: present, and all Chromium needs to offer to install
 * the app. Chromium never offers that in an incognito-like context (every newContext is),
 * so this asks in a browser with a real profile.
 */
export async function installable(url, m) {
  const profile = mkdtempSync(join(tmpdir(), 'qipan-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...LAUNCH, viewport: SIZES[0].viewport });
  try {
    const page = context.pages()[0] || (await context.newPage());
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => document.body.dataset.plies !== undefined, null, { timeout: 60_000 });
    const found = await page.evaluate(async () => {
      const icon = document.querySelector('link[rel="icon"]');
      const manifestLink = document.querySelector('link[rel="manifest"]');
      if (!icon || !manifestLink) return { icons: [], missing: true };
      const manifest = await (await fetch(manifestLink.href)).json();
      const icons = [];
      for (const i of manifest.icons) {
        const r = await fetch(new URL(i.src, manifestLink.href));
        const b = await createImageBitmap(await r.blob());
        icons.push({ sizes: i.sizes, type: r.headers.get('content-type'), w: b.width, h: b.height });
      }
      const tab = await fetch(icon.href);
      return { icons, tabIcon: tab.status, tabIconType: tab.headers.get('content-type') };
    });
    check(!found.missing && found.tabIcon === 200 && found.tabIconType === 'image/png', 'the browser tab icon is there');
    check(found.icons.length > 0 && found.icons.some((i) => i.w >= 512) && found.icons.every((i) => i.sizes === `${i.w}x${i.h}`),
      `the manifest's icons are the sizes it says ${JSON.stringify(found.icons)}`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    m.installabilityErrors = installabilityErrors.map((e) => e.errorId);
    check(installabilityErrors.length === 0, `Chromium finds the app installable (${JSON.stringify(m.installabilityErrors)})`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The service worker has cached this build: caches and the worker's state. */
function workerReady(t) {
  return t.page.evaluate(async () => {
    // `ready` never settles when no worker was registered.
    const reg = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 10_000))]);
    const keys = await caches.keys();
    const cached = keys.length ? (await (await caches.open(keys[0])).keys()).map((r) => new URL(r.url).pathname) : [];
    return { active: reg && reg.active && reg.active.state, keys, cached };
  });
}

/** Which .wasm the page started from. */
const wasmLoaded = (t) => t.page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname.split('/').pop()).filter((n) => n.endsWith('.wasm')));

/**
 * Offline: with the site down, a reload still starts the app (the service worker). Then a
 * new build on the same address: the next load runs the new build's wasm, never the cached
 * old one, and after that the new build is what starts offline.
 */
export async function offline(t, m, server) {
  let sw = await workerReady(t);
  check(sw.active === 'activated' && sw.keys.length === 1 && sw.cached.some((p) => p.endsWith('.wasm')),
    `the service worker cached the build (${sw.keys}: ${sw.cached.length} files)`);
  const firstWasm = (await wasmLoaded(t))[0];
  await server.current.stop();
  await t.page.reload({ waitUntil: 'load', timeout: 60_000 });
  const up = await t.waitFor('the first frame offline', () => window.__qipan.firstFrame !== null, null, 60_000);
  m.offlineFirstFrameMs = Math.round(await t.page.evaluate(() => window.__qipan.firstFrame));
  check(up && (await t.state()).plies !== undefined, `offline: the app starts from the cache (first frame ${m.offlineFirstFrameMs} ms)`);
  await t.shot('offline');
  // A link works offline too: the service worker serves the page for any query.
  const linked = await openLink(t, `http://127.0.0.1:${server.port}/`, 'game=shuangcheng&moves=bh-c', 'shuangcheng');
  // The link's one move, and the computer's answer to it if it came already.
  check(linked.state.game === 'shuangcheng' && Number(linked.state.plies) >= 1,
    `offline, a link opens its game (${linked.state.game}, ${linked.state.plies} plies)`);

  // The "new build": this one with its wasm renamed (as a new content hash would) and a new
  // service worker version, as stamp-sw.sh makes them.
  const next = mkdtempSync(join(tmpdir(), 'qipan-next-'));
  cpSync(dist, next, { recursive: true });
  const oldName = readdirSync(next).find((f) => f.endsWith('_bg.wasm'));
  const newName = oldName.replace('_bg.wasm', '-next_bg.wasm');
  const rename = (file, fn) => writeFileSync(join(next, file), fn(readFileSync(join(next, file), 'utf8')));
  // Its pre-compressed files as well: the wasm's under the new name, and index.html's and
  // sw.js's made again from their new contents (the server sends the .br when there is one).
  for (const ext of ['', '.br', '.gz']) {
    if (!existsSync(join(next, oldName + ext))) continue;
    rmSync(join(next, newName + ext), { force: true });
    cpSync(join(next, oldName + ext), join(next, newName + ext));
    rmSync(join(next, oldName + ext));
  }
  rename('index.html', (s) => s.split(oldName).join(newName));
  rename('sw.js', (s) => s.split(oldName).join(newName).replace(/const VERSION = '[^']*'/, "const VERSION = 'next'"));
  precompress(next, ['index.html', 'sw.js']);
  check(readFileSync(join(next, 'sw.js'), 'utf8').includes("'next'"), 'the next build has its own service worker version');
  server.current = await serve(next, server.port);
  await t.page.reload({ waitUntil: 'load', timeout: 60_000 });
  await t.waitFor('the first frame of the next build', () => window.__qipan.firstFrame !== null, null, 60_000);
  const nextWasm = await wasmLoaded(t);
  check(nextWasm.includes(newName) && !nextWasm.includes(firstWasm),
    `online again, the page runs the new build's wasm at once (${nextWasm}; was ${firstWasm})`);
  // The browser looks for a new sw.js on every navigation; the new worker installs, takes
  // over and drops the old cache.
  for (let i = 0; i < 100; i++) {
    sw = await workerReady(t);
    if (sw.keys.length === 1 && sw.keys[0] === 'qipan-next') break;
    await sleep(200);
  }
  check(sw.keys.length === 1 && sw.keys[0] === 'qipan-next' && sw.cached.some((p) => p.endsWith(newName)),
    `the new worker replaced the old cache (${sw.keys})`);
  await server.current.stop();
  await t.page.reload({ waitUntil: 'load', timeout: 60_000 });
  await t.waitFor('the first frame offline (next build)', () => window.__qipan.firstFrame !== null, null, 60_000);
  const offlineWasm = await wasmLoaded(t);
  check(offlineWasm.includes(newName), `offline after the update, the new build starts (${offlineWasm})`);
  rmSync(next, { recursive: true, force: true });
  // The site up again for the other sizes.
  server.current = await serve(dist, server.port);
}
