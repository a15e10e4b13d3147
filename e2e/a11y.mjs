// The page's accessibility tree (issue 22, item 1): what a screen reader finds in the page,
// read from Chromium's own accessibility tree (DevTools protocol, Accessibility.getFullAXTree),
// at 1280x800 (mouse) and 390x844 (touch, 3 device pixels per CSS pixel).
// Usage: node e2e/a11y.mjs DIST_DIR  (e2e/run.sh calls it after building dist/).
//
// At each size: every control and board point the app marks (data-marks) has a mirrored
// node in the accessibility tree with a role and a name, in English and in Chinese (the
// language switched through the mirrored control, and back); the canvas names the board's
// keyboard ring as its active descendant (desktop); the frames on a still board stay <= 5 a
// second and the mirror is touched only when the tree changes; then a whole Shuang Cheng
// game against the computer is played by activating accessibility nodes only (Enter on the
// focused node on the desktop, the node's click, as TalkBack's double tap, on the phone; no
// coordinates), each computer move checked in the polite live region; last, the Play online
// fields typed into through their mirrored inputs, in English and in Chinese. Figures:
// e2e/screenshots/a11y.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tab, check, failures, launch, sleep } from './lib.mjs';
import { serve } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] || join(here, '..', 'dist');
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false, scale: 1 },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true, scale: 3 },
];
const GOAL = { idleFps: 5 };
// A whole game, or this many of the person's moves (Shuang Cheng has no draw rule).
const MAX_MOVES = Number(process.env.QIPAN_A11Y_MOVES || 60);
const SC_ORDER = ['tl', 'th', 'tr', 'l', 'c', 'r', 'bl', 'bh', 'br'];
// A point's name, then what a riddle of a name means ("tl (top-left corner), empty";
// "tl（左上角），白子"), then what is on it.
const POINT = /^(tl|th|tr|l|c|r|bl|bh|br)( \([^)]*\)|（[^）]*）)?[,，]/;
const hasHan = (text) => /\p{Script=Han}/u.test(text);

