// The first load on a phone over a mobile network (issue 21): a fresh browser context at
// 390x844 with touch and 3 device pixels per CSS pixel (Chromium's
// --force-device-scale-factor=3 as well: the context's deviceScaleFactor alone makes eframe
// draw a 3x zoom on a 1x canvas), the page's CPU slowed 4x and DevTools' "Fast 4G" network,
// from navigation to the first board drawn. Once from a host that sends the plain files
// ("raw"), then from one that sends the pre-compressed .br files (as qipan-server --site
// does): the plain files once, the pre-compressed QIPAN_FIRSTLOAD_RUNS times (default 3;
// the median counts). About 40 s.
// Usage: node e2e/firstload.mjs DIST_DIR   (e2e/run.sh calls it after the build)
// Figures go to e2e/screenshots/firstload.json; a GOAL line (reported, not failed) while the
// first board takes longer than the goal, FAIL lines for what must hold (Brotli, one wasm download).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, maddellTableStored } from './lib.mjs';
import { rendererPeakMb } from './memory.mjs';
import { serve } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] || join(here, '..', 'dist');
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
mkdirSync(shots, { recursive: true });
const RUNS = { raw: 1, precompressed: Number(process.env.QIPAN_FIRSTLOAD_RUNS || 3) };
const GOAL_MS = 3000;
// DevTools' "Fast 4G" as issue 21 measured it: 150 ms, 9 Mbit/s down, 1.5 Mbit/s up.
const NETWORK = { offline: false, latency: 150, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 };
const CPU_SLOWDOWN = 4;
// Maddell's perfect play ready on the same phone (issue 21): the table fetched from the site.
const MADDELL_GOAL_S = 60;
const RENDERER_GOAL_MB = 250;

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
  return ok;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

// In the page, before anything runs: when the wasm has started (tools/web.mjs's `QipanStarted`, after
// instantiation and the app's `main`), the first WebGL clear (eframe's first painted frame),
// the first frame whose marks name a board point (the board drawn), and how many WebGL
// extensions the page asked the browser for.
function instrument() {
  const q = (window.__first = { started: null, firstPaint: null, board: null, extensionRequests: 0 });
  addEventListener('QipanStarted', () => { q.started = performance.now(); });
  // Each extension request that reaches the browser costs round trips to its GPU process; the
  // app's context answers glow's itself (src/main.rs, answer_extension_requests).
  const getExtension = WebGL2RenderingContext.prototype.getExtension;
  WebGL2RenderingContext.prototype.getExtension = function (...args) {
    q.extensionRequests += 1;
    return getExtension.apply(this, args);
  };
  const clear = WebGL2RenderingContext.prototype.clear;
  WebGL2RenderingContext.prototype.clear = function (...args) {
    if (q.firstPaint === null) q.firstPaint = performance.now();
    return clear.apply(this, args);
  };
  new MutationObserver(() => {
    if (q.board === null && (document.body.dataset.marks || '').includes('"point:')) {
      q.board = -1;
      // The app marks <body> just before that frame is painted; the next task runs after.
      setTimeout(() => { q.board = performance.now(); }, 0);
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-marks'] });
}

/** One first load from `url` in a fresh context: the times in ms from navigation start. */
/**
 * A fresh context on the phone profile (390x844, touch, 3 device pixels per CSS pixel, the
 * page's CPU slowed, Fast 4G), instrumented; its page, and the page's errors as they come.
 */
async function phonePage(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true,
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (msg) => { if (msg.text().includes('panicked at')) problems.push(msg.text().slice(0, 500)); });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, problems };
}

async function firstLoad(browser, url, label, server) {
  const { context, page, problems } = await phonePage(browser);
  const before = server.log.length;
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(() => window.__first && window.__first.board > 0, null, { timeout: 60_000, polling: 50 });
  const r = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const files = {};
    for (const e of performance.getEntriesByType('resource')) {
      const name = new URL(e.name).pathname.split('/').pop();
      const kind = name.endsWith('.wasm') ? 'wasm' : name.endsWith('.js') ? 'js' : null;
      if (kind) {
        files[kind] = {
          start: e.startTime, responseStart: e.responseStart, end: e.responseEnd,
          transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize,
        };
      }
    }
    return { ...window.__first, html: nav.responseEnd, files };
  });
  const wasm = r.files.wasm || {};
  const out = {
    label,
    htmlMs: Math.round(r.html),
    wasmRequestMs: Math.round(wasm.start),
    wasmDownloadedMs: Math.round(wasm.end),
    wasmBytes: wasm.encoded,
    wasmDecodedBytes: wasm.decoded,
    startedMs: Math.round(r.started),
    firstPaintMs: Math.round(r.firstPaint),
    boardMs: Math.round(r.board),
    extensionRequests: r.extensionRequests,
    encodings: server.log.slice(before),
  };
  // The service worker installs after the page's load event and caches the build: it should
  // take the content-hashed files the page fetched from the HTTP cache, not download them again.
  const ready = await page.evaluate(() => Promise.race([
    navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000)),
  ]));
  out.workerReady = ready;
  out.wasmRequests = server.log.slice(before).filter((l) => l.includes('.wasm')).length;
  out.problems = problems;
  await context.close();
  console.log(`     ${label}: html ${out.htmlMs} ms, wasm asked at ${out.wasmRequestMs} ms, downloaded ${out.wasmDownloadedMs} ms `
    + `(${out.wasmBytes} bytes over the wire), started ${out.startedMs} ms, first paint ${out.firstPaintMs} ms, `
    + `board ${out.boardMs} ms; the wasm requested ${out.wasmRequests}x (service worker ${ready ? 'ready' : 'not ready'})`);
  return out;
}

