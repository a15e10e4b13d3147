// Playing at your own pace in the browser, end to end (issue 41, shared/spec/correspondence.md):
// `qipan-server --site DIST`, a desktop page (1280×800, mouse, English) and a phone page
// (390×844, touch, Chinese). Both choose names; the phone reads its key (shown, and copied by
// its button). The desktop seeks a rated game of Shuang Cheng with 3 days a move (Play
// online's time choice): the server holds the seek (the link's notice, Your open seeks,
// `GET /api/seeks/shuangcheng`), and the phone finds it among the open seeks and accepts it
// with one tap. The game comes to the phone's board; the desktop is told of a new game and
// opens it. Both boards name both players and show the days left. They play until the phone
// has moved; then the phone's page is closed, and the desktop moves while nobody is there
// for the phone. A new phone page (a fresh profile) logs in with the key: its title says
// `(1) …`, Play online counts 1, and Your games lists the game against Ann-desk as the
// phone's turn; "Next game where it's my turn" opens it at the same seat and position, the
// phone moves, and the desktop sees the move (its own title then counts its turn). The
// desktop plays once more, seen on the phone, and resigns: the result is rated, and the
// records API keeps the game's days. Then a challenge by name: the desktop opens Challenge a
// player, types 王小明, picks Live and casual, and sends it (its notice, and Your
// challenges); the phone sees it over the board with Accept and Decline, accepts it, and the
// new game comes to both boards; two plies, the phone resigns, and the records API has the
// casual live game. Screenshots of each step at each page's size:
// e2e/screenshots/corr-{desktop,phone,phone-again}-STEP.png.
// Usage: node e2e/correspondence.mjs DIST_DIR SERVER_BINARY CLI_BINARY  (e2e/run.sh calls it)
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failures, launch } from './lib.mjs';
import {
  allShow, keepGoing, labelAt, newOnlinePage, paired, playerRecord, startServer, until,
} from './play.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dist, serverBin, cliBin] = process.argv.slice(2);
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

/** Each player: a Chinese name on the Chinese phone. */
const NAMES = { desktop: 'Ann-desk', phone: '王小明' };
/** The correspondence game's days a move. */
const DAYS = 3;
/** A key as the app shows it: 32 hex digits in groups of 8. */
const KEY_SHOWN = /[0-9a-f]{8}(?: [0-9a-f]{8}){3}/;

/** Whose turn a Shuang Cheng position says it is (`x` or `o`). */
const turnOf = (position) => position.split(' ')[1];

/** Waits until page `p` has the mark `key`. */
function hasMark(p, key, what, timeout = 15_000) {
  return p.waitFor(what, (key) => key in JSON.parse(document.body.dataset.marks || '{}'), key, timeout);
}

/** The first mark of `p` whose key starts with `prefix`, once there is one (else null). */
function markStartingWith(p, prefix, what, timeout = 15_000) {
  const probe = async () => Object.keys(await p.marks()).find((key) => key.startsWith(prefix)) || null;
  return until(p, what, probe, (v) => v != null, timeout);
}

/**
 * In the page: the text of the accessibility layer's first label that contains every one
 * of `needles`, or null (for words drawn with no mark of their own).
 */
function textWith(needles) {
  const layer = document.getElementById('qipan_a11y');
  for (const el of layer ? layer.children : []) {
    const text = (el.textContent || el.getAttribute('aria-label') || '').replace(/[\u2066-\u2069]/g, '').trim();
    if (needles.every((n) => text.includes(n))) return text;
  }
  return null;
}

const says = (p, needles, what, timeout) => until(p, what, () => p.page.evaluate(textWith, needles), (v) => v != null, timeout);

/**
 * Taps `key` in the strip over the board where challenges and the link's notices show:
 * it sits above where the page's content was measured to start, which `reach` keeps to.
 */
async function tapInBanner(p, key) {
  await hasMark(p, key, `the banner's ${key}`);
  const top = p.contentTop;
  p.contentTop = Math.min(top, (await p.marks())[key][1]);
  try {
    await p.tap(key);
  } finally {
    p.contentTop = top;
  }
}

/** Dismisses the link's notice on `p` once it says `words` (checked), and returns it. */
async function notice(p, words, step) {
  const text = await labelAt(p, 'link:notice', `the notice "${words}"`, (t) => t.includes(words));
  check(text !== null, `${p.name}: told "${text}"`);
  if (step) await p.shot(step);
  if (text !== null) await tapInBanner(p, 'link:dismiss');
  return text;
}

/** The open correspondence seeks of Shuang Cheng, as the server lists them. */
async function openSeeks(server) {
  const response = await fetch(`${server.url}/api/seeks/shuangcheng`);
  check(response.ok, `GET /api/seeks/shuangcheng: ${response.status}`);
  return response.ok ? (await response.json()).seeks : [];
}

