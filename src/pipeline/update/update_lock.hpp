// src/pipeline/update/update_lock.hpp
//
// One update at a time per pipeline: an exclusive flock(2) on <pipeline folder>/update.lock,
// taken without waiting. The file says which update holds it, for the error a second run
// gets. The kernel drops the lock when its process ends, however it ends, so a run that was
// killed never blocks the next one.
#pragma once

#include <optional>
#include <string>

#include "common/fs/file_lock.hpp"

namespace sluice {

class UpdateLock {
 public:
  //! Takes the lock for `update_id`, or throws PIPELINE_UPDATE_ALREADY_RUNNING naming the
  //! update that holds it.
  UpdateLock(const std::string& folder, const std::string& pipeline_name,
             const std::string& update_id);

 private:
  std::optional<FileLock> lock_;
};

}  // namespace sluice
