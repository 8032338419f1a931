// src/pipeline/spec/pipeline_spec.hpp
//
// The pipeline spec: the YAML file that names a pipeline, its storage, its default catalog and
// schema, its source files and its configuration, as Spark's `spark-pipelines` CLI reads it
// (pyspark/pipelines/cli.py) plus Databricks' `development` flag:
//
//   name: sales                 # required
//   storage: .sluice            # a path or file:// URI, relative to the spec; default .sluice
//   catalog: spark_catalog      # default: the session's current catalog
//   database: default           # or `schema`; default: the current schema
//   libraries:
//     - glob:
//         include: transformations/**
//   configuration:
//     source_path: /data/raw    # strings; ${source_path} in SQL, and readable with SET
//
// The file is spark-pipeline.yml / .yaml (or pipeline.yml / .yaml), found from a given path or
// by searching the current folder and its parents.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sluice {

struct PipelineSpec {
  //! The spec file and its folder, absolute; relative paths of the spec are relative to it.
  std::string path;
  std::string root;
  std::string name;
  //! The storage folder, absolute (catalog, tables, pipeline state, event log).
  std::string storage;
  std::optional<std::string> catalog;
  std::optional<std::string> schema;
  //! The `include` pattern of each library glob, as written.
  std::vector<std::string> libraries;
  std::map<std::string, std::string> configuration;
  bool development = false;
};

//! The names a spec file may have, in the order they are looked for.
const std::vector<std::string>& pipelineSpecFileNames();

//! A path the spec names (storage, a library, a sink's path), relative to the spec's folder
//! `root` unless absolute; a file: URI is a path.
std::string resolveSpecPath(const std::string& root, std::string path);

//! The spec file in `folder` or its nearest parent that has one: PIPELINE_SPEC_FILE_NOT_FOUND
//! when none has; MULTIPLE_PIPELINE_SPEC_FILES_FOUND when one folder has several.
std::string findPipelineSpec(const std::string& folder);

//! Reads and checks the spec at `path`: PIPELINE_SPEC_FILE_DOES_NOT_EXIST,
//! PIPELINE_SPEC_MISSING_REQUIRED_FIELD, PIPELINE_SPEC_UNEXPECTED_FIELD,
//! PIPELINE_SPEC_INVALID_GLOB_PATTERN, and INVALID_PIPELINE_SPEC for YAML that is not a spec.
PipelineSpec loadPipelineSpec(const std::string& path);

//! The source files the spec's libraries name, absolute and sorted: a pattern is a file path
//! or a folder followed by `/**` (everything under it). A file that is neither .sql nor .py is
//! PIPELINE_UNSUPPORTED_DEFINITIONS_FILE_EXTENSION.
std::vector<std::string> pipelineSourceFiles(const PipelineSpec& spec);

}  // namespace sluice
