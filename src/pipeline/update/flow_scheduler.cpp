// src/pipeline/update/flow_scheduler.cpp
#include "pipeline/update/flow_scheduler.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

#include "common/check.hpp"

namespace sluice {

void runInDependencyOrder(size_t count, const std::vector<std::vector<size_t>>& waits_for,
                          size_t parallelism, const std::function<void(size_t)>& run) {
  SLUICE_CHECK(waits_for.size() == count);
  std::vector<size_t> waiting(count);
  std::vector<std::vector<size_t>> unblocks(count);
  std::set<size_t> ready;
  for (size_t item = 0; item < count; ++item) {
    waiting[item] = waits_for[item].size();
    for (size_t before : waits_for[item])
      unblocks[before].push_back(item);
    if (waiting[item] == 0)
      ready.insert(item);
  }

  std::mutex mutex;
  std::condition_variable changed;
  size_t ended = 0;
  std::exception_ptr failure;

  auto worker = [&] {
    std::unique_lock lock(mutex);
    while (true) {
      changed.wait(lock, [&] { return !ready.empty() || ended == count || failure; });
      if (ended == count || failure)
        return;
      size_t item = *ready.begin();
      ready.erase(ready.begin());
      lock.unlock();
      std::exception_ptr thrown;
      try {
        run(item);
      } catch (...) {
        thrown = std::current_exception();
      }
      lock.lock();
      ++ended;
      if (thrown && !failure)
        failure = thrown;
      for (size_t next : unblocks[item]) {
        if (--waiting[next] == 0)
          ready.insert(next);
      }
      changed.notify_all();
    }
  };

  size_t threads = std::max<size_t>(1, std::min(parallelism, count));
  std::vector<std::thread> pool;
  for (size_t index = 1; index < threads; ++index)
    pool.emplace_back(worker);
  worker();
  for (std::thread& thread : pool)
    thread.join();
  if (failure)
    std::rethrow_exception(failure);
}

}  // namespace sluice