/**
 * Sixpenny Maddell opened by a link on the phone profile, in a fresh context (no table in
 * IndexedDB): a tap on the board answered (the placement shown), and the seconds until
 * perfect play is ready (`data-perfect`: the table fetched from the site, checked and
 * installed), with Chromium's renderer's peak memory meanwhile. Then the table, stored in
 * IndexedDB, is ready again after a reload.
 */
async function maddellOnThePhone(browser, url, server) {
  const { context, page, problems } = await phonePage(browser);
  const before = server.log.length;
  const began = Date.now();
  await page.goto(`${url}?game=maddell`, { waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(() => window.__first && window.__first.board > 0, null, { timeout: 60_000, polling: 50 });
  const out = { boardS: Math.round((Date.now() - began) / 100) / 10 };
  // A tap on an empty point while the table comes: the placement appears.
  const marks = JSON.parse(await page.evaluate(() => document.body.dataset.marks || '{}'));
  const point = Object.entries(marks).find(([k]) => k.startsWith('point:'));
  if (point) {
    const [x, y, w, h] = point[1];
    const tapped = Date.now();
    await page.touchscreen.tap(x + w / 2, y + h / 2);
    await page.waitForFunction(() => Number(document.body.dataset.plies) >= 1, null, { timeout: 30_000, polling: 20 });
    out.tapAnsweredMs = Date.now() - tapped;
  }
  out.perfectDuringTap = await page.evaluate(() => document.body.dataset.perfect || '');
  await page.waitForFunction(() => (document.body.dataset.perfect || '').startsWith('ready')
    || (document.body.dataset.perfect || '').startsWith('failed'), null, { timeout: 600_000, polling: 100 });
  out.readyS = Math.round((Date.now() - began) / 100) / 10;
  out.perfect = await page.evaluate(() => document.body.dataset.perfect || '');
  out.rendererPeakMb = rendererPeakMb();
  out.table = server.log.slice(before).filter((l) => l.includes('maddell-table'));
  // Stored in IndexedDB: ready again after a reload, without the network's table. (Polled
  // through evaluate: waitForFunction takes a returned Promise for a true value.)
  const storedAt = Date.now();
  out.stored = false;
  while (!out.stored && Date.now() - storedAt < 120_000) {
    out.stored = await page.evaluate(maddellTableStored);
    if (!out.stored) await new Promise((r) => setTimeout(r, 500));
  }
  const reloadLog = server.log.length;
  const reloaded = Date.now();
  await page.reload({ waitUntil: 'commit', timeout: 60_000 });
  await page.waitForFunction(() => (document.body.dataset.perfect || '').startsWith('ready'), null, { timeout: 120_000, polling: 100 });
  out.reloadReadyS = Math.round((Date.now() - reloaded) / 100) / 10;
  out.tableFetchedOnReload = server.log.slice(reloadLog).some((l) => l.includes('maddell-table'));
  out.problems = problems;
  await context.close();
  console.log(`     maddell on the phone: board ${out.boardS} s, a tap answered in ${out.tapAnsweredMs} ms (${out.perfectDuringTap}), `
    + `perfect play ${out.perfect} after ${out.readyS} s (${out.table.join(', ')}), renderer peak ${out.rendererPeakMb} MB; `
    + `after a reload ready in ${out.reloadReadyS} s`);
  return out;
}

const browser = await launch(3);
const hosts = {
  raw: await serve(dist, 0, { precompressed: false }),
  precompressed: await serve(dist, 0, { precompressed: true }),
};
const results = { goalMs: GOAL_MS, network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, runs: {} };
const began = Date.now();
try {
  // The figures move with the machine's load (the page's thread shares the cores).
  results.loadBefore = loadavg()[0];
  console.log(`== first load, phone 390x844 DPR 3, CPU ${CPU_SLOWDOWN}x slower, Fast 4G (150 ms, 9 Mbit/s); load ${results.loadBefore.toFixed(1)}`);
  for (const [label, server] of Object.entries(hosts)) {
    const url = `http://127.0.0.1:${server.port}/`;
    results.runs[label] = [];
    for (let i = 0; i < RUNS[label]; i++) results.runs[label].push(await firstLoad(browser, url, label, server));
  }
  // The medians of each step, raw and pre-compressed.
  for (const [label, runs] of Object.entries(results.runs)) {
    results[label] = {};
    for (const k of ['wasmRequestMs', 'wasmDownloadedMs', 'startedMs', 'firstPaintMs', 'boardMs']) {
      results[label][k] = median(runs.map((r) => r[k]));
    }
    results[label].wasmBytes = runs[0].wasmBytes;
  }
  results.rawBoardMs = results.raw.boardMs;
  results.boardMs = results.precompressed.boardMs;
  console.log(`     medians: ${JSON.stringify({ raw: results.raw, precompressed: results.precompressed })}`);
  const last = results.runs.precompressed.at(-1);
  check(results.runs.precompressed.every((r) => r.encodings.some((l) => /\.wasm br$/.test(l))),
    `first load: the wasm came Brotli-compressed (${last.wasmBytes} of ${last.wasmDecodedBytes} bytes)`);
  check(results.runs.precompressed.every((r) => r.workerReady && r.wasmRequests === 1),
    `first load: the wasm crossed the network once, the service worker took it from the HTTP cache (${results.runs.precompressed.map((r) => r.wasmRequests)})`);
  check(results.runs.precompressed.every((r) => r.extensionRequests === 0),
    `first load: the browser was asked for no WebGL extension (${results.runs.precompressed.map((r) => r.extensionRequests)}; glow's requests answered by the page)`);
  for (const [label, runs] of Object.entries(results.runs)) {
    for (const r of runs) for (const p of r.problems) check(false, `first load (${label}): ${p}`);
  }
  // Reported, not failed: issue 21's goal is open (docs/web.md says where the time goes), and
  // a red CI for a figure the build cannot yet reach would hide every other failure.
  const m = (results.maddell = await maddellOnThePhone(browser, `http://127.0.0.1:${hosts.precompressed.port}/`, hosts.precompressed));
  check(m.perfect === 'ready' && m.readyS <= MADDELL_GOAL_S,
    `phone profile: Maddell's perfect play ready in ${m.readyS} s (goal <= ${MADDELL_GOAL_S} s; ${m.perfect}), the table fetched as ${m.table.join(', ')}`);
  check(m.table.some((l) => /maddell-table-v2\.bin (br|gzip)$/.test(l)),
    `phone profile: the table came compressed (${m.table.join(', ')})`);
  // Reported, not failed, as the first board below: the page without the table already
  // peaks near the goal in headless Chromium (docs/web.md), and the goal is open.
  const memoryMet = m.rendererPeakMb <= RENDERER_GOAL_MB;
  console.log(`${memoryMet ? 'ok  ' : 'GOAL'} phone profile: the renderer peaked at ${m.rendererPeakMb} MB while Maddell's table came (goal <= ${RENDERER_GOAL_MB} MB${memoryMet ? '' : ', not met yet'})`);
  // Reported: the issue sets no goal for it (the tap lands while the table arrives).
  console.log(`     phone profile: a tap on the board answered in ${m.tapAnsweredMs} ms (the table ${m.perfectDuringTap})`);
  check(m.perfect === 'ready' && m.stored && !m.tableFetchedOnReload && m.reloadReadyS < 15,
    `phone profile: after a reload, perfect play is ready from IndexedDB in ${m.reloadReadyS} s, the table not fetched again`);
  for (const p of m.problems) check(false, `maddell on the phone: ${p}`);
  const met = results.boardMs <= GOAL_MS;
  console.log(`${met ? 'ok  ' : 'GOAL'} phone on Fast 4G, CPU 4x: first board ${results.boardMs} ms with pre-compressed files (goal <= ${GOAL_MS} ms${met ? '' : ', not met yet'}; plain files ${results.rawBoardMs} ms)`);
} catch (e) {
  check(false, `the first-load test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
  for (const s of Object.values(hosts)) await s.stop();
}
results.seconds = Math.round((Date.now() - began) / 1000);
writeFileSync(join(shots, 'firstload.json'), JSON.stringify(results, null, 2) + '\n');
console.log(`     first load: ${results.seconds} s`);
if (failures.length > 0) process.exit(1);
