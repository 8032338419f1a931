// src/storage/delta/appended_files.hpp
//
// What a streaming read of a Delta table takes from a range of its commits: the files they
// added with dataChange=true. Files that commits rewrite without changing the data (OPTIMIZE,
// dataChange=false) are passed over. A commit that removes data (a DELETE, an overwrite, the
// full refresh of a pipeline table) has no meaning for an append-only stream: it is reported,
// and the reader decides (an error, unless it skips change commits).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/delta/actions.hpp"

namespace sluice::delta {

struct AppendedFiles {
  //! The added files, in commit order, then in the order of each commit.
  std::vector<AddFile> files;
  //! The first commit of the range that removed data, if one did.
  std::optional<int64_t> first_change_version;
};

//! The files commits `from_version` to `to_version` (both included) of the table at
//! `table_path` added. With `skip_change_commits`, a commit that removes data is passed over
//! whole (its adds too), as Delta's skipChangeCommits option does.
AppendedFiles filesAppendedBetween(const std::string& table_path, int64_t from_version,
                                   int64_t to_version, bool skip_change_commits = false);

}  // namespace sluice::delta
