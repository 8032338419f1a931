// test/unit/pipeline/flow_scheduler_test.cpp
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "pipeline/update/flow_scheduler.hpp"

namespace sluice {
namespace {

TEST(FlowScheduler, StartsEachRunAfterWhatItWaitsFor) {
  // 0 and 1 are independent; 2 waits for both; 3 waits for 2.
  std::vector<std::vector<size_t>> waits_for = {{}, {}, {0, 1}, {2}};
  std::mutex mutex;
  std::vector<size_t> ended;
  std::vector<bool> done(4, false);
  runInDependencyOrder(4, waits_for, 2, [&](size_t item) {
    {
      std::lock_guard lock(mutex);
      for (size_t before : waits_for[item])
        EXPECT_TRUE(done[before]) << item << " started before " << before << " ended";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::lock_guard lock(mutex);
    done[item] = true;
    ended.push_back(item);
  });
  ASSERT_EQ(ended.size(), 4u);
  EXPECT_EQ(ended[2], 2u);
  EXPECT_EQ(ended[3], 3u);
}

TEST(FlowScheduler, RunsIndependentFlowsAtTheSameTime) {
  // Each run waits until another one has started too: a scheduler that ran them one after the
  // other would leave every wait to its (generous) deadline.
  std::mutex mutex;
  std::condition_variable changed;
  int started = 0;
  int met = 0;
  runInDependencyOrder(4, std::vector<std::vector<size_t>>(4), 2, [&](size_t) {
    std::unique_lock lock(mutex);
    int mine = ++started;
    changed.notify_all();
    int partner = mine % 2 == 1 ? mine + 1 : mine - 1;
    if (changed.wait_for(lock, std::chrono::seconds(30), [&] { return started >= partner; }))
      ++met;
  });
  EXPECT_EQ(met, 4);
}

TEST(FlowScheduler, AThrowingRunStopsTheRest) {
  std::atomic<int> started = 0;
  std::vector<std::vector<size_t>> waits_for = {{}, {0}, {1}};
  EXPECT_THROW(runInDependencyOrder(3, waits_for, 2,
                                    [&](size_t item) {
                                      ++started;
                                      if (item == 0)
                                        throw std::runtime_error("boom");
                                    }),
               std::runtime_error);
  EXPECT_EQ(started.load(), 1);
}

TEST(FlowScheduler, NothingToRun) {
  int calls = 0;
  runInDependencyOrder(0, {}, 4, [&](size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace sluice
