#include "common/chess960.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace movegen {

std::string chess960_start_fen(int number) {
  if (number < 0 || number >= CHESS960_POSITIONS)
    throw std::out_of_range("Chess960 start position " + std::to_string(number) + " is outside 0..959");
  std::string rank(8, ' ');
  // Puts `piece` on the index-th of the free squares, a-file first.
  auto put_on_free = [&](int index, char piece) {
    for (char& square : rank)
      if (square == ' ' && index-- == 0) {
        square = piece;
        return;
      }
  };
  // The two knights' places among the five free squares left once bishops and queen stand.
  constexpr std::array<std::pair<int, int>, 10> KNIGHTS = {
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  int n = number;
  rank[2 * (n % 4) + 1] = 'B';  // light-squared bishop: b, d, f or h
  n /= 4;
  rank[2 * (n % 4)] = 'B';  // dark-squared bishop: a, c, e or g
  n /= 4;
  put_on_free(n % 6, 'Q');
  n /= 6;
  put_on_free(KNIGHTS[n].second, 'N');  // the second first, so that the first's index still holds
  put_on_free(KNIGHTS[n].first, 'N');
  put_on_free(0, 'R');
  put_on_free(0, 'K');
  put_on_free(0, 'R');
  std::string black = rank;
  for (char& c : black) c = char(c - 'A' + 'a');
  return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1";
}

}  // namespace movegen
