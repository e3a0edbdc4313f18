"""EPD perft files: their lines ('<fen> ;D1 <count> ;D2 <count> ...') and the legality of their FENs, with
the castling field in any of its three forms (classical, Shredder-FEN, X-FEN)."""

import re


class BadLine(Exception):
    """A line of an EPD file that cannot be used."""


COUNT_RE = re.compile(r"^D([1-9][0-9]*)\s+([0-9]+)$")

PIECES = "PNBRQKpnbrqk"



def parse_line(text, need_counts):
    """Split '<fen> ;D1 n ;D2 n ...' into (fen, [(depth, count), ...])."""
    parts = text.split(";")
    fen = " ".join(parts[0].split())
    counts = []
    for part in parts[1:]:
        entry = " ".join(part.split())
        match = COUNT_RE.match(entry)
        if not match:
            raise BadLine(f"bad count entry {entry!r} (expected 'Dk <count>')")
        depth, count = int(match.group(1)), int(match.group(2))
        if counts and depth <= counts[-1][0]:
            raise BadLine(f"depth D{depth} is not after D{counts[-1][0]}")
        counts.append((depth, count))
    if need_counts and not counts:
        raise BadLine("no ';Dk <count>' entries")
    check_fen(fen)
    return fen, counts



def parse_board(field):
    """Return {(file, rank): piece} for the board field of a FEN."""
    ranks = field.split("/")
    if len(ranks) != 8:
        raise BadLine(f"board has {len(ranks)} ranks, not 8")
    board = {}
    for row, text in enumerate(ranks):
        rank = 7 - row
        file = 0
        previous_digit = False
        for ch in text:
            if ch in "12345678":
                if previous_digit:
                    raise BadLine(f"two digits in a row in rank {rank + 1}")
                file += int(ch)
                previous_digit = True
            elif ch in PIECES:
                if file < 8:
                    board[(file, rank)] = ch
                file += 1
                previous_digit = False
            else:
                raise BadLine(f"bad character {ch!r} in board")
        if file != 8:
            raise BadLine(f"rank {rank + 1} has {file} squares, not 8")
    return board



def square_name(square):
    """The name of a (file, rank) square: (4, 0) -> "e1"."""
    return "abcdefgh"[square[0]] + str(square[1] + 1)



def is_attacked(board, square, by_white):
    """True if a piece of the given colour attacks the square."""
    f, r = square

    def piece_at(df, dr):
        sq = (f + df, r + dr)
        if 0 <= sq[0] < 8 and 0 <= sq[1] < 8:
            return board.get(sq)
        return None

    def own(kind):
        return kind.upper() if by_white else kind.lower()

    # Pawns attack diagonally forward, so look one rank behind the square.
    pawn_rank = -1 if by_white else 1
    if own("p") in (piece_at(-1, pawn_rank), piece_at(1, pawn_rank)):
        return True
    for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2),
                   (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
        if piece_at(df, dr) == own("n"):
            return True
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df or dr) and piece_at(df, dr) == own("k"):
                return True
    for directions, sliders in (
            (((1, 0), (-1, 0), (0, 1), (0, -1)), (own("r"), own("q"))),
            (((1, 1), (1, -1), (-1, 1), (-1, -1)), (own("b"), own("q")))):
        for df, dr in directions:
            x, y = f + df, r + dr
            while 0 <= x < 8 and 0 <= y < 8:
                piece = board.get((x, y))
                if piece is not None:
                    if piece in sliders:
                        return True
                    break
                x, y = x + df, y + dr
    return False



