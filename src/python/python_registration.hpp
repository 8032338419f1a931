// src/python/python_registration.hpp
//
// Python pipeline files: an embedded interpreter runs each file with sluice's pyspark
// pipelines API, whose definitions become pipeline statements registered into the graph
// beside those of the SQL files. Python only describes the queries; it never sees a row.
#pragma once

#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "pipeline/graph/dataflow_graph.hpp"
#include "pipeline/registration/library_registration.hpp"

namespace sluice {

//! Registers the datasets and flows of one Python file into `graph`. Errors of the file (an
//! exception, a definition Spark refuses) are appended to `errors` with the file and line
//! they come from and the Python traceback.
void registerPythonFile(const LibraryFile& file, const RegistrationDefaults& defaults,
                        DataflowGraph& graph, std::vector<Error>& errors);

//! Makes the pipelines of this process register their `.py` files with registerPythonFile.
void installPythonRegistration();

//! What LeakSanitizer must leave alone in a program that embeds the interpreter: it is never
//! finalized (Python does not free everything it allocates even then), so the allocations of
//! libpython, and those of the pybind11 functions the bridge module defines, which live as
//! long as the interpreter. The program returns it from __lsan_default_suppressions.
inline constexpr const char* kPythonLeakSuppressions =
    "leak:libpython\nleak:pybind11::cpp_function\n";

}  // namespace sluice
