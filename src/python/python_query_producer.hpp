// src/python/python_query_producer.hpp
//
// The producer of a Python definition whose query function asked for the schemas of what it
// reads. The graph analysis calls it once they can be described; it runs the query function
// again, its DataFrames described by binding their queries through the analysis, and registers
// the statement the definition then makes.
#pragma once

#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "pipeline/graph/deferred_definition.hpp"
#include "pipeline/registration/sql_registration.hpp"

namespace sluice {

//! The producer of `definition` (the registration module's waiting definition), defined in the
//! file `source_name`.
std::shared_ptr<const DeferredQueryProducer> makePythonQueryProducer(pybind11::object definition,
                                                                     std::string source_name,
                                                                     RegistrationDefaults defaults);

}  // namespace sluice