// Before the app starts: count painted frames (eframe clears the canvas once a frame, as in
// test.mjs) and the changes made to the mirror's layer.
function instrument() {
  // Every position the page showed, with its move count: the computer may answer before
  // the test looks at the position the person's move made.
  const q = (window.__qipan = { paints: 0, mutations: 0, positions: [] });
  const clear = WebGL2RenderingContext.prototype.clear;
  WebGL2RenderingContext.prototype.clear = function (...args) {
    q.paints++;
    return clear.apply(this, args);
  };
  new MutationObserver((list) => {
    for (const m of list) {
      const el = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      if (el && el.closest && el.closest('#qipan_a11y')) q.mutations++;
    }
    const data = document.body && document.body.dataset;
    const last = q.positions[q.positions.length - 1];
    if (data && data.position !== undefined && (!last || last.position !== data.position || last.plies !== data.plies)) {
      q.positions.push({ plies: Number(data.plies), position: data.position });
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** The last position the page showed with `plies` moves. */
const shown = (t, plies) => t.page.evaluate((n) => window.__qipan.positions.filter((p) => p.plies === n).map((p) => p.position).pop(), plies);

/** The page seen through Chromium's accessibility tree. */
class Reader {
  constructor(t) {
    this.t = t;
  }

  async open() {
    this.cdp = await this.t.page.context().newCDPSession(this.t.page);
    await this.cdp.send('Accessibility.enable');
    await this.cdp.send('DOM.enable');
  }

  /**
   * Every accessibility node, and the mirrored ones (with their node id in the mirror, DOM
   * rect, role and name).
   */
  async snapshot() {
    const t0 = Date.now();
    const { nodes } = await this.cdp.send('Accessibility.getFullAXTree');
    const { root } = await this.cdp.send('DOM.getDocument', { depth: -1 });
    const attrs = new Map();
    const walk = (n) => {
      if (n.attributes) {
        const a = {};
        for (let i = 0; i < n.attributes.length; i += 2) a[n.attributes[i]] = n.attributes[i + 1];
        attrs.set(n.backendNodeId, { ...a, tag: n.nodeName.toLowerCase() });
      }
      for (const c of n.children || []) walk(c);
    };
    walk(root);
    const rects = await this.t.page.evaluate(() => Object.fromEntries(
      [...document.querySelectorAll('#qipan_a11y [data-a11y]')].map((e) => {
        const r = e.getBoundingClientRect();
        return [e.dataset.a11y, [r.x, r.y, r.width, r.height]];
      })));
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const prop = (n, name) => (n.properties || []).find((p) => p.name === name)?.value;
    const mirrored = [];
    for (const n of nodes) {
      const a = attrs.get(n.backendDOMNodeId);
      if (!a || a['data-a11y'] === undefined || n.ignored) continue;
      mirrored.push({
        key: a['data-a11y'], backend: n.backendDOMNodeId, role: n.role?.value || '', name: n.name?.value || '',
        rect: rects[a['data-a11y']], node: n,
      });
    }
    /** The text inside node `n` (its static texts). */
    const text = (n) => {
      if (!n) return '';
      if (n.role?.value === 'StaticText' || n.role?.value === 'InlineTextBox') return n.name?.value || '';
      return (n.childIds || []).map((c) => text(byId.get(c))).filter((s) => s).join(' ');
    };
    const live = nodes.filter((n) => prop(n, 'live'))
      .map((n) => ({ live: prop(n, 'live').value, role: n.role?.value, text: text(n) }));
    return { nodes, mirrored, attrs, byId, prop, text, live, ms: Date.now() - t0 };
  }

  points(s) {
    return s.mirrored.filter((m) => POINT.test(m.name) && m.role === 'button');
  }

  /**
   * Activates a mirrored node as a screen reader does: on the desktop its focus and Enter
   * (focus mode), on the phone its click (TalkBack's double tap, a browse mode's Enter).
   */
  async activate(m, how = this.t.size.touch ? 'click' : 'enter') {
    if (how === 'click') {
      const { object } = await this.cdp.send('DOM.resolveNode', { backendNodeId: m.backend });
      await this.cdp.send('Runtime.callFunctionOn', { objectId: object.objectId, functionDeclaration: 'function () { this.click(); }' });
      await this.cdp.send('Runtime.releaseObject', { objectId: object.objectId });
    } else {
      await this.cdp.send('DOM.focus', { backendNodeId: m.backend });
      await this.t.page.keyboard.press(how === 'space' ? 'Space' : 'Enter');
    }
  }

  /** Waits for a snapshot where `fn` holds; returns it (or null after `timeout` ms). */
  async until(fn, timeout = 15_000) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const s = await this.snapshot();
      const found = fn(s);
      if (found) return { s, found };
      if (Date.now() > deadline) return null;
      await sleep(150);
    }
  }
}

/** Matches every mark with a mirrored node at the same place; checks their roles and names. */
async function namesAndRoles(t, r, m, label) {
  const name = t.size.name;
  const s = await r.snapshot();
  const marks = await t.marks();
  const near = (a, b) => a && b && a.every((v, i) => Math.abs(v - b[i]) <= 1.5);
  let matched = 0, named = 0;
  const missing = [], unnamed = [];
  for (const [key, rect] of Object.entries(marks)) {
    const found = s.mirrored.filter((x) => near(x.rect, rect));
    if (found.length === 0) { missing.push(key); continue; }
    matched++;
    const good = found.find((x) => x.role && !['generic', 'none', 'StaticText'].includes(x.role) && x.name);
    if (good) named++;
    else unnamed.push(`${key} (${found.map((x) => `${x.role}:${x.name}`).join('|')})`);
  }
  const points = r.points(s);
  const roles = {};
  for (const x of s.mirrored) roles[x.role] = (roles[x.role] || 0) + 1;
  const layerLang = await t.page.evaluate(() => document.getElementById('qipan_a11y')?.getAttribute('lang'));
  m[`${label}_axNodes`] = s.nodes.length;
  m[`${label}_mirrored`] = s.mirrored.length;
  m[`${label}_marks`] = Object.keys(marks).length;
  m[`${label}_points`] = points.length;
  m[`${label}_roles`] = roles;
  m[`${label}_snapshotMs`] = s.ms;
  console.log(`     ${name} ${label}: ${s.nodes.length} accessibility nodes, ${s.mirrored.length} mirrored (${JSON.stringify(roles)}), layer lang ${layerLang}; ${Object.keys(marks).length} marks, snapshot ${s.ms} ms`);
  check(missing.length === 0, `${name} ${label}: every marked control and point (${Object.keys(marks).length}) has a mirrored node at its place${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`);
  check(unnamed.length === 0 && named === matched, `${name} ${label}: each has a role and a name (${named}/${matched})${unnamed.length ? ` (${unnamed.join(', ')})` : ''}`);
  check(points.length === 9, `${name} ${label}: Shuang Cheng's 9 points are buttons named by point (${points.length}: ${points.map((p) => p.name).slice(0, 3).join(' / ')}…)`);
  return { s, layerLang, points };
}

/** Finds a mirrored node by its exact name (and role), opening the settings tab if needed. */
async function controlOrSettings(t, r, names, role = 'button') {
  const find = (s) => s.mirrored.find((x) => names.includes(x.name) && x.role === role);
  let s = await r.snapshot();
  if (find(s)) return find(s);
  const tab = s.mirrored.find((x) => x.role === 'tab' && ['Game Settings', '对局设置'].includes(x.name));
  if (tab) {
    await r.activate(tab);
    const got = await r.until(find, 5000);
    if (got) return got.found;
  }
  return null;
}

async function language(t, r, m) {
  const name = t.size.name;
  const en = await namesAndRoles(t, r, m, 'en');
  check(en.layerLang === 'en-US' && en.points.every((p) => !hasHan(p.name)), `${name}: English names, layer lang ${en.layerLang} ("${en.points[0]?.name}")`);
  const zhButton = await controlOrSettings(t, r, ['中文']);
  if (!check(zhButton, `${name}: the language control is in the accessibility tree`)) return;
  const t0 = Date.now();
  await r.activate(zhButton);
  const ok = await t.waitFor('Chinese', () => document.body.dataset.lang === 'zh-CN');
  await t.settle();
  m.langSwitchMs = Date.now() - t0;
  if (!ok) return;
  const zh = await namesAndRoles(t, r, m, 'zh');
  const han = zh.s.mirrored.filter((x) => hasHan(x.name)).length;
  check(zh.layerLang === 'zh-CN' && zh.points.every((p) => hasHan(p.name)),
    `${name}: Chinese names through the mirrored 中文 control (layer lang ${zh.layerLang}; "${zh.points[0]?.name}"; ${han}/${zh.s.mirrored.length} nodes in Han)`);
  const enButton = await controlOrSettings(t, r, ['English']);
  if (check(enButton, `${name}: the English control in Chinese`)) {
    await r.activate(enButton);
    await t.waitFor('English again', () => document.body.dataset.lang === 'en-US');
    await t.settle();
  }
}

/** The board's keyboard ring is the canvas's active descendant (the canvas has the keys). */
async function ring(t, r, m) {
  const name = t.size.name;
  await t.page.evaluate(() => document.getElementById('qipan_canvas').focus());
  const seen = [];
  for (const key of ['ArrowRight', 'ArrowDown']) {
    await t.page.keyboard.press(key);
    const got = await r.until((s) => {
      const canvas = s.nodes.find((n) => s.attrs.get(n.backendDOMNodeId)?.id === 'qipan_canvas');
      const rel = canvas && s.prop(canvas, 'activedescendant');
      const target = rel?.relatedNodes?.[0]?.backendDOMNodeId;
      const point = target && s.mirrored.find((x) => x.backend === target);
      return point && !seen.includes(point.name) ? point : null;
    }, 5000);
    if (got) seen.push(got.found.name);
  }
  await t.page.keyboard.press('Escape');
  m.ringNames = seen;
  check(seen.length === 2, `${name}: the arrows move the canvas's active descendant along the board's points (${seen.join(' -> ')})`);
}

async function idle(t, m) {
  if (!t.size.touch) await t.page.mouse.move(t.W - 3, t.H - 3);
  await sleep(1500);
  const q0 = await t.page.evaluate(() => ({ ...window.__qipan, at: performance.now() }));
  await sleep(4000);
  const q1 = await t.page.evaluate(() => ({ ...window.__qipan, at: performance.now() }));
  const s = (q1.at - q0.at) / 1000;
  m.idleFps = Math.round(((q1.paints - q0.paints) / s) * 10) / 10;
  m.idleLayerMutationsPerSecond = Math.round(((q1.mutations - q0.mutations) / s) * 10) / 10;
  check(m.idleFps <= GOAL.idleFps, `${t.size.name}: ${m.idleFps} frames/s with a still board and the mirror on (goal <= ${GOAL.idleFps}); the layer changed ${m.idleLayerMutationsPerSecond} times/s (the clock)`);
}

const board = (position) => Object.fromEntries(SC_ORDER.map((n, i) => [n, position.split(' ')[0][i]]));

/** A whole Shuang Cheng game by accessibility nodes only, against the computer. */
async function game(t, r, m) {
  const name = t.size.name;
  const t0 = Date.now();
  let moves = 0, answers = 0, announced = 0, spaces = 0;
  let seed = t.size.touch ? 7 : 5;
  const pick = (list) => { seed = (seed * 1103515245 + 12345) % 2147483648; return list[seed % list.length]; };
  for (; moves < MAX_MOVES; moves++) {
    // The person to move: some point says it can move (or the game is over).
    const ready = await r.until((s) => {
      const over = s.mirrored.some((x) => /wins|draw/i.test(x.name));
      const can = r.points(s).filter((p) => /, can move$/.test(p.name));
      return over ? 'over' : can.length ? can : null;
    }, 70_000);
    if (!ready || ready.found === 'over') break;
    if ((await t.state()).over === '1') break;
    const before = await t.state();
    const from = pick(ready.found);
    // Now and then Space instead of Enter, as a screen reader's focus mode may send.
    const how = !t.size.touch && moves % 4 === 3 ? 'space' : undefined;
    if (how) spaces++;
    await r.activate(from, how);
    const target = await r.until((s) => {
      const to = r.points(s).filter((p) => /, move here$/.test(p.name));
      return to.length ? to : null;
    }, 5000);
    if (!check(target, `${name}: move ${moves + 1}: ${from.name} selected, a point to move to is offered`)) break;
    const to = pick(target.found);
    await r.activate(to, how);
    const plies = Number(before.plies);
    if (!(await t.waitFor(`move ${moves + 1} played`, (n) => Number(document.body.dataset.plies) > n, plies, 10_000))) break;
    const mine = await t.state();
    console.log(`     ${name}: move ${moves + 1}: ${from.name.split(/[,，]/)[0]}-${to.name.split(/[,，]/)[0]} (ply ${mine.plies})`);
    // The computer's answer (or the end): its move must reach the polite live region.
    const answered = await t.waitFor('the computer\'s answer', (n) => Number(document.body.dataset.plies) > n + 1 || document.body.dataset.over === '1', plies, 60_000);
    if (!answered) break;
    const now = await t.state();
    if (Number(now.plies) > plies + 1) {
      answers++;
      // The move, from the positions before and after it; then its words in the region.
      const [was, pos] = [await shown(t, plies + 1), await shown(t, plies + 2)];
      const after = board(pos || ''), prev = board(was || '');
      const a = SC_ORDER.find((p) => prev[p] !== '.' && after[p] === '.');
      const b = SC_ORDER.find((p) => prev[p] === '.' && after[p] !== '.');
      const said = await r.until((s) => s.live.filter((l) => l.live === 'polite').map((l) => l.text)
        .find((x) => x.includes(`played ${a}-${b}.`)), 5000);
      const right = Boolean(a && b && said);
      if (right) announced++;
      else check(false, `${name}: the computer's move reaches the polite live region (expected "played ${a}-${b}."; ${was} -> ${pos})`);
    }
    if (now.over === '1') { moves++; break; }
  }
  const end = await t.state();
  m.gameMoves = moves;
  m.gameAnswers = answers;
  m.gameAnnounced = announced;
  m.gameSeconds = Math.round((Date.now() - t0) / 100) / 10;
  m.gameOver = end.over === '1';
  m.gameSpaces = spaces;
  let overSaid = null;
  if (m.gameOver) {
    const got = await r.until((s) => s.live.filter((l) => l.live === 'polite').map((l) => l.text).find((x) => /wins|draw/i.test(x)), 5000);
    overSaid = got?.found || null;
    m.gameOverSaid = overSaid;
  }
  await t.page.screenshot({ path: join(shots, `a11y-${name}-game.png`) });
  console.log(`     ${name}: ${moves} moves by accessibility nodes, ${answers} answers, ${announced} announced, over: ${m.gameOver}, ${m.gameSeconds} s`);
  check(moves > 0 && (m.gameOver || moves >= MAX_MOVES), `${name}: a whole Shuang Cheng game played by activating accessibility nodes only (${moves} moves${m.gameOver ? ', to its end' : `, stopped at ${MAX_MOVES}`})`);
  check(answers > 0 && announced === answers, `${name}: every computer move reached the polite live region (${announced}/${answers})`);
  if (m.gameOver) check(overSaid, `${name}: the end of the game is announced ("${overSaid}")`);
}

/**
 * Typing through the mirror only (issue 35): Play online opened by its mirrored control, its
 * text fields found by role and name and typed into as a screen reader's user does (focus,
 * Playwright's fill, pressSequentially and press on the mirrored input: letters, Backspace,
 * the arrows, Ctrl+A, Enter; an input method's composition through the DevTools protocol;
 * never the canvas), in English and then in Chinese; what egui received is read from what
 * the app does with it. No server answers: a room joined stays "connecting".
 */
async function typing(t, r, m) {
  const name = t.size.name;
  const page = t.page;
  const field = (label) => page.locator('#qipan_a11y').getByRole('textbox', { name: label, exact: true });
  /** The mirrored control `label` (its accessibility node), once it is there and enabled. */
  const control = async (label, roles = ['button']) => {
    const got = await r.until((s) => s.mirrored.find((x) => x.name === label && roles.includes(x.role)
      && !s.prop(x.node, 'disabled')?.value), 10_000);
    return got?.found;
  };
  const disabled = (label) => page.locator('#qipan_a11y').getByRole('button', { name: label, exact: true })
    .getAttribute('aria-disabled');
  const focusedIn = (loc) => loc.evaluate((el) => el === document.activeElement);
  /** Waits for the announcer regions to say something matching `re` (its source text). */
  const said = (what, re) => t.waitFor(what, (src) => [...document.querySelectorAll('#qipan_a11y .qipan-say')]
    .some((e) => new RegExp(src).test(e.textContent)), re.source, 10_000);
  const online = () => t.state().then((s) => s.online || '');

  const open = await control('Play online', ['button', 'tab']);
  if (!check(open, `${name}: Play online is a control in the accessibility tree`)) return;
  await r.activate(open);
  const code = field('Room code');
  await code.waitFor({ state: 'attached', timeout: 10_000 });
  check(await disabled('Join') === 'true', `${name}: Join is disabled while the room code is empty`);

  // An input method: "fang" composed, then 房间 committed. egui sees nothing until the commit.
  await code.focus();
  const t0 = Date.now();
  await r.cdp.send('Input.imeSetComposition', { text: 'fang', selectionStart: 4, selectionEnd: 4 });
  await sleep(400);
  const composing = await code.inputValue();
  const joinWhileComposing = await disabled('Join');
  await r.cdp.send('Input.insertText', { text: '房间' });
  const enabled = await t.waitFor('Join enabled by the committed text', () => document
    .querySelector('#qipan_a11y [aria-label="Join"]')?.getAttribute('aria-disabled') === null, null, 10_000);
  m.typingImeMs = Date.now() - t0 - 400;
  check(composing === 'fang' && joinWhileComposing === 'true' && enabled && await code.inputValue() === '房间',
    `${name}: an input method's composition ("${composing}", Join still disabled: ${joinWhileComposing === 'true'}) commits 房间 into egui's field (Join enabled)`);
  check(await focusedIn(code), `${name}: the room code field keeps the page's focus while typed into`);
  let joinButton = await control('Join');
  if (joinButton) await r.activate(joinButton);
  check(await t.waitFor('joined 房间', () => (document.body.dataset.online || '').startsWith('房间 '), null, 10_000),
    `${name}: Join sends the code egui holds (${await online()})`);
  let leave = await control('Leave');
  if (leave) await r.activate(leave);
  await t.waitFor('back from the room', () => !document.body.dataset.online, null, 10_000);
  // The field is made again from egui's text.
  await code.waitFor({ state: 'attached', timeout: 10_000 });
  check(await code.inputValue() === '房间', `${name}: the page's field shows egui's text when it is made again ("${await code.inputValue()}")`);

  // Replaced by fill, a letter too many taken back by Backspace; the caret moved two to the
  // left by the arrow keys, and a letter typed there.
  await code.fill('ZZZZX');
  await code.press('Backspace');
  await code.press('ArrowLeft');
  await code.press('ArrowLeft');
  await code.press('Q');
  joinButton = await control('Join');
  if (joinButton) await r.activate(joinButton);
  check(await t.waitFor('joined ZZQZZ', () => /^ZZQZZ /.test(document.body.dataset.online || ''), null, 10_000),
    `${name}: fill, Backspace, two arrows left and Q in the page's field: egui's code is ZZQZZ (${await online()})`);
  leave = await control('Leave');
  if (leave) await r.activate(leave);
  await t.waitFor('back from the room', () => !document.body.dataset.online, null, 10_000);

  // The key (a password field): what is typed reaches egui; Log in takes it, and the page's
  // field is emptied with egui's.
  const key = field('Key');
  await key.pressSequentially('not-a-key');
  const logIn = await control('Log in');
  if (logIn) await r.activate(logIn);
  check(await said('the key refused', /not a key/), `${name}: Log in with the key typed: refused as not a key`);
  check(await key.inputValue() === '', `${name}: the key field emptied with egui's`);

  // The name: Enter submits. "Adx", Backspace: "Ad" is too short (refused); "Ada" is taken.
  const nameField = field('Your name');
  await nameField.pressSequentially('Adx', { delay: 30 });
  await nameField.press('Backspace');
  const t1 = Date.now();
  await nameField.press('Enter');
  check(await said('the name refused', /3 to 20 letters/), `${name}: Enter in the name field submits "Ad": refused, 3 to 20 letters`);
  m.typingEnterMs = Date.now() - t1;
  check(await focusedIn(nameField), `${name}: the name field keeps the page's focus after Enter`);
  await nameField.press('a');
  await nameField.press('Enter');
  check(await t.waitFor('the name taken', () => /connecting|identifying/.test(document.body.dataset.lobby || ''), null, 10_000),
    `${name}: Enter submits "Ada": the lobby's connection starts (${(await t.state()).lobby})`);
  const cancel = await control('Cancel');
  if (cancel) await r.activate(cancel);
  await t.waitFor('the seek cancelled', () => (document.body.dataset.lobby || '-') === '-', null, 10_000);
  m.layerScrollTop = await page.evaluate(() => document.getElementById('qipan_a11y').scrollTop);
  await t.page.screenshot({ path: join(shots, `a11y-${name}-typing.png`) });

  // In Chinese: the fields are named in Chinese; the room code egui kept, selected whole
  // (Ctrl+A) and erased, then AB typed: Join (加入) sends AB (not ZZQZZ with AB after it).
  const zh = await controlOrSettings(t, r, ['中文']);
  if (!check(zh, `${name}: the 中文 control for typing in Chinese`)) return;
  await r.activate(zh);
  if (!(await t.waitFor('Chinese', () => document.body.dataset.lang === 'zh-CN'))) return;
  const codeZh = field('房间号');
  const onlineZh = await control('在线对弈', ['button', 'tab']);
  if (onlineZh && !(await codeZh.count())) await r.activate(onlineZh);
  await codeZh.waitFor({ state: 'attached', timeout: 10_000 });
  check(await codeZh.inputValue() === 'ZZQZZ', `${name}: 房间号 still holds the code joined last ("${await codeZh.inputValue()}")`);
  await codeZh.focus();
  await codeZh.press('ControlOrMeta+a');
  await codeZh.press('Backspace');
  await codeZh.pressSequentially('AB');
  check(await focusedIn(codeZh), `${name}: 房间号 keeps the page's focus while typed into`);
  joinButton = await control('加入');
  if (joinButton) await r.activate(joinButton);
  check(await t.waitFor('joined AB', () => /^AB /.test(document.body.dataset.online || ''), null, 10_000),
    `${name}: Ctrl+A, Backspace and AB in 房间号: egui's code is AB (${await online()})`);
  leave = await control('离开');
  if (leave) await r.activate(leave);
  await t.waitFor('back from the room', () => !document.body.dataset.online, null, 10_000);
  const en = await controlOrSettings(t, r, ['English']);
  if (en) await r.activate(en);
  await t.waitFor('English again', () => document.body.dataset.lang === 'en-US');
}

const metrics = {};
const started = Date.now();
const server = await serve(dist);
const url = `http://127.0.0.1:${server.port}/`;
for (const size of SIZES.filter((s) => !process.env.QIPAN_SIZES || process.env.QIPAN_SIZES.split(',').includes(s.name))) {
  const m = (metrics[size.name] = {});
  const t0 = Date.now();
  const browser = await launch(size.scale);
  const context = await browser.newContext({
    viewport: size.viewport, isMobile: size.touch, hasTouch: size.touch, deviceScaleFactor: size.scale,
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const t = new Tab(page, size);
  const r = new Reader(t);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await t.waitFor('the first frame', () => document.body.dataset.plies !== undefined, null, 60_000);
    await t.settle();
    await r.open();
    const step = async (what, fn) => {
      const s0 = Date.now();
      try { await fn(); } catch (e) { check(false, `${size.name}: ${what}: ${e.stack || e}`); }
      console.log(`     ${size.name}: ${what} took ${((Date.now() - s0) / 1000).toFixed(1)} s`);
    };
    await step('names and roles in both languages', () => language(t, r, m));
    if (!size.touch) await step('the keyboard ring', () => ring(t, r, m));
    await step('still board', () => idle(t, m));
    await step('a whole game', () => game(t, r, m));
    await step('typing into text fields', () => typing(t, r, m));
    for (const p of t.problems) check(false, `${size.name}: ${p}`);
  } finally {
    m.seconds = Math.round((Date.now() - t0) / 1000);
    await context.close();
    await browser.close();
  }
}
await server.stop();
writeFileSync(join(shots, 'a11y.json'), JSON.stringify(metrics, null, 2));
console.log(`a11y: ${JSON.stringify(metrics)}`);
console.log(`a11y: ${failures.length ? `${failures.length} FAILED` : 'all passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failures.length ? 1 : 0);
