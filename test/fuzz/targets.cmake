# The libFuzzer targets: test/fuzz/<name>_fuzz.cpp, linked with the layer it exercises,
# seeded from test/fuzz/seeds/<name>/. Read by test/fuzz (which builds them with clang) and
# by test/ (which registers a timed run of each with CTest).
set(SLUICE_FUZZ_TARGETS sql_parser)
set(SLUICE_FUZZ_sql_parser_LIBS sluice_sql)
