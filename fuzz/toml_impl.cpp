// toml++'s implementation for the fuzz build, compiled here from Debian's headers (they hold
// its whole source) with the sanitizers and its assertions on, in place of the compiled
// libtomlplusplus.so the library links: so the fuzzer sees toml++'s own undefined
// behaviour. Without NDEBUG, TOML_ASSERT_ASSUME is an assert() (impl/preprocessor.h:
// 1004-1016) instead of __builtin_assume, and UBSan reports a TOML_UNREACHABLE reached.
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
