// src/exec/parallel/task_scheduler.hpp
//
// A fixed pool of worker threads, one per core, shared by every query of the process. Work is
// handed out as a parallel loop over task numbers; the calling thread takes tasks too, so a
// loop of one task runs without waking anyone.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sluice {

class TaskScheduler {
 public:
  //! The process's scheduler, with one thread per core.
  static TaskScheduler& shared();

  explicit TaskScheduler(size_t threads);
  ~TaskScheduler();
  TaskScheduler(const TaskScheduler&) = delete;
  TaskScheduler& operator=(const TaskScheduler&) = delete;

  //! The number of threads that run tasks, the caller's included.
  size_t threadCount() const { return workers_.size() + 1; }

  //! Runs body(0) ... body(tasks - 1), each once, across the threads, and returns when all have
  //! ended. When a task throws, tasks not yet started are skipped and the first exception is
  //! rethrown here. Loops from different callers run one after the other; a task must not
  //! start a loop of its own.
  void parallelFor(size_t tasks, const std::function<void(size_t task)>& body);

 private:
  struct Loop;
  void workerMain();
  static void runTasks(Loop& loop);

  std::mutex run_mutex_;  // one loop at a time
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  Loop* loop_ = nullptr;
  size_t generation_ = 0;
  size_t busy_workers_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace sluice
