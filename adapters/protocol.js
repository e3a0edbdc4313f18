// The two front ends every adapter shares, so that an adapter is only a library's FEN loading, legal moves
// and perft. Run with no arguments, an adapter speaks UCI on stdin/stdout and answers `go perft N` as
// Stockfish does; run as `node ADAPTER.js DEPTH FEN [MOVES]` it speaks the perftree protocol.
//
//   import { runFrontEnd } from './protocol.js';
//   runFrontEnd({
//     name: 'my-engine 1.0',
//     load: (fen, moves) => position,            // throws an Error naming the problem: bad FEN, illegal move
//     divide: (position, depth) => [['e2e4', 20], ...],   // depth >= 1; [] when there is no legal move
//   });
//
// Replies (docs/adapters.md): UCI `go perft N` prints one `e2e4: 20` line per legal move, sorted by move
// text, an empty line and `Nodes searched: N`; perftree prints `e2e4 20` lines, an empty line and the
// total. A position with no legal move prints no move line and a total of 0 at any depth >= 1.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The deepest `go perft` or perftree depth accepted, as in the movegen harness. */
export const MAX_DEPTH = 15;

/** The version of an npm package installed beside this file, e.g. '1.4.0'; '?' if it cannot be read. */
export function installedVersion(name) {
  try {
    const url = new URL(`./node_modules/${name}/package.json`, import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version;
  } catch {
    return '?';
  }
}

/**
 * Runs the front end the command line asks for: UCI when there are no arguments, perftree otherwise.
 * Bad input is one line on stderr: UCI goes on reading, perftree exits with code 2.
 */
export function runFrontEnd(engine) {
  const args = process.argv.slice(2);
  if (args.length === 0) return uciLoop(engine);
  try {
    perftreeCall(engine, args);
  } catch (error) {
    process.stderr.write(`${engine.name}: ${oneLine(error)}\n`);
    process.exitCode = 2;
  }
}

// A depth given as text: a whole number 0..MAX_DEPTH, or an Error.
function parseDepth(text) {
  if (!/^\d{1,2}$/.test(text ?? '') || Number(text) > MAX_DEPTH)
    throw new Error(`bad depth '${text ?? ''}': expected a whole number 0..${MAX_DEPTH}`);
  return Number(text);
}

// The divide `depth` plies deep, sorted by move text, and its total (1 at depth 0, 0 with no legal move).
function divideSorted(engine, position, depth) {
  if (depth === 0) return { moves: [], total: 1 };
  const moves = engine.divide(position, depth).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { moves, total: moves.reduce((sum, [, nodes]) => sum + nodes, 0) };
}

// UCI move texts with the promotion letter in lower case (perftree may send e7e8Q).
function normalizeMoves(words) {
  return words.filter((w) => w !== '').map((w) => (w.length === 5 ? w.slice(0, 4) + w[4].toLowerCase() : w));
}

// `node ADAPTER.js DEPTH FEN [MOVES]`: MOVES is one argument of space-separated UCI moves.
function perftreeCall(engine, args) {
  if (args.length < 2 || args.length > 3) throw new Error('usage: ADAPTER DEPTH FEN [MOVES]');
  const depth = parseDepth(args[0]);
  const position = engine.load(args[1], normalizeMoves((args[2] ?? '').split(/\s+/)));
  const { moves, total } = divideSorted(engine, position, depth);
  process.stdout.write(moves.map(([move, nodes]) => `${move} ${nodes}\n`).join('') + `\n${total}\n`);
}

// The words after `position`: `startpos` or `fen F1 .. F6`, then optionally `moves M1 M2 ...`.
function parsePosition(words) {
  const at = words.indexOf('moves');
  const head = at < 0 ? words : words.slice(0, at);
  const moves = at < 0 ? [] : normalizeMoves(words.slice(at + 1));
  if (head.length === 1 && head[0] === 'startpos') return { fen: START_FEN, moves };
  if (head.length > 1 && head[0] === 'fen') return { fen: head.slice(1).join(' '), moves };
  throw new Error("bad position command: expected 'startpos' or 'fen FEN', then optionally 'moves M1 M2 ...'");
}

async function uciLoop(engine) {
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let position = engine.load(START_FEN, []);  // null after a refused `position`: `go perft` is refused too
  for await (const line of input) {
    const words = line.trim().split(/\s+/);
    try {
      if (words[0] === 'quit') break;
      if (words[0] === 'uci') process.stdout.write(`id name ${engine.name}\nid author movegen-lab adapters\nuciok\n`);
      else if (words[0] === 'isready') process.stdout.write('readyok\n');
      else if (words[0] === 'position') {
        position = null;
        const { fen, moves } = parsePosition(words.slice(1));
        position = engine.load(fen, moves);
      } else if (words[0] === 'go') {
        if (words[1] !== 'perft' || words.length !== 3) throw new Error("bad go command: expected 'go perft N'");
        const depth = parseDepth(words[2]);
        if (position === null) throw new Error('go perft refused: the last position command was refused');
        const { moves, total } = divideSorted(engine, position, depth);
        process.stdout.write(moves.map(([move, nodes]) => `${move}: ${nodes}\n`).join('') + `\nNodes searched: ${total}\n\n`);
      } else if (words[0] !== '' && words[0] !== 'ucinewgame') throw new Error(`unknown command '${words[0]}'`);
    } catch (error) {
      process.stderr.write(`${engine.name}: ${oneLine(error)}\n`);
    }
  }
  input.close();
}

// An error's message on one line, whatever the library put in it.
function oneLine(error) {
  return String(error?.message ?? error).replace(/\s+/g, ' ').trim();
}