def check_fen(fen):
    """Raise BadLine unless the FEN describes a legal position."""
    fields = fen.split()
    if not 4 <= len(fields) <= 6:
        raise BadLine(f"FEN has {len(fields)} fields, expected 4 to 6")
    board = parse_board(fields[0])
    side, castling, ep = fields[1], fields[2], fields[3]
    if side not in ("w", "b"):
        raise BadLine(f"side to move {side!r} is not 'w' or 'b'")
    for number in fields[4:]:
        if not number.isdigit():
            raise BadLine(f"move counter {number!r} is not a number")
    if len(fields) == 6 and int(fields[5]) < 1:
        raise BadLine("fullmove number must be at least 1")

    for colour, king in (("white", "K"), ("black", "k")):
        n = sum(1 for p in board.values() if p == king)
        if n != 1:
            raise BadLine(f"{colour} has {n} kings")
        if sum(1 for p in board.values() if p.isupper() == (king == "K")) > 16:
            raise BadLine(f"{colour} has more than 16 pieces")
        pawn = "P" if king == "K" else "p"
        if sum(1 for p in board.values() if p == pawn) > 8:
            raise BadLine(f"{colour} has more than 8 pawns")
    for square, piece in board.items():
        if piece in "Pp" and square[1] in (0, 7):
            raise BadLine(f"pawn on {square_name(square)}")

    castling_chess960(board, castling)

    if ep != "-":
        if len(ep) != 2 or ep[0] not in "abcdefgh" or ep[1] not in "36":
            raise BadLine(f"bad en-passant square {ep!r}")
        file, rank = "abcdefgh".index(ep[0]), int(ep[1]) - 1
        if side == "w":
            want_rank, pusher, front, behind = 5, "p", (file, 4), (file, 6)
        else:
            want_rank, pusher, front, behind = 2, "P", (file, 3), (file, 1)
        if rank != want_rank:
            raise BadLine(f"en-passant square {ep} is on the wrong rank "
                          f"for side to move {side}")
        if board.get(front) != pusher:
            raise BadLine(f"en-passant square {ep} without the pawn that "
                          f"pushed two on {square_name(front)}")
        if (file, rank) in board or behind in board:
            raise BadLine(f"en-passant square {ep} or the square behind it "
                          f"is occupied")

    waiting_king = "k" if side == "w" else "K"
    king_square = next(s for s, p in board.items() if p == waiting_king)
    if is_attacked(board, king_square, by_white=(side == "w")):
        raise BadLine("the side not to move is in check")



def castling_chess960(board, castling):
    """Check the castling field against the board; True if only Chess960
    allows it (a right held with the king off the e-file or its rook off the
    corner).  Raise BadLine for a bad letter, a repeated right, or a right
    without its king on the back rank and its rook on the right side."""
    if castling == "-":
        return False
    if not castling:
        raise BadLine("empty castling field")
    chess960, seen = False, set()
    for letter in castling:
        white = letter.isupper()
        lower = letter.lower()
        if lower not in "kqabcdefgh":
            raise BadLine(f"bad castling letter {letter!r}")
        back = 0 if white else 7
        king, rook = ("K", "R") if white else ("k", "r")
        kings = [f for f in range(8) if board.get((f, back)) == king]
        if not kings:
            raise BadLine(f"castling right {letter} without the king on "
                          f"rank {back + 1}")
        king_file = kings[0]
        if lower in "kq":
            files = range(7, king_file, -1) if lower == "k" \
                else range(0, king_file)
            rook_file = next((f for f in files
                              if board.get((f, back)) == rook), None)
            if rook_file is None:
                raise BadLine(f"castling right {letter} without a rook on "
                              f"its side of the king")
        else:
            rook_file = "abcdefgh".index(lower)
            if board.get((rook_file, back)) != rook:
                raise BadLine(f"castling right {letter} without a rook on "
                              f"{square_name((rook_file, back))}")
        right = (white, rook_file > king_file)
        if right in seen:
            raise BadLine(f"castling right {letter} given twice")
        seen.add(right)
        chess960 |= king_file != 4 or rook_file not in (0, 7)
    return chess960



def needs_chess960(fen):
    """True if the FEN's castling rights need Stockfish's UCI_Chess960."""
    fields = fen.split()
    return castling_chess960(parse_board(fields[0]), fields[2])



def uci_fen(fen):
    """The FEN as sent to Stockfish: with move clocks."""
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    elif len(fields) == 5:
        fields += ["1"]
    return " ".join(fields)



def read_epd(path, need_counts):
    """Return (lines, positions, errors) for one file.

    lines: the raw lines (newline stripped); positions: list of
    (line_number, fen, counts); errors: list of 'file:line: message'.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError) as err:
        return [], [], [f"{path}: cannot read: {err}"]
    positions, errors = [], []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            fen, counts = parse_line(text, need_counts)
        except BadLine as err:
            errors.append(f"{path}:{number}: bad line: {err}: {text}")
            continue
        positions.append((number, fen, counts))
    return lines, positions, errors
