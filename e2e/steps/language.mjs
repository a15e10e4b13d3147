// The words: Chinese and back, and the rules' text.
import { check } from '../lib.mjs';
import { gameName, hasHan } from './common.mjs';
import { commonColour, differs } from './pixels.mjs';

/** Chinese and back, and the rules: shown beside the board, or in their tab. */
export async function languageAndRules(t, m) {
  const name = t.size.name;
  const en = await t.state();
  await t.openTab('settings');
  await t.tap('lang:zh-CN');
  await t.waitFor('Chinese', () => document.body.dataset.lang === 'zh-CN', null, 5_000);
  const zh = await t.state();
  check(hasHan(gameName(zh.title)) && zh.title !== en.title, `${name}: Chinese title "${zh.title}"`);
  await t.settle();
  await t.shot('zh');
  await rules(t, 'zh');
  await t.openTab('settings');
  await t.tap('lang:en-US');
  await t.waitFor('English', () => document.body.dataset.lang === 'en-US', null, 5_000);
  check((await t.state()).title === en.title, `${name}: back to the English title`);
  await rules(t, 'en');
  await t.openTab('games');
}

async function rules(t, lang) {
  const name = t.size.name;
  const marks = await t.marks();
  if (!marks['tab:rules']) {
    // Wide: the rules have their own column, right of the board: text there.
    const box = await t.boardBox();
    const right = Math.round(box.x1 + box.unit);
    const img = await t.shot(`rules-${lang}`, { x: right, y: 0, width: t.W - right, height: t.H });
    const ink = commonColour(img, { x0: 0, x1: img.width, y0: 0, y1: img.height });
    let text = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      if (Math.abs(img.data[i] - ink[0]) + Math.abs(img.data[i + 1] - ink[1]) > 150) text++;
    }
    check(text > 3000, `${name}: rules text beside the board (${text} dark pixels, ${lang})`);
    return;
  }
  const before = await t.shot(`rules-${lang}-before`);
  await t.tap('tab:rules');
  await t.settle();
  const after = await t.shot(`rules-${lang}`);
  const gone = !Object.keys(await t.marks()).some((k) => k.startsWith('game:') || k.startsWith('lang:'));
  check(gone && differs(before, after) > 2000, `${name}: the rules tab replaces the other sections (${lang})`);
  // Further down the page: more of the rules.
  await t.scroll(t.H * 0.6);
  const further = await t.shot(`rules-${lang}-scrolled`);
  check(differs(after, further) > 2000, `${name}: the page scrolls on through the rules (${lang})`);
  await t.scroll(-t.H * 3);
}
