# The libFuzzer targets: test/fuzz/<name>_fuzz.cpp, linked with the layer it exercises,
# seeded from test/fuzz/seeds/<name>/. Read by test/fuzz (which builds them with clang) and
# by test/ (which registers a timed run of each with CTest).
set(SLUICE_FUZZ_TARGETS sql_parser parquet_footer parquet_reader delta_log json_reader csv_reader
                        deletion_vector)
set(SLUICE_FUZZ_sql_parser_LIBS sluice_sql)
set(SLUICE_FUZZ_parquet_footer_LIBS sluice_storage)
set(SLUICE_FUZZ_parquet_reader_LIBS sluice_storage)
set(SLUICE_FUZZ_delta_log_LIBS sluice_storage)
set(SLUICE_FUZZ_json_reader_LIBS sluice_storage)
set(SLUICE_FUZZ_csv_reader_LIBS sluice_storage)
set(SLUICE_FUZZ_deletion_vector_LIBS sluice_storage)
