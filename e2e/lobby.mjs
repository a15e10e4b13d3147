// Playing someone new in the browser, end to end (issue 35): `qipan-server --site DIST` with
// its lobby, the computer coming after `BOT_AFTER` seconds, a turn of `TURN_S` seconds. A
// desktop page (mouse, English) and a phone page (touch, Chinese) open "Play online", each
// types a name into the name field and chooses it, and both seek a rated game of Shuang
// Cheng: the server pairs them with each other. First the phone never moves (issue 43,
// lobby.md's "A side that never starts"): its first turn runs out, both pages say the game
// was aborted and why, and nobody's rating changes. They leave, seek again and are paired
// again (each board names both players, provisional `1500?`), play the game out by taps
// (moves chosen with the engine's command line so that it ends after about `PLIES` plies,
// when a side has no move), and both pages show each rating's change (`+N` / `−N`), which
// the server's records API (`GET /api/players/NAME`) agrees with. Meanwhile a tablet page
// (touch) seeks alone and gets the computer (one of its four names on the board), plays two
// moves against it, each answered, and resigns; its loss is rated too. And from the start a
// fresh desktop page, playing the computer, is left alone (issue 43): after `LEFT_ALONE_S`
// seconds it still has no ply and has made no `AudioContext`; its first clicks on the board
// play a move, with a sound through an `AudioContext` that runs. What a page shows in words is
// read from its accessibility layer (`#qipan_a11y`: the label drawn at a mark). Screenshots of
// each step at each page's size: e2e/screenshots/lobby-*.png.
// Usage: node e2e/lobby.mjs DIST_DIR SERVER_BINARY CLI_BINARY  (e2e/run.sh calls it)
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failures, launch, sleep, watchPage } from './lib.mjs';
import {
  allShow, cli, keepGoing, labelAt, markText, newOnlinePage, options, paired, playerRecord, saying, startServer, until,
} from './play.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dist, serverBin, cliBin] = process.argv.slice(2);
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

/** Seconds a seek waits for a person before the computer (the server's `--bot-after`). */
const BOT_AFTER = 5;
/** About how long the two people's game is (Shuang Cheng's first player wins in 19). */
const PLIES = 10;
/**
 * The server's turn in seconds (`--turn-ms`; the spec's is 60): shorter, so that the game
 * nobody starts and the game played after it are over about when the fresh page's time
 * alone, which runs meanwhile, is up.
 */
const TURN_S = 45;
/** How long the fresh page is left alone: longer than the computer game's 60-second turn. */
const LEFT_ALONE_S = 70;
// The server's names for the computer's players (lobby.md); the board shows them in the
// player's words, "Computer (Medium)" for Computer-Medium (issue 43).
const LEVELS = ['Easy', 'Medium', 'Hard', 'Master'];
/** The server's name of the computer named on the board by `text`, or null. */
const computerOnBoard = (text) => {
  const level = LEVELS.find((l) => text.includes(`Computer (${l})`));
  return level ? `Computer-${level}` : null;
};
/** How an English page names player `name` of the server. */
const shownName = (name) => name.replace(/^Computer-(\w+)$/, 'Computer ($1)');
/** Each page's player: a Chinese name on the Chinese phone. */
const NAMES = { desktop: 'Ann-desk', phone: '王小明', tablet: 'Tab_820' };

/** A change as the end banner shows it ("Ann: 1500 → 1662 (+162)"), as a number. */
function shownChange(text) {
  const found = text && text.match(/[(（]([+\u2212\u00b1])(\d+)[)）]\s*$/);
  if (!found) return null;
  return found[1] === '\u2212' ? -Number(found[2]) : Number(found[2]);
}

/** The move that, with best play after it, ends the game nearest to `PLIES` plies in all. */
function towardTheEnd(position, ply) {
  const all = options(cliBin, position);
  const off = (o) => Math.abs(ply + o.left - PLIES);
  return all.reduce((best, o) => (off(o) < off(best) ? o : best), all[0]);
}

/**
 * Seeks a rated game. `alone`: nobody else seeks it, so the server holds the seek and the
 * page counts the seconds waited (otherwise it may be paired at once).
 */
async function seek(p, alone) {
  await p.tap('lobby:seek-rated');
  const waits = () => / waiting \d+$/.test(document.body.dataset.lobby || '');
  const pairedOrWaits = () => / waiting \d+$/.test(document.body.dataset.lobby || '') || !!document.body.dataset.online;
  if (await p.waitFor(alone ? 'the seek waiting' : 'the seek waiting or paired', alone ? waits : pairedOrWaits, null, 10_000)) {
    const s = await p.state();
    check(true, `${p.name}: seeking (${s.lobby}${s.online ? `, paired: ${s.online}` : ''})`);
  }
  await p.shot('seeking');
}

