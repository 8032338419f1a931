// src/main.cpp
//
// The entry point of the `sluice` command; everything else lives in src/cli.
#include <iostream>

#include "cli/cli_app.hpp"

int main(int argc, char** argv) {
  return sluice::runCli(argc, argv, std::cout, std::cerr);
}
