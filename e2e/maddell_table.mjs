// Builds the solved Maddell table inside headless Chromium (e2e/maddell_table.html, the
// app's own `prepare_in_background`), and measures: how long the build takes, whether the
// page keeps drawing meanwhile (frames a second, the longest gap between two frames), the
// wasm memory and the renderer's peak memory; then reloads the page and times the table's
// return from IndexedDB. Prints one JSON object. Usage: node e2e/maddell_table.mjs URL
import { launch } from './lib.mjs';
import { rendererPeakMb } from './memory.mjs';

const url = process.argv[2];
const limitSeconds = Number(process.env.LIMIT_SECONDS || 1200);

const browser = await launch();
const result = { url };
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('status of 404')) errors.push(m.text());
  });
  // The test server has no favicon; nothing else may fail to load.
  page.on('requestfailed', (r) => errors.push(`${r.url()} failed`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.url()} ${r.status()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.page && window.page.readiness, null, { timeout: 60_000 });
  const began = Date.now();
  const windows = [];
  let state = '';
  let lastFrames = await page.evaluate(() => window.page.frames);
  let lastTime = Date.now();
  while ((Date.now() - began) / 1000 < limitSeconds) {
    await page.waitForTimeout(5000);
    const now = await page.evaluate(() => ({
      readiness: window.page.readiness(),
      frames: window.page.frames,
      longestGap: window.page.longestGap,
      wasmMb: Math.round(window.page.wasmBytes() / 1048576),
    }));
    const seconds = (Date.now() - lastTime) / 1000;
    windows.push({
      t: Math.round((Date.now() - began) / 1000),
      readiness: now.readiness,
      fps: Math.round((now.frames - lastFrames) / seconds),
      wasmMb: now.wasmMb,
    });
    console.error(JSON.stringify(windows[windows.length - 1]));
    lastFrames = now.frames;
    lastTime = Date.now();
    state = now.readiness;
    if (state.startsWith('ready') || state.startsWith('failed')) break;
  }
  result.buildSeconds = state.startsWith('ready') ? (Date.now() - began) / 1000 : null;
  result.readiness = state;
  result.progress = windows;
  result.framesPerSecond = windows.map((w) => w.fps);
  result.longestFrameGapMs = Math.round(await page.evaluate(() => window.page.longestGap));
  result.gapsOver50ms = await page.evaluate(() => window.page.gaps.length);
  // [seconds since the build started, gap in ms] of the gaps over 100 ms.
  result.gapsOver100ms = await page.evaluate(() => window.page.gaps.filter((g) => g[1] > 100));
  result.startValue = await page.evaluate(() => window.page.startValue());
  result.wasmMemoryMb = await page.evaluate(() => Math.round(window.page.wasmBytes() / 1048576));
  result.rendererPeakMb = rendererPeakMb();
  // Once stored, the next visit reads the table back from IndexedDB.
  if (state.startsWith('ready')) {
    await page.waitForTimeout(2000);
    await page.reload();
    await page.waitForFunction(() => window.page && window.page.readiness, null, { timeout: 60_000 });
    const again = Date.now();
    await page.waitForFunction(() => window.page.readiness().startsWith('ready'), null,
      { timeout: 120_000, polling: 50 });
    result.reloadSeconds = (Date.now() - again) / 1000;
    result.startValueAfterReload = await page.evaluate(() => window.page.startValue());
  }
  result.errors = errors;
} finally {
  await browser.close();
}
console.log(JSON.stringify(result, null, 1));
