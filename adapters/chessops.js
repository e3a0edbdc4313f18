// chessops (npm, ESM) behind the two front ends of protocol.js, so that `movegen diff` can check our
// generators against it:
//
//   node adapters/chessops.js                    UCI: `position fen F [moves ...]`, `go perft N`
//   node adapters/chessops.js 3 "FEN" "e2e4 e7e5"   perftree: `e2e4 20` lines, an empty line, the total
//
// chessops has no make/unmake: `clone()` then `play(move)`. Its legal moves come as destination sets
// (`allDests()`), a promotion is one destination for four moves, and castling is the king moving onto its
// own rook (e1h1), which is written here as the UCI e1g1.
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { kingCastlesTo, makeUci, parseUci, squareRank } from 'chessops/util';
import { installedVersion, runFrontEnd } from './protocol.js';

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

// Every legal move of `pos` as a chessops move ({from, to, promotion}), castling as king takes own rook.
function legalMoves(pos) {
  const moves = [];
  const lastRank = pos.turn === 'white' ? 7 : 0;
  for (const [from, dests] of pos.allDests()) {
    const promotes = pos.board.pawn.has(from);
    for (const to of dests) {
      if (promotes && squareRank(to) === lastRank) for (const promotion of PROMOTIONS) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
}

// The UCI text of a legal move of `pos`: castling as the king's two-square step (e1g1, e8c8).
function uciText(pos, move) {
  if (!pos.board.king.has(move.from) || !pos.board[pos.turn].has(move.to)) return makeUci(move);
  return makeUci({ from: move.from, to: kingCastlesTo(pos.turn, move.to > move.from ? 'h' : 'a') });
}

// Leaf nodes `depth` plies below `pos` (depth >= 1), the last ply counted from the move list.
function perft(pos, depth) {
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) {
    const child = pos.clone();
    child.play(move);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

runFrontEnd({
  name: `chessops ${installedVersion('chessops')}`,

  load(fen, moves) {
    const loaded = parseFen(fen).chain((setup) => Chess.fromSetup(setup));
    if (loaded.isErr) throw new Error(`bad FEN '${fen}': ${loaded.error.message}`);
    const pos = loaded.value;
    for (const text of moves) {
      const move = parseUci(text);
      if (!move || !pos.isLegal(move)) throw new Error(`illegal move '${text}'`);
      pos.play(move);
    }
    return pos;
  },

  divide(pos, depth) {
    return legalMoves(pos).map((move) => {
      if (depth === 1) return [uciText(pos, move), 1];
      const child = pos.clone();
      child.play(move);
      return [uciText(pos, move), perft(child, depth - 1)];
    });
  },
});
