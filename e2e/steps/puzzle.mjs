// A puzzle solved by taps.
import { check } from '../lib.mjs';

/**
 * A Shuang Cheng puzzle solved by taps on the phone (issue 20): the Puzzles tab, Next
 * puzzle, the line's solver moves tapped point by point, each reply waited for (the page
 * says where the puzzle stands in `data-puzzle`: `STATE LINE`).
 */
export async function puzzle(t) {
  const name = t.size.name;
  const stateIs = (want) => (document.body.dataset.puzzle || '').split(' ')[0] === want;
  await t.chooseGame('shuangcheng');
  await t.humanToMove();
  await t.openTab('puzzles');
  await t.tap('puzzle:next');
  if (!(await t.waitFor('a puzzle on the board', stateIs, 'solving', 10_000))) return;
  const line = (await t.state()).puzzle.split(' ')[1].split(',');
  for (let i = 0; i < line.length; i += 2) {
    // The page publishes a frame late: wait for the plies themselves, not only the state.
    const ready = await t.waitFor(`the solver's turn at ply ${i}`, (i) => document.body.dataset.plies === String(i)
      && (document.body.dataset.puzzle || '').startsWith('solving'), i, 10_000);
    if (!ready) return;
    const [from, to] = line[i].split('-');
    await t.tap(`point:${from}`);
    await t.tap(`point:${to}`);
  }
  const solved = await t.waitFor('the puzzle solved', stateIs, 'solved', 10_000);
  check(solved, `${name}: a Shuang Cheng puzzle of ${Math.ceil(line.length / 2)} move(s) solved by taps (${line.join(' ')})`);
  await t.shot('puzzle-solved');
  await t.tap('puzzle:leave');
  await t.waitFor('back to the game', () => (document.body.dataset.puzzle || '') === '', null, 5_000);
  await t.openTab('games');
}
