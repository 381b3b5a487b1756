# The fuzz targets and the libraries each links: shared by tests/fuzz/CMakeLists.txt (libFuzzer)
# and tests/CMakeLists.txt (the replay of their seeds and regression inputs).
set(ggp_fuzz_targets kif message http propnet)
set(ggp_fuzz_kif_libraries ggp_gdl)
set(ggp_fuzz_message_libraries ggp_server_protocol)
set(ggp_fuzz_http_libraries ggp_server_protocol)
set(ggp_fuzz_propnet_libraries ggp_propnet)
