// src/pipeline/registration/library_registration.hpp
//
// Registration of a pipeline's library files in languages other than SQL. The pipeline layer
// knows SQL only; a layer above (src/python) installs the registration of its files by their
// extension, so that files of every language register into one graph, in any order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/registration/sql_registration.hpp"

namespace sluice {

//! One library file of a pipeline.
struct LibraryFile {
  //! The absolute path.
  std::string path;
  //! The path relative to the spec, by which locations name the file.
  std::string source_name;
  //! The spec's folder, from which relative data paths are read.
  std::string root;
  //! The pipeline's storage folder, whose catalog the file's top-level actions read.
  std::string storage_dir;
  //! The pipeline's own folder (pipelineFolder), where its flows keep their state.
  std::string pipeline_folder;
};

//! Registers the datasets and flows one file defines into `graph`; problems are appended to
//! `errors`, never thrown.
using LibraryFileRegistration =
    std::function<void(const LibraryFile& file, const RegistrationDefaults& defaults,
                       DataflowGraph& graph, std::vector<Error>& errors)>;

//! Makes files whose name ends in `extension` (".py") register through `registration`.
void installLibraryFileRegistration(const std::string& extension,
                                    LibraryFileRegistration registration);

//! The registration installed for `extension`, or null.
const LibraryFileRegistration* findLibraryFileRegistration(const std::string& extension);

}  // namespace sluice
