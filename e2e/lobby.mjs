// Playing someone new in the browser, end to end (issue 35): `qipan-server --site DIST` with
// its lobby, the computer coming after `BOT_AFTER` seconds. A desktop page (mouse, English)
// and a phone page (touch, Chinese) open "Play online", each types a name into the name field
// and chooses it, and both seek a rated game of Shuang Cheng: the server pairs them with each
// other (each board names both players, provisional `1500?`), they play the game out by taps
// (moves chosen with the engine's command line so that it ends after about `PLIES` plies,
// when a side has no move), and both pages show each rating's change (`+N` / `−N`), which
// the server's records API (`GET /api/players/NAME`) agrees with. Meanwhile a tablet page
// (touch) seeks alone and gets the computer (one of its four names on the board), plays two
// moves against it, each answered, and resigns; its loss is rated too. What a page shows in
// words is read from its accessibility layer (`#qipan_a11y`: the label drawn at a mark).
// Screenshots of each step at each page's size: e2e/screenshots/lobby-*.png.
// Usage: node e2e/lobby.mjs DIST_DIR SERVER_BINARY CLI_BINARY  (e2e/run.sh calls it)
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failures, launch, sleep } from './lib.mjs';
import {
  allShow, cli, keepGoing, labelAt, markText, newOnlinePage, options, paired, playerRecord, startServer, until,
} from './play.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [dist, serverBin, cliBin] = process.argv.slice(2);
const shots = process.env.QIPAN_SHOTS || join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

/** Seconds a seek waits for a person before the computer (the server's `--bot-after`). */
const BOT_AFTER = 5;
/** About how long the two people's game is (Shuang Cheng's first player wins in 19). */
const PLIES = 10;
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

const server = await startServer(serverBin, dist, ['--bot-after', String(BOT_AFTER)]);
const browser = await launch();
const began = Date.now();
try {
  console.log(`== the lobby through ${server.url}`);
  const open = (sizeName) => newOnlinePage(browser, { name: sizeName, sizeName, shots, prefix: 'lobby' });
  const [desktop, phone, tablet] = await Promise.all(['desktop', 'phone', 'tablet'].map(open));
  const pages = [desktop, phone, tablet];
  await Promise.all(pages.map((p) => p.open(server.url)));
  await phone.setLang('zh-CN');
  await Promise.all(pages.map((p) => p.chooseName(NAMES[p.name])));

  // Both seek the same game, the phone once the desktop's seek waits; the server pairs them
  // with each other well before the computer would come.
  await seek(desktop, true);
  await seek(phone, false);
  const [d, f] = await Promise.all([paired(desktop, 10_000), paired(phone, 10_000)]);
  check(d.room === f.room && d.seat !== f.seat, `desktop and phone paired in room ${d.room}: desktop ${d.seat}, phone ${f.seat}`);
  // The tablet seeks alone meanwhile.
  const tabletGame = againstTheComputer(tablet, server)
    .catch((e) => check(false, `the tablet's game itself failed: ${e.stack || e}`));

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
  for (const p of pages) for (const problem of p.problems) check(false, `${p.name}: ${problem}`);
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
