// chess.js (npm, v1) behind the two front ends of protocol.js, so that `movegen diff` can check our
// generators against it:
//
//   node adapters/chessjs.js                    UCI: `position fen F [moves ...]`, `go perft N`
//   node adapters/chessjs.js 3 "FEN" "e2e4 e7e5"   perftree: `e2e4 20` lines, an empty line, the total
//
// Public API only: `new Chess(fen)` (throws on a FEN it rejects), `move({from, to, promotion})` (throws
// on an illegal move), `moves({verbose: true})` and `undo()` at the root, and the library's own
// `perft(depth)` below each root move. A verbose move's `lan` is UCI text: castling e1g1, promotion e7e8q.
import { Chess } from 'chess.js';
import { installedVersion, runFrontEnd } from './protocol.js';

runFrontEnd({
  name: `chess.js ${installedVersion('chess.js')}`,

  load(fen, moves) {
    let chess;
    try {
      chess = new Chess(fen);
    } catch (error) {
      throw new Error(`bad FEN '${fen}': ${error.message}`);
    }
    for (const text of moves) {
      try {
        chess.move({ from: text.slice(0, 2), to: text.slice(2, 4), promotion: text[4] });
      } catch {
        throw new Error(`illegal move '${text}' in ${chess.fen()}`);
      }
    }
    return chess;
  },

  divide(chess, depth) {
    return chess.moves({ verbose: true }).map((move) => {
      chess.move(move);
      const nodes = depth === 1 ? 1 : chess.perft(depth - 1);
      chess.undo();
      return [move.lan, nodes];
    });
  },
});