/**
 * The end banner's rating lines on `p` agree with the records API: `seats` maps each side
 * to its player's name; returns the changes shown, by side.
 */
async function checkChanges(p, server, room, seats) {
  const shown = {};
  for (const side of ['x', 'o']) {
    const text = await labelAt(p, `end:rating-${side}`, `${side}'s rating change`, (t) => shownChange(t) !== null, 20_000);
    shown[side] = shownChange(text);
    check(text && text.includes(shownName(seats[side])), `${p.name}: ${side}'s change shown: ${text}`);
  }
  for (const side of ['x', 'o']) {
    const rec = await playerRecord(server, seats[side]);
    const game = rec && rec.games[0];
    const seat = game && game.players[side];
    const rating = rec && rec.ratings.shuangcheng;
    const ok = game && game.room === room && game.rated && seat && seat.name === seats[side]
      && Math.round(seat.after - seat.before) === shown[side] && rating && rating.rating === seat.after
      && (rec.bot || rating.games === 1);
    check(ok, `${p.name}: ${seats[side]}'s change ${shown[side]} as the records API says `
      + `(${seat ? `${seat.before} -> ${seat.after}, now ${rating && rating.rating} in ${rating && rating.games} game(s)` : `no seat in ${JSON.stringify(game)}`})`);
  }
  return shown;
}

/** The tablet: alone in the lobby, it gets the computer, plays two moves and resigns. */
async function againstTheComputer(tablet, server) {
  const began = Date.now();
  await seek(tablet, true);
  const { room, seat } = await paired(tablet, (BOT_AFTER + 10) * 1000);
  const other = seat === 'x' ? 'o' : 'x';
  check(!!room, `tablet: paired after ${((Date.now() - began) / 1000).toFixed(1)} s (the computer comes after ${BOT_AFTER} s)`);
  const opponent = await labelAt(tablet, `players:${other}`, 'the computer named on the board', (t) => computerOnBoard(t) !== null);
  check(opponent !== null, `tablet: its opponent is the computer: ${opponent}`);
  const me = await labelAt(tablet, `players:${seat}`, 'its own name on the board', (t) => t.includes(NAMES.tablet));
  check(me !== null, `tablet: its own seat: ${me}`);
  await tablet.shot('computer');
  let moves = 0;
  while (moves < 2) {
    // The tablet's turn: the computer's move first when it plays x.
    const turn = await until(tablet, 'its turn', () => tablet.state(),
      (s) => s && (s.over === '1' || s.position.split(' ')[1] === seat), 20_000);
    if (!turn || turn.over === '1') break;
    const plies = Number(turn.plies);
    await tablet.playMove(keepGoing(cliBin, turn.position).move);
    moves += 1;
    // The computer answers.
    if (!await tablet.plies(plies + 2, 20_000)) break;
    if (moves === 1) await tablet.shot('playing');
  }
  const after = await tablet.state();
  check(moves === 2 && after.over === '0' && Number(after.plies) >= 4,
    `tablet: ${moves} moves against the computer, each answered (${after.plies} plies, over ${after.over}, ${after.position})`);
  await tablet.openOnline();
  await tablet.resign();
  await tablet.waitFor('the game over', () => document.body.dataset.over === '1', null);
  const bot = computerOnBoard(await tablet.page.evaluate(markText, `players:${other}`));
  const seats = { [seat]: NAMES.tablet, [other]: bot };
  const shown = await checkChanges(tablet, server, room, seats);
  check(shown[seat] < 0 && shown[other] > 0, `tablet: resigned, its rating fell (${shown[seat]}) and ${bot}'s rose (${shown[other]})`);
  await tablet.shot('end');
}

/**
 * A fresh page against the computer, left alone (issue 43): after `LEFT_ALONE_S` seconds it
 * still has no ply, since the clock waits for the player's first act on the board, and it
 * has made no `AudioContext`; its first clicks on the board play a move, and a sound plays
 * through an `AudioContext` that runs. Until those clicks the page is only read through
 * `quietly` (no user activation), and a control shows that this browser keeps an
 * `AudioContext` made without a gesture suspended: the rule the app must follow is real here.
 */
