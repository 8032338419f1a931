// src/exec/parallel/task_scheduler.cpp
#include "exec/parallel/task_scheduler.hpp"

#include <algorithm>
#include <atomic>

namespace sluice {

struct TaskScheduler::Loop {
  size_t tasks = 0;
  const std::function<void(size_t)>* body = nullptr;
  std::atomic<size_t> next_task{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr error;
};

TaskScheduler& TaskScheduler::shared() {
  static TaskScheduler scheduler(std::max<size_t>(1, std::thread::hardware_concurrency()));
  return scheduler;
}

TaskScheduler::TaskScheduler(size_t threads) {
  for (size_t i = 1; i < std::max<size_t>(threads, 1); ++i)
    workers_.emplace_back([this] { workerMain(); });
}

TaskScheduler::~TaskScheduler() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& worker : workers_)
    worker.join();
}

void TaskScheduler::runTasks(Loop& loop) {
  while (!loop.failed.load(std::memory_order_relaxed)) {
    size_t task = loop.next_task.fetch_add(1);
    if (task >= loop.tasks)
      return;
    try {
      (*loop.body)(task);
    } catch (...) {
      std::lock_guard lock(loop.error_mutex);
      if (!loop.error)
        loop.error = std::current_exception();
      loop.failed = true;
    }
  }
}

void TaskScheduler::workerMain() {
  size_t seen_generation = 0;
  while (true) {
    Loop* loop;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen_generation; });
      if (stopping_)
        return;
      seen_generation = generation_;
      loop = loop_;
      if (loop == nullptr)
        continue;  // the loop ended before this worker woke
      ++busy_workers_;
    }
    runTasks(*loop);
    {
      std::lock_guard lock(mutex_);
      --busy_workers_;
    }
    done_.notify_all();
  }
}

void TaskScheduler::parallelFor(size_t tasks, const std::function<void(size_t task)>& body) {
  if (tasks == 0)
    return;
  std::lock_guard run_lock(run_mutex_);
  Loop loop;
  loop.tasks = tasks;
  loop.body = &body;
  bool use_workers = tasks > 1 && !workers_.empty();
  if (use_workers) {
    std::lock_guard lock(mutex_);
    loop_ = &loop;
    ++generation_;
  }
  if (use_workers)
    wake_.notify_all();
  runTasks(loop);
  if (use_workers) {
    // Workers that woke for this loop hold a pointer to it until they are done.
    std::unique_lock lock(mutex_);
    loop_ = nullptr;
    done_.wait(lock, [&] { return busy_workers_ == 0; });
  }
  if (loop.error)
    std::rethrow_exception(loop.error);
}

}  // namespace sluice