/** Both players' names on `p`'s board, each at its seat. */
async function checkSeats(p, seats) {
  for (const side of ['x', 'o']) {
    const text = await labelAt(p, `players:${side}`, `${side}'s player on the board`, (t) => t.includes(seats[side]));
    check(text !== null, `${p.name}: ${side} on the board: ${text}`);
  }
}

/** The days left shown on `p`'s board (never the live minute). */
async function checkDaysLeft(p, pattern) {
  const text = await labelAt(p, 'status:days-left', 'the days left on the board', (t) => pattern.test(t));
  check(text !== null, `${p.name}: the board shows the days left: ${text}`);
}

/** `p` (to move in `position`) plays a move that keeps the game going; every page sees it. */
async function move(p, pages, position, plies) {
  await p.playMove(keepGoing(cliBin, position).move);
  return allShow(pages, plies + 1);
}

/** The phone reads its key where the app shows it, and copies it with the button. */
async function readKey(phone) {
  await phone.tap('lobby:other-device');
  const shown = await labelAt(phone, 'lobby:key-text', 'the key shown', (t) => KEY_SHOWN.test(t));
  const key = shown && shown.match(KEY_SHOWN)[0];
  check(key !== null, `phone: its key is shown (${key ? `${key.slice(0, 4)}…` : 'none'})`);
  await phone.tap('lobby:key-copy');
  // The page writes the clipboard asynchronously.
  const copied = await until(phone, '"Copy the key" copying the key shown',
    () => phone.page.evaluate(() => navigator.clipboard.readText()), (v) => v === key, 5_000);
  if (copied !== null) check(true, 'phone: "Copy the key" copies the key shown');
  await phone.shot('key');
  // Folded again, as a person leaves it.
  await phone.tap('lobby:other-device');
  return key;
}

/**
 * The desktop seeks a rated game with `DAYS` days a move; the server holds it, and the
 * phone accepts it from the open seeks. Both end at the game's board: { room, seats }.
 */
async function seekAndAccept(server, desktop, phone) {
  await desktop.tap(`lobby:time-${DAYS}`);
  await labelAt(desktop, 'lobby:seek-rated', 'the seek button for days', (t) => t === 'Seek (rated)');
  await desktop.tap('lobby:seek-rated');
  await notice(desktop, 'Your seek is open', 'seek');
  const listed = await until(desktop, 'the seek in GET /api/seeks/shuangcheng', () => openSeeks(server),
    (seeks) => seeks.some((s) => s.name === NAMES.desktop));
  const seek = listed && listed.find((s) => s.name === NAMES.desktop);
  check(seek && seek.days === DAYS && seek.rated === true,
    `the server lists the desktop's seek: ${JSON.stringify(seek)}`);
  if (seek) {
    const own = await hasMark(desktop, `yours:withdraw-${seek.seek}`, 'the seek among Your open seeks');
    check(own, `desktop: its seek ${seek.seek} is among Your open seeks, to withdraw`);
  }

  await phone.tap(`lobby:time-${DAYS}`);
  const row = await labelAt(phone, 'seeks:row-0', 'the desktop\'s seek among the open seeks',
    (t) => t.includes(NAMES.desktop) && t.includes(`每步 ${DAYS} 天`));
  check(row !== null, `phone: the open seeks list ${row}`);
  await phone.shot('seeks');
  await phone.tap('seeks:accept-0');
  const f = await paired(phone, 15_000);
  check(!!f.room, `phone: accepted, the game is on its board (room ${f.room}, seat ${f.seat})`);

  // Not asked for there: the desktop is told, and the game is in its Your games.
  const told = await labelAt(desktop, 'link:notice', 'the new game told', (t) => t.includes('A new game started'));
  check(told !== null, `desktop: told "${told}"`);
  const entry = await labelAt(desktop, 'yours:game-0', 'the game in Your games', (t) => t.includes(NAMES.phone));
  check(entry !== null, `desktop: Your games lists ${entry}`);
  await desktop.shot('new-game');
  await tapInBanner(desktop, 'link:open');
  const d = await paired(desktop, 15_000);
  check(d.room === f.room && d.seat !== f.seat, `desktop opened room ${d.room} at ${d.seat}, the phone plays ${f.seat}`);
  const gone = await until(desktop, 'the seek gone from GET /api/seeks/shuangcheng', () => openSeeks(server),
    (seeks) => !seeks.some((s) => s.name === NAMES.desktop));
  check(gone !== null, 'the accepted seek is no longer listed');
  return { room: d.room, seats: { [d.seat]: NAMES.desktop, [f.seat]: NAMES.phone }, deskSeat: d.seat, phoneSeat: f.seat };
}

