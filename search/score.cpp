#include "search/score.hpp"

namespace movegen::search {

std::string score_text(int score) {
  return is_mate_score(score) ? "mate " + std::to_string(mate_in_moves(score)) : "cp " + std::to_string(score);
}

}  // namespace movegen::search
