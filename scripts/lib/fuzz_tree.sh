# Sourced by test.sh and fuzz.sh: the clang tree both use, build-fuzz/ (the whole project under
# ASan and UBSan, with libFuzzer's coverage and the fuzz targets: -DGGP_FUZZ=ON), configured once.
fuzz_tree=build-fuzz
configure_fuzz_tree() {
  [ -f $fuzz_tree/CMakeCache.txt ] ||
    CXX=clang++ cmake -S . -B $fuzz_tree -G Ninja -DCMAKE_BUILD_TYPE=Debug -DGGP_FUZZ=ON >/dev/null
}