/**
 * A new phone page, a fresh profile: logs in with `key` (typed as shown) and finds the
 * game waiting, counted in its title and on Play online; opens it with "Next game where
 * it's my turn".
 */
async function logInAgain(browser, server, key, room, seat) {
  const again = await newOnlinePage(browser, { name: 'phone-again', sizeName: 'phone', shots, prefix: 'corr' });
  await again.open(server.url);
  await again.setLang('zh-CN');
  await again.openOnline();
  check((await again.state()).lobby === '-', 'phone-again: a fresh page, nobody logged in');
  await again.tap('lobby:key');
  await again.page.keyboard.type(key, { delay: 10 });
  await again.shot('key');
  await again.tap('lobby:log-in');
  if (await again.waitFor(`logged in as ${NAMES.phone}`, (name) => document.body.dataset.lobby === name, NAMES.phone, 15_000)) {
    check(true, `phone-again: logged in with the key as ${NAMES.phone}`);
  }
  const title = await until(again, 'the title counting the game waiting', () => again.state().then((s) => s.title),
    (t) => typeof t === 'string' && t.startsWith('(1) '));
  check(title !== null, `phone-again: the title says ${title}`);
  const tab = await labelAt(again, 'tab:online', 'Play online counting 1', (t) => t.includes('1'));
  check(tab !== null, `phone-again: the tab says ${tab}`);
  const entry = await labelAt(again, 'yours:game-0', 'the game in Your games',
    (t) => t.includes(NAMES.desktop) && t.includes('轮到你') && t.includes(`每步 ${DAYS} 天`));
  check(entry !== null, `phone-again: Your games lists ${entry}`);
  await again.shot('your-games');
  await again.tap('yours:next');
  const a = await paired(again, 15_000);
  check(a.room === room && a.seat === seat, `phone-again: "next game" opened room ${a.room} at ${a.seat} (the phone's: ${room} ${seat})`);
  return again;
}

/** The desktop challenges the phone's player by name, live and casual; the phone accepts. */
async function challengeByName(desktop, phone, oldRoom) {
  await desktop.tap('challenge:heading');
  await desktop.tap('challenge:name');
  await desktop.page.keyboard.type(NAMES.phone, { delay: 20 });
  await desktop.tap('challenge:time-live');
  await desktop.tap('challenge:rated');
  await desktop.shot('challenge');
  await desktop.tap('challenge:send');
  await notice(desktop, 'Challenge sent', 'challenge-sent');
  const cancel = await markStartingWith(desktop, 'yours:cancel-', 'the challenge among Your challenges');
  const id = cancel && cancel.slice('yours:cancel-'.length);
  check(id !== null, `desktop: its challenge ${id} is among Your challenges, to cancel`);
  const mine = await says(desktop, [`To ${NAMES.phone}:`, 'casual', 'live'], 'the challenge listed');
  check(mine !== null, `desktop: ${mine}`);

  const accept = await markStartingWith(phone, 'challenge:accept-', 'the challenge shown');
  check(accept === `challenge:accept-${id}`, `phone: the challenge ${accept} comes with Accept`);
  const decline = (await phone.marks())[`challenge:decline-${id}`];
  check(!!decline, 'phone: and with Decline');
  const line = await says(phone, [NAMES.desktop, '向你挑战'], 'the challenge\'s words');
  check(line !== null, `phone: ${line}`);
  await phone.shot('challenged');
  if (!accept) return null;
  await tapInBanner(phone, accept);
  // A live game: on both boards at once.
  const [f, d] = await Promise.all([paired(phone, 15_000, oldRoom), paired(desktop, 15_000, oldRoom)]);
  check(f.room === d.room && f.seat !== d.seat, `the challenge's game: room ${f.room}, desktop ${d.seat}, phone ${f.seat}`);
  return { room: d.room, seats: { [d.seat]: NAMES.desktop, [f.seat]: NAMES.phone }, bySide: { [d.seat]: desktop, [f.seat]: phone } };
}

/** The player's games in the records API, newest first: the one in `room`. */
async function recordOf(server, name, room) {
  const rec = await playerRecord(server, name);
  return rec && rec.games.find((g) => g.room === room);
}

