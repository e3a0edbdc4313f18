// Writing a run's checkpoint on a thread of its own, so that a disk that takes milliseconds to sync never
// holds up the counting (movegen perft's threads, movegen-mpi's rank 0 handing out subtrees): records wait in a queue,
// and each pass writes all that are there with one write and one fsync.
//
//   CheckpointWriter writer(checkpoint.get(), split.subtrees, 0);
//   writer.add(17, 197281);   // returns at once
//   writer.finish();          // every record added is on disk
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness/perft/perft_checkpoint.hpp"

namespace movegen::harness {

class CheckpointWriter {
 public:
  /// Writes to `checkpoint` (nothing if null), naming subtree i by subtrees[i]; both must outlive the
  /// writer. kill_after > 0 is for tests: the process kills itself (SIGKILL) once exactly that many records
  /// are on disk, however many were queued, as a job killed part-way.
  CheckpointWriter(PerftCheckpoint* checkpoint, const std::vector<std::string>& subtrees, int kill_after);
  /// Writes what is still queued, then stops; a write failure here is lost (call finish() to see it).
  ~CheckpointWriter();
  CheckpointWriter(const CheckpointWriter&) = delete;
  CheckpointWriter& operator=(const CheckpointWriter&) = delete;

  /// Queues the record "subtree `index` has `nodes` leaves". Rethrows an earlier write failure
  /// (CheckpointError).
  void add(std::size_t index, std::uint64_t nodes);
  /// Returns once every record added is on disk; rethrows a write failure.
  void finish();

 private:
  void write_loop();

  PerftCheckpoint* checkpoint_;
  const std::vector<std::string>& subtrees_;
  const int kill_after_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<CheckpointRecord> queued_;
  std::size_t added_ = 0, written_ = 0;
  bool stopping_ = false;
  std::exception_ptr failure_;
  std::thread thread_;  // last: it starts once the members it uses exist
};

}  // namespace movegen::harness
