#include "bitboard/sliders.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/steps.hpp"

namespace movegen::bitboard {

namespace detail {
MagicEntry BISHOP_MAGICS[SQUARE_NB], ROOK_MAGICS[SQUARE_NB];
PextEntry BISHOP_PEXT[SQUARE_NB], ROOK_PEXT[SQUARE_NB];
}  // namespace detail

namespace {

// Table sizes: the sum over all squares of 2^(relevant mask bits), 5248 for bishops and 102400 for rooks.
constexpr int BISHOP_TABLE_SIZE = 5248;
constexpr int ROOK_TABLE_SIZE = 102400;

Bitboard bishop_magic_table[BISHOP_TABLE_SIZE], rook_magic_table[ROOK_TABLE_SIZE];
Bitboard bishop_pext_table[BISHOP_TABLE_SIZE], rook_pext_table[ROOK_TABLE_SIZE];

// What find_magic returns for each square, a1 first, stored so that startup need not repeat the search
// (about 12 million candidates, a third of a second). tests/attacks_test.cpp checks that the search
// still finds every one of them; init_slider_tables checks each against every occupancy and stops the
// program if one maps two occupancies with different attack sets to the same slot.
constexpr Bitboard BISHOP_MAGIC_NUMBERS[SQUARE_NB] = {
    0x26102000843041C0, 0x0002084104008000, 0x004804812A080440, 0x0004042086004012, 0x1022021004480000,
    0x0188413010021000, 0x1000808808C010C1, 0x0416010100D02400, 0x0180081010008110, 0x0818200228820090,
    0x020004840C004810, 0x0000110400802821, 0x2122011040400088, 0x0818010420040A00, 0x0020820801041046,
    0x0000844100901010, 0x00900148A2080800, 0x01840C1004380040, 0x8010082200354100, 0x0052408401020058,
    0x0098800408A00028, 0x003084910068C003, 0x200880050C012020, 0x0001300080980800, 0x0920040220282245,
    0x0521104045044800, 0x8448040338024010, 0x4024050028009100, 0x000100100500400A, 0x2002140806008200,
    0x00020204A400A202, 0x1002020000492080, 0x808202C000202800, 0x0008080200040422, 0x1846202800240804,
    0x1012020080180080, 0x0200604040240100, 0x0408010040380802, 0x0204440058308800, 0x0118205104044101,
    0x1001199040101002, 0x5006281202090800, 0x011100402E003003, 0x0000412104002041, 0x6920080104004040,
    0x0804052C4A000100, 0x068802008C080200, 0x0321111A02900200, 0x1004108804101304, 0x08002208028800C4,
    0x00141484008805A8, 0x9002100C20880220, 0x4100040420820090, 0x4042220401020003, 0x000A1081120C0400,
    0x400501082501001A, 0x0010820082214001, 0x0000328068021048, 0x8300080102849020, 0x4041040200420200,
    0x012A400420424420, 0x2008040820880080, 0x0823100418180170, 0x200404080A042200,
};
constexpr Bitboard ROOK_MAGIC_NUMBERS[SQUARE_NB] = {
    0x9080004000881020, 0x0240001000200440, 0x0200081086004020, 0x4480141000480081, 0x0A0020881A004410,
    0x4200080200011004, 0x0400100844020081, 0x0100002040820100, 0x0818800020400082, 0x0000401000402000,
    0x81A6001224408204, 0x0006004200211008, 0x0081000800041101, 0x0012000200100804, 0x0902004200810804,
    0x8020800049003080, 0x1000308000400088, 0x1040008080200040, 0x0E4272002201C280, 0x0041010008100021,
    0x0008818004000800, 0x0580808002000400, 0x0888040041020850, 0x0004220008C41381, 0x01004012800182A0,
    0x0000810100204000, 0x0010008080200010, 0x8000080080801000, 0x0100080100110004, 0x1001000300040008,
    0x4048028400100128, 0x0010A40200008041, 0x0001C00184800320, 0x0200802000804000, 0x0003081141002000,
    0x0004100009002100, 0x4248004004040020, 0x8016001002000804, 0x000600082200A401, 0x4028008042001C09,
    0x0410408102020022, 0x0020004030024000, 0x0010100020008080, 0x4010010010210008, 0x0082061006020020,
    0x0080020004008080, 0x3010399002040008, 0x0000140080520001, 0x2000800100204100, 0x0100804000200080,
    0x01D0100180200180, 0x0400201200084200, 0x0100040008008080, 0x08E4800400020080, 0x0022000804010200,
    0x0210011080440A00, 0x4401041028C08001, 0x0142001481002842, 0x050288110140A001, 0xA1020040201850A6,
    0x000A000810042002, 0x0041000804000201, 0x00A20208D0031804, 0x200431008040240A,
};

// The attack set by walking each ray square by square until the board edge or an occupied square.
Bitboard walk_rays(PieceType pt, Square s, Bitboard occupied) {
  Bitboard attacks = 0;
  for (Step step : pt == BISHOP ? BISHOP_DIRECTIONS : ROOK_DIRECTIONS) {
    for (int r = rank_of(s) + step.row, f = file_of(s) + step.col; on_board(r, f); r += step.row, f += step.col) {
      const Bitboard b = square_bb(square_at(r, f));
      attacks |= b;
      if (occupied & b) break;
    }
  }
  return attacks;
}

// The squares that can block a slider on s: its empty-board rays without the edge squares, since a
// piece on the last square of a ray blocks nothing.
Bitboard relevant_mask(PieceType pt, Square s) {
  const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(s)) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(s));
  return walk_rays(pt, s, 0) & ~edges;
}

