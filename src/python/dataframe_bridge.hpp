// src/python/dataframe_bridge.hpp
//
// The bridge through which a DataFrame's actions (collect, show, toArrow, ...) run its query on
// sluice's engine and bring the rows back to Python. The embedded interpreter of `sluice run`
// and the extension module of the `sluice` package both install it as `sluice._sluice`.
#pragma once

#include <pybind11/pybind11.h>

namespace sluice {

//! Defines the bridge's classes in `module`: Connection (a session over a catalog) and
//! QueryResult (the rows of one query, as Python values, display text or Arrow batches).
void defineDataFrameBridge(pybind11::module_& module);

}  // namespace sluice
