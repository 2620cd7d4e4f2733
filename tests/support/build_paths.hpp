#pragma once
// Where a test finds the source tree's files and the programs the build made. The paths are
// defined in a file CMake writes into the build tree (build_paths.cpp, tests/CMakeLists.txt),
// not given as -D definitions: a test program's compile line and preprocessed text then name
// no absolute path, so ccache serves it from the cache in a clone at any other path.

namespace test_paths {

extern const char* const source_dir;     ///< the source tree (the README's directory)
extern const char* const cases_dir;      ///< source_dir/cases
extern const char* const test_data_dir;  ///< source_dir/tests/data
extern const char* const golden_dir;     ///< source_dir/tests/golden
extern const char* const published_dir;  ///< source_dir/reference/published

extern const char* const vibro_executable;     ///< the `vibro` command line program
extern const char* const example_c_program;    ///< examples/external/paoli_schatzman.c, built
extern const char* const peer_odeint_program;  ///< examples/peers/odeint_event_driven.cpp, built
/// examples/peers/moreau_jean.f90, built; empty when no Fortran compiler was found (then
/// VIBRO_WITH_PEER_MOREAU_JEAN is not defined).
extern const char* const peer_moreau_jean_program;

}  // namespace test_paths
