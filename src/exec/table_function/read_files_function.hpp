// src/exec/table_function/read_files_function.hpp
//
// read_files(path [, option => value]...), Databricks' table-valued function over files:
// lists the files the path names, reads the options (each must be one the format uses, so a
// misspelt option is an error), and takes the schema from the `schema` option or infers it
// from a sample of every file (then applies `schemaHints`). Its columns are the data columns,
// the rescued data column (JSON, CSV) and the hidden `_metadata` column.
#pragma once

#include <memory>

#include "function/table/table_function.hpp"

namespace sluice {

std::shared_ptr<const TableFunction> makeReadFilesFunction();

}  // namespace sluice
