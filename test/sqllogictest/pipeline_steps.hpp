// test/sqllogictest/pipeline_steps.hpp
//
// Pipeline scenarios: a test file in a folder that holds a pipeline spec is a scenario of that
// pipeline. The folder (spec, source files, input files) is copied to the test's scratch
// folder, queries run over the pipeline's storage in its catalog and schema, and the records
// of pipeline_record kinds drive it:
//
//   copy input/day1.json data/day1.json   a file of the case folder into the pipeline's folder
//   remove data/day1.json                 a file of the pipeline's folder
//   pipeline run [--full-refresh a,b ...] the update completes; after ----, the end state of
//   ----                                  each flow that ran ("bronze COMPLETED", "b IDLE",
//   bronze COMPLETED                      ...), compared in any order
//   pipeline fail [options]               the update fails (invalid, or a flow failed); after
//   ----                                  ----, each error it reports ([CLASS] or a message
//   [EXPECTATION_VIOLATION]               substring), all of them, in any order
//   pipeline dry-run                      valid; or, after ----, exactly these errors
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "session/session.hpp"
#include "sqllogictest/slt_record.hpp"

namespace sluice::slt {

class PipelineScenario {
 public:
  //! The scenario of `test_file` when its folder holds a pipeline spec: the folder is copied
  //! into `scratch`; nullopt otherwise.
  static std::optional<PipelineScenario> prepare(const std::filesystem::path& test_file,
                                                 const std::filesystem::path& scratch);

  //! Queries read the pipeline's storage in its catalog and schema.
  SessionOptions sessionOptions() const;

  //! Runs a pipeline, copy or remove record; returns why it failed, or nothing.
  std::optional<std::string> run(const Record& record);

  const std::filesystem::path& folder() const { return folder_; }

 private:
  PipelineScenario(std::filesystem::path case_folder, std::filesystem::path folder,
                   std::filesystem::path spec);

  std::filesystem::path case_folder_;
  std::filesystem::path folder_;
  std::filesystem::path spec_;
};

}  // namespace sluice::slt
