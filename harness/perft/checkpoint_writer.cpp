#include "harness/perft/checkpoint_writer.hpp"

#include <csignal>
#include <utility>

namespace movegen::harness {

CheckpointWriter::CheckpointWriter(PerftCheckpoint* checkpoint, const std::vector<std::string>& subtrees,
                                   int kill_after)
    : checkpoint_(checkpoint), subtrees_(subtrees), kill_after_(kill_after), thread_([this] { write_loop(); }) {}

CheckpointWriter::~CheckpointWriter() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void CheckpointWriter::add(std::size_t index, std::uint64_t nodes) {
  if (checkpoint_ == nullptr) return;
  {
    const std::lock_guard lock(mutex_);
    if (failure_) std::rethrow_exception(failure_);
    queued_.push_back({index, subtrees_.at(index), nodes});
    ++added_;
  }
  changed_.notify_all();
}

void CheckpointWriter::finish() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return failure_ || written_ == added_; });
  if (failure_) std::rethrow_exception(failure_);
}

void CheckpointWriter::write_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopping_ || !queued_.empty(); });
    if (queued_.empty()) return;  // stopping, and everything added is written
    std::vector<CheckpointRecord> batch = std::exchange(queued_, {});
    if (kill_after_ > 0 && written_ + batch.size() > static_cast<std::size_t>(kill_after_)) {
      // A test's kill comes after exactly kill_after records, even when the counting ran ahead of the disk
      // and queued them all: the rest stays unwritten, as a job killed part-way leaves it.
      batch.resize(static_cast<std::size_t>(kill_after_) - written_);
    }
    lock.unlock();
    try {
      checkpoint_->record(batch);
    } catch (...) {
      lock.lock();
      failure_ = std::current_exception();
      changed_.notify_all();
      return;
    }
    lock.lock();
    written_ += batch.size();
    if (kill_after_ > 0 && written_ >= static_cast<std::size_t>(kill_after_)) std::raise(SIGKILL);
    changed_.notify_all();
  }
}

}  // namespace movegen::harness
