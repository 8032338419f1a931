// src/pipeline/graph/pipeline_functions.hpp
//
// The SQL functions of a pipeline (CREATE [TEMPORARY] FUNCTION in its files) and the row
// filters of its tables. A statement's queries find a function by name in the statement's own
// catalog and schema: the pipeline's temporary functions, then its persistent ones, then the
// catalog's. An update publishes the persistent ones in the catalog before its flows run, so
// that row filters and later sessions call them; a temporary one stays in the pipeline.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "pipeline/graph/graph_analysis.hpp"

namespace sluice {

//! The functions a statement registered in `reader` calls by name.
class PipelineFunctions : public FunctionResolver {
 public:
  PipelineFunctions(const DataflowGraph& graph, RegistrationContext reader, const Catalog* catalog);

  const SqlFunction* findFunction(const std::vector<std::string>& name) const override;

 private:
  const DataflowGraph& graph_;
  RegistrationContext reader_;
  const Catalog* catalog_;
  //! The catalog's functions found so far, parsed, by qualified key.
  mutable std::map<std::string, SqlFunction> catalog_functions_;
};

//! Adds to `errors` the problems of the graph's functions, each at its definition: a
//! definition Spark would refuse at CREATE, two functions of one name (ROUTINE_ALREADY_EXISTS),
//! a persistent function that calls a temporary one (INVALID_TEMP_OBJ_REFERENCE); and of its
//! tables' row filters, at the table: a function that cannot be found or does not fit the
//! table's columns (planner/binder/row_filter.hpp).
void validateFunctions(const GraphAnalysis& analysis, const BindingEnvironment& environment,
                       std::vector<Error>& errors);

//! Raises ROUTINE_ALREADY_EXISTS when the catalog holds a function of the name that this
//! pipeline did not publish, unless the definition says OR REPLACE.
void checkFunctionOwnership(const Catalog& catalog, const PipelineFunction& function,
                            const std::string& pipeline_id);

//! Records a persistent function in the catalog as the pipeline's (replacing its last version).
void publishFunction(Catalog& catalog, const PipelineFunction& function,
                     const std::string& pipeline_id);

}  // namespace sluice
