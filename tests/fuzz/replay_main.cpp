// A libFuzzer target's LLVMFuzzerTestOneInput run on given inputs, for the builds without
// libFuzzer (gcc: the Release and sanitizer trees). Each argument is a file or a folder whose
// files are inputs. ctest replays the committed seeds and regression inputs of every target this
// way (tests/CMakeLists.txt: fuzz_replay_<target>), so each finding stays fixed; scripts/fuzz.sh
// does the fuzzing. A failing input crashes or aborts, as under libFuzzer; the last input named
// on stderr is the one.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

int run_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
    return 1;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fprintf(stderr, "replay: %s\n", path.c_str());
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  size_t inputs = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    std::vector<fs::path> files;
    if (fs::is_directory(arg)) {
      for (const fs::directory_entry& e : fs::directory_iterator(arg))
        if (e.is_regular_file()) files.push_back(e.path());
    } else {
      files.push_back(arg);
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      if (run_file(f) != 0) return 1;
      ++inputs;
    }
  }
  std::printf("replay: %zu inputs passed\n", inputs);
  return 0;
}