async function leftAlone(p, url) {
  await p.page.addInitScript(watchPage);
  await p.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  if (!await until(p, 'the first frame', () => p.quietly('document.body.dataset.plies !== undefined'), (v) => v, 60_000)) return;
  const shown = Date.now();
  const unheard = await p.quietly(`(async () => {
    const context = new window.__watch.Original();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const state = context.state;
    await context.close();
    return state;
  })()`);
  check(unheard === 'suspended', `alone: an AudioContext made before any input stays ${unheard} in this browser (the gesture rule holds)`);
  await sleep(LEFT_ALONE_S * 1000 - (Date.now() - shown));
  const s = await p.quietly(`(() => {
    const d = document.body.dataset, w = window.__watch;
    return { plies: d.plies, over: d.over, offer: 'learn:offer-no' in JSON.parse(d.marks || '{}'),
      hidden: w.hidden || document.hidden, inputs: w.inputs, activated: navigator.userActivation.hasBeenActive, made: w.made };
  })()`);
  const waited = Math.round((Date.now() - shown) / 1000);
  check(s.plies === '0' && s.over === '0' && s.offer && !s.hidden && s.inputs === 0,
    `alone: a fresh page left alone for ${waited} s still has no ply (plies ${s.plies}, over ${s.over}, the lesson offer `
    + `${s.offer ? 'still there' : 'gone'}, the page ${s.hidden ? 'hidden meanwhile' : 'never hidden'}, ${s.inputs} inputs)`);
  check(s.made === 0 && !s.activated, `alone: no AudioContext before any input (${s.made} made, user activation: ${s.activated})`);
  // The first act: bh-c by two clicks on the board, where the marks say its points are.
  const marks = JSON.parse(await p.quietly('document.body.dataset.marks'));
  for (const point of ['bh', 'c']) {
    const [x, y, w, h] = marks[`point:${point}`];
    await p.page.mouse.click(x + w / 2, y + h / 2);
    await sleep(150);
  }
  const heard = await until(p, 'a sound that plays after the move', () => p.quietly(`(() => {
    const w = window.__watch;
    return { made: w.made, state: w.context && w.context.state, states: w.states.join(' > '), resumes: w.resumes,
      sounds: w.started, plies: Number(document.body.dataset.plies), inputs: w.inputs };
  })()`), (v) => v && v.state === 'running' && v.sounds > 0 && v.plies >= 1, 10_000);
  check(heard && heard.made === 1, `alone: after the first clicks on the board (a move), an AudioContext that runs and plays: ${JSON.stringify(heard)}`);
  await p.plies(2, 20_000);
  await p.shot('moved');
}

/**
 * Seeks a rated game on the phone (slower to tap than the desktop, it waits first), then on
 * the desktop: the server pairs them with each other, in a room other than `besides`.
 */
async function pairBoth(desktop, phone, besides = null) {
  await seek(phone, true);
  await seek(desktop, false);
  const [d, f] = await Promise.all([paired(desktop, 10_000, besides), paired(phone, 10_000, besides)]);
  check(d.room === f.room && d.seat !== f.seat, `desktop and phone paired in room ${d.room}: desktop ${d.seat}, phone ${f.seat}`);
  return { d, f };
}

/**
 * lobby.md, "A side that never starts": in the room of pairing `d`, the phone never moves (the
 * desktop plays its first move when it moves first); the phone's first turn (`TURN_S`) runs
 * out and the game is aborted. Both pages show it aborted and say why, the server's record
 * says `aborted`, and neither player's ratings change. Then both leave the room.
 */
async function neverStarted(server, desktop, phone, d) {
  const names = [NAMES.desktop, NAMES.phone];
  // Each player's ratings in every game, as the records API says.
  const ratings = () => Promise.all(names.map(async (name) => (await playerRecord(server, name))?.ratings));
  const before = await ratings();
  const position = (await desktop.state()).position;
  if (position.split(' ')[1] === d.seat) {
    await desktop.playMove(keepGoing(cliBin, position).move);
    await allShow([desktop, phone], 1);
  }
  const turnFrom = Date.now();
  for (const p of [desktop, phone]) {
    await p.waitFor('the game aborted', () => document.body.dataset.over === '1', null, (TURN_S + 20) * 1000);
  }
  const after = ((Date.now() - turnFrom) / 1000).toFixed(1);
  // The phone's side by name: Dark (黑方) moves first.
  const [en, zh] = d.seat === 'x' ? ['Light', '白方'] : ['Dark', '黑方'];
  const words = {
    desktop: [/^Game aborted$/, new RegExp(`^${en} never started: their first turn ran out before their first move\\. No rating changed\\.$`)],
    phone: [/^对局已中止$/, new RegExp(`^${zh}始终没有开始：第一步的时间用完也没有走棋。等级分不变。$`)],
  };
  for (const p of [desktop, phone]) {
    const [headline, why] = words[p.name];
    const said = [await saying(p, 'the headline', headline), await saying(p, 'why the game ended', why)];
    check(said.every((text) => text), `${p.name}: the game over ${after} s after the test saw the phone's first turn begin (the turn: ${TURN_S} s): "${said.join('", "')}"`);
    await p.shot('never-started');
  }
  const response = await fetch(`${server.url}/api/games/${d.room}`);
  const record = response.ok ? await response.json() : null;
  const seats = record ? Object.values(record.players) : [];
  check(record && record.status === 'aborted' && record.reason === 'aborted' && seats.every((seat) => seat && seat.after === seat.before),
    `GET /api/games/${d.room}: ${record && `${record.status} (${record.reason}), ${record.plies.length} plies, `
    + `${seats.map((seat) => seat && `${seat.name} ${seat.before} -> ${seat.after}`).join(', ')}`}`);
  const now = await ratings();
  const shown = (r) => r && r.shuangcheng && `${r.shuangcheng.rating} ± ${r.shuangcheng.deviation} in ${r.shuangcheng.games} games`;
  names.forEach((name, i) => check(before[i] && JSON.stringify(now[i]) === JSON.stringify(before[i]),
    `${name}'s ratings unchanged by the aborted game (Shuang Cheng ${shown(before[i])} -> ${shown(now[i])}, the other games too)`));
  for (const p of [desktop, phone]) {
    await p.openOnline();
    await p.tap('online:leave');
    await p.waitFor('out of the room', () => !document.body.dataset.online, null, 10_000);
  }
}

