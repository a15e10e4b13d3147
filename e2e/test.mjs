// The web build in a real browser: Debian's Chromium, headless, driven by playwright-core,
// at three window sizes (a laptop with a mouse; an upright tablet and a phone with touch).
// Usage: node e2e/test.mjs DIST_DIR  (e2e/run.sh builds dist/ and calls this; the test
// serves the directory itself, because it takes the site down and swaps builds).
//
// The app draws everything on one <canvas>. The test never guesses where things are: the
// page publishes on <body> where every named control and board point is (data-marks, CSS
// px), the position text, move count, language, layout and more (src/ui/page.rs),
// and the localized game name in document.title. Pixels are looked at only loosely (the
// board's own colour, sampled from the screenshot). Screenshots, metrics.json: e2e/screenshots/.
//
// The steps are modules of steps/, one an area (common.mjs: what they share).
import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAUNCH, check, failures, withMachineToPage } from './lib.mjs';
import { serve } from './serve.mjs';
import { REVIEW_GOAL, coach } from './steps/coach.mjs';
import { SIZES, Tab, dist, instrument, shots } from './steps/common.mjs';
import { clickWhileThinking, idleRate } from './steps/frames.mjs';
import { everyGame, pushTheLine, shuangCheng } from './steps/games.mjs';
import { languageAndRules } from './steps/language.mjs';
import { dragOnBoard, medium, start } from './steps/layout.mjs';
import { installable, offline } from './steps/offline.mjs';
import { perfectPlay } from './steps/perfect_play.mjs';
import { puzzle } from './steps/puzzle.mjs';
import { files, links } from './steps/saves.mjs';

mkdirSync(shots, { recursive: true });

// ---------------------------------------------------------------------------------------
const browser = await chromium.launch(LAUNCH);
const metrics = {};
const began = Date.now();
const server = { current: await serve(dist) };
server.port = server.current.port;
const url = `http://127.0.0.1:${server.port}/`;
const only = process.env.QIPAN_SIZES ? process.env.QIPAN_SIZES.split(',') : null;
try {
  for (const size of SIZES.filter((s) => !only || only.includes(s.name))) {
    console.log(`\n== ${size.name} ${size.viewport.width}x${size.viewport.height}${size.touch ? ' touch' : ''}`);
    const m = (metrics[size.name] = {});
    const context = await browser.newContext({
      viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, acceptDownloads: true,
    });
    context.setDefaultTimeout(30_000);
    await context.addInitScript(instrument);
    const t = new Tab(await context.newPage(), size);
    // Each step's time goes to the log: the whole test must stay well inside CI's budget.
    // `timed` steps measure frames or milliseconds: CI's background builds stop meanwhile.
    const step = async (what, fn, { timed = false } = {}) => {
      const t0 = Date.now();
      const out = timed ? await withMachineToPage(fn) : await fn();
      console.log(`     -- ${size.name}: ${what} took ${((Date.now() - t0) / 1000).toFixed(1)} s (${t.drags || 0} drags so far)`);
      return out;
    };
    try {
      await step('start', () => start(t, url, m));
      const sc = await step('Shuang Cheng', () => shuangCheng(t, m));
      await step('idle frames', () => idleRate(t, m), { timed: true });
      if (!size.touch) await step('files', () => files(t, sc));
      await step('Push the Line', () => pushTheLine(t, m), { timed: true });
      await step('language and rules', () => languageAndRules(t, m));
      if (size.touch) await step('drags', () => dragOnBoard(t));
      if (size.name === 'phone') await step('a puzzle', () => puzzle(t));
      if (!size.touch) {
        await step('medium', () => medium(t));
        await step('coach', () => coach(t, m), { timed: true });
      }
      if (size.name !== 'tablet') await step('click while thinking', () => clickWhileThinking(t, m), { timed: true });
      if (m.reviewSeconds !== undefined) {
        const scale = m.nps ? Math.max(1, REVIEW_GOAL.referenceNps / m.nps) : 1;
        const goal = Math.round(REVIEW_GOAL.seconds * scale);
        check(m.reviewSeconds <= goal, `${size.name}: a 60-ply review took ${m.reviewSeconds} s (goal <= ${goal} s: ${REVIEW_GOAL.seconds} s at ${REVIEW_GOAL.referenceNps} nodes/s, for this page's ${m.nps || '?'})`);
      }
      if (!size.touch) {
        // After the measurements of speed: the table's build shares the page's thread.
        await step('perfect play in Maddell', () => perfectPlay(t, m), { timed: true });
        await step('every game', () => everyGame(t, m));
        await step('reload', async () => {
          // The settings come back from local storage.
          await t.openTab('settings');
          await t.tap('lang:zh-CN');
          await t.waitFor('Chinese', () => document.body.dataset.lang === 'zh-CN', null, 5_000);
          // The game in progress comes back too, its last move included: the reload follows
          // at once, before the app's periodic save (every 2 s) comes round; eframe saves as
          // the page goes away (it loses the focus).
          await t.waitFor('the computer to finish', () => document.body.dataset.thinking === '0', null, 30_000);
          const before = await t.state();
          await t.page.reload({ waitUntil: 'load', timeout: 60_000 });
          await t.waitFor('the first frame after reload', () => window.__qipan.firstFrame !== null, null, 60_000);
          const s = await t.state();
          check(s.lang === 'zh-CN' && s.title === before.title && s.game === before.game, `settings restored after reload: ${s.lang}, ${s.title}`);
          check(Number(before.plies) > 0 && s.plies === before.plies && s.position === before.position,
            `the game in progress is still there after reload (${before.plies} plies: ${s.plies}, ${s.position})`);
          await t.shot('reloaded-zh');
        });
        await step('links', () => links(t, url));
        await step('installable', () => installable(url, m));
        await step('offline', () => offline(t, m, server));
      }
    } catch (e) {
      check(false, `${size.name}: the test itself failed: ${e.stack || e}`);
      await t.shot('failure').catch(() => {});
    }
    for (const p of t.problems) check(false, `${size.name}: ${p}`);
    if (t.problems.length === 0) check(true, `${size.name}: no panic and no page error in the console`);
    await context.close();
  }
} catch (e) {
  check(false, `the test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
  await server.current.stop();
}
metrics.seconds = Math.round((Date.now() - began) / 1000);
writeFileSync(join(shots, 'metrics.json'), JSON.stringify(metrics, null, 2) + '\n');
console.log(JSON.stringify(metrics));
if (failures.length > 0) {
  console.log(`\n${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nall browser checks passed');

