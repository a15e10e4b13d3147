// The language a page opens in (issue 37), in browsers whose language Playwright sets
// (`locale`, which sets navigator.languages and Accept-Language):
//   - a zh-CN browser draws its very first frame in Chinese: `data-lang`, the page's `lang`
//     and its title already Chinese at the first painted frame, English never seen; the
//     first board, screenshot, at 1280x800 and 390x844;
//   - a fr-FR browser draws its first frame in English;
//   - About, opened from the settings in the zh-CN pages, tells the version and the renderer
//     (read in the accessibility layer), and its link opens THIRD-PARTY-LICENSES.txt;
//   - the zh-CN player on the desktop picks English; after a reload the page opens in
//     English, Chinese never seen.
// Usage: node e2e/language.mjs DIST_DIR  (e2e/run.sh calls it after building dist/).
// Screenshots: e2e/screenshots/language-*.png.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tab, check, failures, launch } from './lib.mjs';
import { serve } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] || join(here, '..', 'dist');
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false };
const PHONE = { name: 'phone', viewport: { width: 390, height: 844 }, touch: true };
const hasHan = (text) => /\p{Script=Han}/u.test(text || '');

// Before the app starts: every language the page published (`data-lang`), and what the page
// said at its first painted frame (eframe clears the canvas once a frame, after the frame's
// drawing has published the page's state) and at its first board.
function instrument() {
  const q = (window.__lang = { langs: [], firstFrame: null, firstBoard: null });
  const page = () => ({
    lang: document.body?.dataset.lang || '',
    htmlLang: document.documentElement.lang,
    title: document.title,
  });
  new MutationObserver(() => {
    const data = document.body?.dataset;
    if (data?.lang && q.langs[q.langs.length - 1] !== data.lang) q.langs.push(data.lang);
    if (!q.firstBoard && data?.marks?.includes('"point:')) q.firstBoard = page();
  }).observe(document, { subtree: true, attributes: true, childList: true });
  const clear = WebGL2RenderingContext.prototype.clear;
  WebGL2RenderingContext.prototype.clear = function (...args) {
    if (!q.firstFrame) q.firstFrame = page();
    return clear.apply(this, args);
  };
}

/** A fresh browser profile in `locale` at `size`, its page instrumented. */
async function open(browser, locale, size) {
  const context = await browser.newContext({
    locale, viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch,
  });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(instrument);
  const t = new Tab(await context.newPage(), size, `${locale} ${size.name}`);
  return { context, t };
}

/** Loads (or reloads) the page and waits for its first board; returns what it said. */
async function firstBoard(t, url, reload = false) {
  if (reload) await t.page.reload({ waitUntil: 'load', timeout: 60_000 });
  else await t.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await t.waitFor('the first board', () => window.__lang.firstBoard && window.__lang.firstFrame, null, 60_000);
  await t.settle();
  await t.measureTop();
  return t.page.evaluate(() => ({ ...window.__lang, languages: [...navigator.languages] }));
}

/** The first frame, the first board and every frame since in `lang` (`zh-CN`, `en-US`). */
function spoke(t, seen, lang, when) {
  const chinese = lang === 'zh-CN';
  const { firstFrame: frame, firstBoard: board } = seen;
  check(frame.lang === lang && frame.htmlLang === lang && hasHan(frame.title.split(' · ')[0]) === chinese,
    `${t.name} ${when}: the first painted frame is in ${lang}: data-lang ${frame.lang}, <html lang=${frame.htmlLang}>, title "${frame.title}"`);
  check(board.lang === lang && board.htmlLang === lang,
    `${t.name} ${when}: the first board is in ${lang} (${board.lang}, "${board.title}")`);
  check(seen.langs.length > 0 && seen.langs.every((l) => l === lang),
    `${t.name} ${when}: no other language ever shown (${seen.langs.join(' → ')})`);
}

/** Saves what the page shows as language-LOCALE-SIZE-NAME.png. */
function shot(t, name) {
  return t.page.screenshot({ path: join(shots, `language-${t.name.replace(' ', '-')}-${name}.png`) });
}

