// Frames and latency: a still board paints little; a click counts at once while the
// computer thinks.
import { check, sleep } from '../lib.mjs';
import { GOAL } from './common.mjs';

/** The frames painted with a still board (no animation; the clock ticks once a second). */
export async function idleRate(t, m) {
  if (!t.size.touch) await t.page.mouse.move(t.W - 3, t.H - 3);
  // Longer than the app's save interval (2 s on the web): what changed before is saved.
  await sleep(2500);
  const writes = await t.page.evaluate(() => window.__qipan.storageWrites.length);
  const idle = await t.rates(3000);
  m.idleFps = Math.round(idle.paints * 10) / 10;
  m.idleRafPerSecond = Math.round(idle.rafs);
  check(idle.paints <= GOAL.idleFps, `${t.size.name}: ${m.idleFps} frames/s with a still board (goal <= ${GOAL.idleFps}; rAF calls ${m.idleRafPerSecond}/s)`);
  // The app saves every 2 s and writes only what changed: on a still board, only the games
  // in progress, whose turn clock runs on (a reload must not give the turn its time back).
  m.idleStorageWrites = await t.page.evaluate((n) => window.__qipan.storageWrites.slice(n), writes);
  check(m.idleStorageWrites.every((key) => key === 'qipan-games'),
    `${t.size.name}: in 3 s with a still board, localStorage was written only for the turn clock (${m.idleStorageWrites.join(', ') || 'nothing'})`);
}

/**
 * A click while the computer thinks at Master: it takes effect at once, the page keeps
 * drawing, and the search's speed in the page (nodes/s) comes back with the answer.
 */
export async function clickWhileThinking(t, m, level = 'Master') {
  const name = t.size.name;
  await t.chooseGame('blockade');
  await t.openTab('settings');
  await t.tap(`level:${level}`);
  await t.openTab('games');
  await t.humanToMove();
  await t.tap('point:a2');
  await sleep(150);
  await t.tap('point:c2');
  await t.plies(1);
  check(await t.waitFor('thinking', () => document.body.dataset.thinking === '1', null, 5_000), `${name}: the computer is thinking`);
  const searched = (await t.state()).position;
  await t.openTab('settings');
  // Three clicks (Chinese, English, Chinese) while it thinks: the median counts, so that
  // one slow frame on a busy machine does not decide.
  const inApp = [], onScreen = [];
  let stillThinking = true;
  for (const lang of ['zh-CN', 'en-US', 'zh-CN']) {
    await sleep(300);
    await t.tap(`lang:${lang}`);
    await t.waitFor(lang, (l) => document.body.dataset.lang === l, lang, 3_000);
    await t.waitFor('a frame after the click', () => window.__qipan.langPaintAt !== null, null, 3_000);
    await sleep(250);
    const q = await t.page.evaluate(() => window.__qipan);
    // From the input's arrival to the language's change in the app (the data attribute) and
    // to the next frame on screen (Event Timing: 0 when under its 16 ms threshold).
    inApp.push(Math.round(q.langAt - q.inputAt));
    onScreen.push(Math.round(Math.max(0, ...q.eventTimings.filter((e) => e.start >= q.inputAt - 1).map((e) => e.duration))));
    stillThinking &&= q.thinkingAtLang === '1';
  }
  const median = (a) => [...a].sort((x, y) => x - y)[1];
  m.clickWhileThinkingMs = median(inApp);
  m.clickWhileThinkingOnScreenMs = median(onScreen);
  m.clickWhileThinkingOnScreenAllMs = onScreen;
  check(stillThinking, `${name}: the clicks took effect while the computer still thought`);
  check(m.clickWhileThinkingOnScreenMs <= GOAL.clickMs && m.clickWhileThinkingMs <= GOAL.clickMs,
    `${name}: a click while the computer thinks is on screen after ${m.clickWhileThinkingOnScreenMs} ms (median of ${onScreen.join(', ')}; goal <= ${GOAL.clickMs}; the app had it after ${inApp.join(', ')} ms)`);
  // The page keeps drawing: the browser's frames keep coming, and the app paints its clock.
  const gaps = await t.page.evaluate(() => new Promise((resolve) => {
    const times = [];
    const p0 = window.__qipan.paints;
    const tick = (now) => {
      times.push(now);
      if (now - times[0] < 1500) requestAnimationFrame(tick);
      else resolve({ gaps: times.slice(1).map((v, i) => v - times[i]), paints: window.__qipan.paints - p0 });
    };
    requestAnimationFrame(tick);
  }));
  m.longestFrameGapWhileThinkingMs = Math.round(Math.max(...gaps.gaps));
  m.paintsWhileThinking = gaps.paints;
  check(gaps.paints >= 1 && m.longestFrameGapWhileThinkingMs < 500,
    `${name}: the page keeps drawing while the computer thinks (${gaps.paints} painted in 1.5 s, longest gap between browser frames ${m.longestFrameGapWhileThinkingMs} ms)`);
  await t.shot('thinking-zh');
  await t.plies(2, 30_000);
  await t.humanToMove();
  const s = await t.state();
  check(s.position !== searched, `${name}: Blockade: the computer answered at ${level}`);
  m.nps = Number(s.nps);
  m.npsPosition = searched;
  m.npsGame = 'blockade';
  check(m.nps > 0, `${name}: the page reports the search's speed: ${m.nps} nodes/s from "${searched}"`);
  await t.shot('blockade-replied-zh');
  await t.tap(`level:Medium`);
  await t.tap('lang:en-US');
  await t.waitFor('English', () => document.body.dataset.lang === 'en-US', null, 5_000);
  await t.openTab('games');
}
