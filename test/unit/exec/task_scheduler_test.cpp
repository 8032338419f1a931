// test/unit/exec/task_scheduler_test.cpp
//
// The worker pool: every task runs exactly once, loops follow one another, and an exception in
// a task reaches the caller.
#include "exec/parallel/task_scheduler.hpp"

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace sluice {
namespace {

TEST(TaskSchedulerTest, RunsEveryTaskExactlyOnce) {
  TaskScheduler scheduler(4);
  EXPECT_EQ(scheduler.threadCount(), 4u);
  for (size_t tasks : {0u, 1u, 3u, 4u, 1000u}) {
    std::vector<std::atomic<int>> runs(tasks);
    scheduler.parallelFor(tasks, [&](size_t task) { runs[task].fetch_add(1); });
    for (size_t task = 0; task < tasks; ++task)
      EXPECT_EQ(runs[task].load(), 1) << task;
  }
}

TEST(TaskSchedulerTest, UsesSeveralThreads) {
  TaskScheduler scheduler(3);
  std::atomic<int> waiting{0};
  // Each task waits until all three are running at once, which needs three threads.
  scheduler.parallelFor(3, [&](size_t) {
    waiting.fetch_add(1);
    while (waiting.load() < 3)
      std::this_thread::yield();
  });
  EXPECT_EQ(waiting.load(), 3);
}

TEST(TaskSchedulerTest, ManyLoopsInARow) {
  TaskScheduler scheduler(2);
  std::atomic<long> total{0};
  for (int loop = 0; loop < 2000; ++loop)
    scheduler.parallelFor(2, [&](size_t task) { total.fetch_add(static_cast<long>(task) + 1); });
  EXPECT_EQ(total.load(), 2000 * 3);
}

TEST(TaskSchedulerTest, RethrowsTheFirstException) {
  TaskScheduler scheduler(2);
  EXPECT_THROW(scheduler.parallelFor(100,
                                     [&](size_t task) {
                                       if (task == 7)
                                         throw std::runtime_error("task 7 failed");
                                     }),
               std::runtime_error);
  // The pool still works afterwards.
  std::atomic<int> runs{0};
  scheduler.parallelFor(10, [&](size_t) { runs.fetch_add(1); });
  EXPECT_EQ(runs.load(), 10);
}

TEST(TaskSchedulerTest, OneThreadRunsOnTheCaller) {
  TaskScheduler scheduler(1);
  std::thread::id caller = std::this_thread::get_id();
  scheduler.parallelFor(5, [&](size_t) { EXPECT_EQ(std::this_thread::get_id(), caller); });
}

}  // namespace
}  // namespace sluice