const server = await startServer(serverBin, dist, ['--bot-after', String(BOT_AFTER), '--turn-ms', String(TURN_S * 1000)]);
const browser = await launch();
const began = Date.now();
try {
  console.log(`== the lobby through ${server.url}`);
  const open = (sizeName, name = sizeName) => newOnlinePage(browser, { name, sizeName, shots, prefix: 'lobby' });
  // The page left alone runs beside everything else.
  const alone = await open('desktop', 'alone');
  const aloneGame = leftAlone(alone, server.url)
    .catch((e) => check(false, `the page left alone itself failed: ${e.stack || e}`));
  const [desktop, phone, tablet] = await Promise.all(['desktop', 'phone', 'tablet'].map((size) => open(size)));
  const pages = [desktop, phone, tablet];
  await Promise.all(pages.map((p) => p.open(server.url)));
  await phone.setLang('zh-CN');
  await Promise.all(pages.map((p) => p.chooseName(NAMES[p.name])));

  // Both seek the same game, the desktop once the phone's seek waits; the server pairs them
  // with each other well before the computer would come. The first game nobody starts.
  const first = await pairBoth(desktop, phone);
  // The tablet seeks alone meanwhile.
  const tabletGame = againstTheComputer(tablet, server)
    .catch((e) => check(false, `the tablet's game itself failed: ${e.stack || e}`));
  await neverStarted(server, desktop, phone, first.d);
  // Paired again, they play a game out.
  const { d, f } = await pairBoth(desktop, phone, first.d.room);

  const seats = { [d.seat]: NAMES.desktop, [f.seat]: NAMES.phone };
  for (const p of [desktop, phone]) {
    for (const side of ['x', 'o']) {
      const text = await labelAt(p, `players:${side}`, `${side}'s player on the board`, (t) => t.includes(seats[side]) && t.includes('1500?'));
      check(text !== null, `${p.name}: ${side} on the board: ${text}`);
    }
    await p.shot('paired');
  }

  const bySide = { [d.seat]: desktop, [f.seat]: phone };
  let position = await allShow([desktop, phone], 0);
  let ply = 0;
  for (; ply < 3 * PLIES; ply++) {
    if (cli(cliBin, 'moves', 'shuangcheng', '--pos', position).length === 0) break;
    await bySide[position.split(' ')[1]].playMove(towardTheEnd(position, ply).move);
    position = await allShow([desktop, phone], ply + 1);
    if (ply === 3) for (const p of [desktop, phone]) await p.shot('playing');
  }
  const status = cli(cliBin, 'status', 'shuangcheng', '--pos', position)[0];
  check(/^[xo]-wins$/.test(status), `the game played out in ${ply} plies: ${status}`);
  const winner = status[0];
  for (const p of [desktop, phone]) {
    if (!await p.waitFor('the game over', () => document.body.dataset.over === '1', null)) continue;
    const shown = await checkChanges(p, server, d.room, seats);
    const loser = winner === 'x' ? 'o' : 'x';
    check(shown[winner] > 0 && shown[loser] < 0, `${p.name}: the winner ${seats[winner]} ${shown[winner]}, the loser ${seats[loser]} ${shown[loser]}`);
    await p.shot('end');
  }
  await tabletGame;
  await aloneGame;
  for (const p of [...pages, alone]) for (const problem of p.problems) check(false, `${p.name}: ${problem}`);
} catch (e) {
  check(false, `the lobby test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
  server.stop();
}
console.log(`lobby test took ${Math.round((Date.now() - began) / 1000)} s`);
if (failures.length > 0) {
  console.log(`\n${failures.length} lobby check(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nall lobby browser checks passed');
