// src/python_module.cpp
//
// The `sluice._sluice` extension module: the DataFrame bridge of src/python for a python3 that
// imports the `sluice` package, outside `sluice run`.
#include <pybind11/pybind11.h>

#include "python/dataframe_bridge.hpp"

PYBIND11_MODULE(_sluice, module) {
  sluice::defineDataFrameBridge(module);
}
