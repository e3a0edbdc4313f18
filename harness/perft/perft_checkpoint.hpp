// The checkpoint of a distributed perft run: a text file that records every finished subtree as it
// finishes (appended, then fsync'ed), so that a run killed part-way resumes where it stopped. Only the
// run that wrote a checkpoint may resume it: its header names the generator, FEN, moves, depth, split
// depth and number of subtrees. The format is in docs/mpi.md.
//
//   PerftCheckpoint checkpoint(path, header, split.subtrees);  // creates it, or reads and checks it
//   for (const auto& [subtree, nodes] : checkpoint.done()) counts[subtree] = nodes;
//   checkpoint.record(17, split.subtrees[17], 197281);         // one line, on disk before it returns
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace movegen::harness {

/// A checkpoint that cannot be used: unreadable or unwritable, locked by a running job, of another run,
/// or with a bad line. what() names the file, the line (line() > 0) if there is one, and the problem.
class CheckpointError : public std::runtime_error {
 public:
  CheckpointError(const std::string& path, int line, const std::string& problem);
  int line() const { return line_; }

 private:
  int line_;
};

/// What identifies a run: a checkpoint is resumed only by a run with an equal header. Counting mode,
/// hash size, threads and ranks are left out: they change the speed, not the counts.
struct CheckpointHeader {
  std::string generator;
  std::string fen;                 // the root FEN as the generator writes it (normalized)
  std::vector<std::string> moves;  // UCI moves played from fen first
  int depth = 0;
  int split_depth = 0;
  std::size_t subtrees = 0;  // distinct positions at the split depth

  bool operator==(const CheckpointHeader&) const = default;
};

/// One finished subtree: its index in the split, its position (FEN key) and its leaf count.
struct CheckpointRecord {
  std::size_t index = 0;
  std::string subtree;
  std::uint64_t nodes = 0;
};

/// An open checkpoint file, locked (flock) for as long as the object lives.
class PerftCheckpoint {
 public:
  /// Opens the file at `path`: writes `header` into a new or empty file; else reads it, checks that its
  /// header equals `header` and every record's subtree FEN equals subtrees[index]. Throws
  /// CheckpointError for: a path that cannot be opened or is not a regular file, a file another job
  /// holds, a header of another run (naming the first field that differs), a line that is truncated (no
  /// newline at the end) or malformed or fails its checksum, a subtree recorded twice with two counts.
  PerftCheckpoint(const std::string& path, const CheckpointHeader& header, const std::vector<std::string>& subtrees);
  ~PerftCheckpoint();
  PerftCheckpoint(const PerftCheckpoint&) = delete;
  PerftCheckpoint& operator=(const PerftCheckpoint&) = delete;

  /// The subtrees the file held when opened: subtree index -> leaf nodes below it.
  const std::map<std::size_t, std::uint64_t>& done() const { return done_; }

  /// Appends the record "subtree `index`, the position `subtree`, has `nodes` leaves" and returns once it
  /// is on disk (fsync). Throws CheckpointError if the write or the sync fails (a full disk).
  void record(std::size_t index, const std::string& subtree, std::uint64_t nodes);
  /// Appends all of `records` with one write and one fsync (a group commit: a disk that takes milliseconds
  /// to sync keeps up with any rate of finished subtrees). Throws as record() does.
  void record(const std::vector<CheckpointRecord>& records);

 private:
  void write_all(const std::string& text);
  void read_records(const std::string& text, const CheckpointHeader& header, const std::vector<std::string>& subtrees);

  std::string path_;
  int fd_ = -1;
  std::map<std::size_t, std::uint64_t> done_;
};

/// The line that records subtree `index` (FEN key `subtree`) with `nodes` leaves, newline included:
/// "done INDEX NODES CHECK KEY", CHECK being 8 hex digits of FNV-1a (32-bit) of "INDEX NODES KEY".
std::string checkpoint_record(std::size_t index, std::uint64_t nodes, const std::string& subtree);

/// The header lines of a checkpoint for `header`, each ending in a newline.
std::string checkpoint_header(const CheckpointHeader& header);

}  // namespace movegen::harness