/** The text of the accessibility layer (what a screen reader reads of the canvas). */
const layerText = (t) => t.page.evaluate(() => document.getElementById('qipan_a11y')?.textContent || '');

/** About, opened from the settings: the version, the renderer and the licences' link. */
async function about(t) {
  await t.openTab('settings');
  await t.tap('section:about');
  const read = await t.waitFor('About open', () => /渲染器：\S/.test(document.getElementById('qipan_a11y')?.textContent || ''), null, 10_000);
  const text = await layerText(t);
  const renderer = (text.match(/渲染器：(.*?WebGL[^·]*)/) || [])[1] || '';
  check(read && /版本 \d+\.\d+\.\d+/.test(text) && renderer.startsWith('glow'),
    `${t.name}: About tells the version and the renderer (${(text.match(/版本 [\d.]+/) || ['no version'])[0]}, 渲染器：${renderer})`);
  await t.reach('about:licences');
  await shot(t, 'about');
  const opened = t.page.context().waitForEvent('page', { timeout: 10_000 }).catch(() => null);
  await t.tap('about:licences');
  const licences = await opened;
  if (check(licences !== null, `${t.name}: the licences' link opens a page`)) {
    await licences.waitForLoadState('load');
    const body = await licences.evaluate(() => document.body.innerText.slice(0, 200));
    check(licences.url().endsWith('/THIRD-PARTY-LICENSES.txt') && body.startsWith('Third-party software in Qipan'),
      `${t.name}: it shows THIRD-PARTY-LICENSES.txt (${licences.url()}: "${body.split('\n')[0]}")`);
    await licences.close();
  }
}

const browser = await launch();
const server = await serve(dist);
const url = `http://127.0.0.1:${server.port}/`;
try {
  // A Chinese browser: Chinese from the first frame, on a phone and on a desktop.
  for (const size of [PHONE, DESKTOP]) {
    const { context, t } = await open(browser, 'zh-CN', size);
    const seen = await firstBoard(t, url);
    check(seen.languages[0] === 'zh-CN', `${t.name}: the browser prefers ${seen.languages.join(', ')}`);
    spoke(t, seen, 'zh-CN', 'new visitor');
    check(hasHan(await layerText(t)), `${t.name}: the controls are named in Chinese`);
    await shot(t, 'first-board');
    await about(t);
    if (size === DESKTOP) {
      // The player picks English: kept, and the next visit opens in it.
      await t.tap('lang:en-US');
      await t.waitFor('English', () => document.body.dataset.lang === 'en-US', null, 5_000);
      await t.waitFor('English kept', () => (localStorage.getItem('qipan-settings') || '').includes('Some(r#en-US)'), null, 10_000);
      const again = await firstBoard(t, url, true);
      spoke(t, again, 'en-US', 'after picking English and a reload');
      check(!hasHan((await layerText(t)).replace(/中文|棋盘/g, '')), `${t.name}: the controls are named in English after the reload`);
      await shot(t, 'reloaded-english');
    }
    check(t.problems.length === 0, `${t.name}: no panic or page error (${t.problems.join('; ')})`);
    await context.close();
  }
  // A French browser: English, the app has no French.
  {
    const { context, t } = await open(browser, 'fr-FR', DESKTOP);
    const seen = await firstBoard(t, url);
    check(seen.languages[0] === 'fr-FR', `${t.name}: the browser prefers ${seen.languages.join(', ')}`);
    spoke(t, seen, 'en-US', 'new visitor');
    await shot(t, 'first-board');
    check(t.problems.length === 0, `${t.name}: no panic or page error (${t.problems.join('; ')})`);
    await context.close();
  }
} catch (e) {
  check(false, `the language test stopped: ${e.stack || e}`);
} finally {
  await browser.close();
  await server.stop();
}
console.log(failures.length ? `\n${failures.length} language check(s) failed` : '\nlanguage: every check passed');
process.exit(failures.length ? 1 : 0);