// Every subset of a square's relevant mask (the carry-rippler trick) with the attack set it gives.
struct Occupancies {
  std::vector<Bitboard> occupied, attacks;

  Occupancies(PieceType pt, Square s, Bitboard mask) {
    Bitboard subset = 0;
    do {
      occupied.push_back(subset);
      attacks.push_back(walk_rays(pt, s, subset));
      subset = (subset - mask) & mask;
    } while (subset);
  }
};

// Writes every occupancy's attack set into `slots` (2^bits of them) at its magic index. False if two
// occupancies with different attack sets share a slot; equal sets may share one. `written_at` holds
// the attempt that last wrote each slot, so slots need no clearing between attempts.
bool fill_magic_slots(const MagicEntry& e, const Occupancies& o, Bitboard* slots, std::vector<int>& written_at,
                      int attempt) {
  for (std::size_t i = 0; i < o.occupied.size(); ++i) {
    const unsigned slot = e.index(o.occupied[i]);
    if (written_at[slot] != attempt) {
      written_at[slot] = attempt;
      slots[slot] = o.attacks[i];
    } else if (slots[slot] != o.attacks[i]) {
      return false;
    }
  }
  return true;
}

// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift generators").
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }
  // Candidates with few bits set make good magics far more often than uniform ones.
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t state_;
};

// Tries candidates from the square's own seeded sequence until one fills the slots without a collision.
Bitboard search_magic(MagicEntry& e, const Occupancies& o, Bitboard* slots, std::uint64_t seed) {
  Random random(seed);
  std::vector<int> written_at(o.occupied.size(), 0);
  for (int attempt = 1;; ++attempt) {
    e.magic = random.sparse();
    if (popcount((e.mask * e.magic) >> 56) < 6) continue;  // too few high bits to spread the index
    if (fill_magic_slots(e, o, slots, written_at, attempt)) return e.magic;
  }
}

// The seed of a square's candidate sequence: fixed, and different for every piece and square.
std::uint64_t magic_seed(PieceType pt, Square s) { return 0x5EED0FB17B0A2DULL * (64 * pt + s + 1); }

// Builds one slider's tables for both backends, square after square.
void init_slider(PieceType pt, Bitboard* magic_table, Bitboard* pext_table, int table_size, MagicEntry* magics,
                 PextEntry* pexts, const Bitboard* magic_numbers) {
  int size = 0;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    const Bitboard mask = relevant_mask(pt, s);
    const Occupancies o(pt, s, mask);
    if (size + int(o.occupied.size()) > table_size) std::abort();  // the table sizes above are too small

    pexts[s] = {mask, pext_table + size};
    for (std::size_t i = 0; i < o.occupied.size(); ++i) pext_table[size + pext(o.occupied[i], mask)] = o.attacks[i];

    magics[s] = {mask, magic_numbers[s], magic_table + size, unsigned(64 - popcount(mask))};
    std::vector<int> written_at(o.occupied.size(), 0);
    if (!fill_magic_slots(magics[s], o, magic_table + size, written_at, 1)) {
      std::fprintf(stderr, "movegen: stored magic number for %s is wrong: take it from find_magic\n",
                   square_name(s).c_str());
      std::abort();
    }
    size += int(o.occupied.size());
  }
}

void fill_tables() {
  init_slider(BISHOP, bishop_magic_table, bishop_pext_table, BISHOP_TABLE_SIZE, detail::BISHOP_MAGICS,
              detail::BISHOP_PEXT, BISHOP_MAGIC_NUMBERS);
  init_slider(ROOK, rook_magic_table, rook_pext_table, ROOK_TABLE_SIZE, detail::ROOK_MAGICS, detail::ROOK_PEXT,
              ROOK_MAGIC_NUMBERS);
}

[[maybe_unused]] const bool tables_ready_before_main = (init_slider_tables(), true);

}  // namespace

void init_slider_tables() {
  static const bool filled = (fill_tables(), true);
  (void)filled;
}

Bitboard find_magic(PieceType pt, Square s) {
  MagicEntry e{relevant_mask(pt, s), 0, nullptr, unsigned(64 - popcount(relevant_mask(pt, s)))};
  const Occupancies o(pt, s, e.mask);
  std::vector<Bitboard> slots(o.occupied.size());
  return search_magic(e, o, slots.data(), magic_seed(pt, s));
}

Bitboard magic_number(PieceType pt, Square s) {
  return pt == BISHOP ? detail::BISHOP_MAGICS[s].magic : detail::ROOK_MAGICS[s].magic;
}

}  // namespace movegen::bitboard