const server = await startServer(serverBin, dist);
const browser = await launch();
const began = Date.now();
const pages = [];
try {
  console.log(`== playing at your own pace through ${server.url}`);
  const open = (sizeName) => newOnlinePage(browser, { name: sizeName, sizeName, shots, prefix: 'corr' });
  const [desktop, phone] = await Promise.all(['desktop', 'phone'].map(open));
  pages.push(desktop, phone);
  await phone.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await Promise.all([desktop, phone].map((p) => p.open(server.url)));
  await phone.setLang('zh-CN');
  await Promise.all([desktop, phone].map((p) => p.chooseName(NAMES[p.name])));
  for (const p of [desktop, phone]) await hasMark(p, 'yours:refresh', 'Your games, as the server says them');
  const key = await readKey(phone);

  const game = await seekAndAccept(server, desktop, phone);
  for (const p of [desktop, phone]) {
    await checkSeats(p, game.seats);
    await p.shot('paired');
  }
  await checkDaysLeft(desktop, /^\d+ d \d+ h left$/);
  await checkDaysLeft(phone, /^剩 \d+ 天 \d+ 小时$/);

  // Until the phone has moved and it is the desktop's turn.
  const bySide = { [game.deskSeat]: desktop, [game.phoneSeat]: phone };
  let position = await allShow([desktop, phone], 0);
  let plies = 0;
  let phoneMoved = false;
  while (!(phoneMoved && turnOf(position) === game.deskSeat) && plies < 4) {
    const mover = bySide[turnOf(position)];
    position = await move(mover, [desktop, phone], position, plies++);
    phoneMoved ||= mover === phone;
  }
  for (const p of [desktop, phone]) await p.shot('playing');

  // The phone's page goes; the desktop moves while nobody is there for the phone.
  await phone.page.context().close();
  check(true, `phone: its page closed after ply ${plies}`);
  position = await move(desktop, [desktop], position, plies++);
  await desktop.shot('away');

  const again = await logInAgain(browser, server, key, game.room, game.phoneSeat);
  pages.push(again);
  position = await allShow([desktop, again], plies);
  await checkSeats(again, game.seats);
  await checkDaysLeft(again, /^剩 \d+ 天 \d+ 小时$/);
  await again.shot('board');
  position = await move(again, [desktop, again], position, plies++);
  check(true, `desktop: saw the new phone page's move (ply ${plies})`);
  const deskTitle = await until(desktop, 'the desktop\'s title counting its turn', () => desktop.state().then((s) => s.title),
    (t) => typeof t === 'string' && t.startsWith('(1) '));
  check(deskTitle !== null, `desktop: its title says ${deskTitle}`);
  const againTitle = await until(again, 'the phone\'s title without a count', () => again.state().then((s) => s.title),
    (t) => typeof t === 'string' && !t.startsWith('('));
  check(againTitle !== null, `phone-again: its turn done, the title says ${againTitle}`);
  await desktop.shot('seen');
  position = await move(desktop, [desktop, again], position, plies++);
  await again.shot('played');

  // The desktop resigns: a rated result, the days in the record.
  await desktop.resign();
  for (const p of [desktop, again]) {
    if (await p.waitFor('the game over', () => document.body.dataset.over === '1', null)) check(true, `${p.name}: the game is over`);
    await p.shot('end');
  }
  for (const name of [NAMES.desktop, NAMES.phone]) {
    const rec = await recordOf(server, name, game.room);
    const won = `${game.phoneSeat}-wins`;
    const rated = rec && ['x', 'o'].every((side) => rec.players[side] && rec.players[side].after !== rec.players[side].before);
    check(rec && rec.rated === true && rec.days === DAYS && rec.status === won && rec.reason === 'resigned'
      && rec.plies.length === plies && rated,
      `${name}'s record of room ${game.room}: rated (both ratings moved), ${DAYS} days a move, ${won} resigned after ${plies} plies `
      + `(${JSON.stringify(rec && { rated: rec.rated, days: rec.days, status: rec.status, reason: rec.reason, plies: rec.plies.length })})`);
  }

  // A challenge by name, from the desktop to the phone's player.
  const live = await challengeByName(desktop, again, game.room);
  if (live) {
    for (const p of [desktop, again]) {
      await checkSeats(p, live.seats);
      await p.shot('challenge-game');
    }
    let at = await allShow([desktop, again], 0);
    for (let ply = 0; ply < 2; ply++) at = await move(live.bySide[turnOf(at)], [desktop, again], at, ply);
    await again.openOnline();
    await again.resign();
    for (const p of [desktop, again]) {
      if (await p.waitFor('the challenge\'s game over', () => document.body.dataset.over === '1', null)) check(true, `${p.name}: the challenge's game is over`);
      await p.shot('challenge-end');
    }
    const rec = await recordOf(server, NAMES.desktop, live.room);
    check(rec && rec.rated === false && rec.days === null,
      `${NAMES.desktop}'s record of room ${live.room}: casual, live (${JSON.stringify(rec && { rated: rec.rated, days: rec.days })})`);
  }
  for (const p of pages) for (const problem of p.problems) check(false, `${p.name}: ${problem}`);
} catch (e) {
  check(false, `the correspondence test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
  server.stop();
}
console.log(`correspondence test took ${Math.round((Date.now() - began) / 1000)} s`);
if (failures.length > 0) {
  console.log(`\n${failures.length} correspondence check(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nall correspondence browser checks passed');
