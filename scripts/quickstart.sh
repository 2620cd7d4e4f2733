#!/usr/bin/env bash
# The README's two quick-start commands:
#   ./scripts/quickstart.sh report   set up, build, and run `vibro report` on the shipped cases
#   ./scripts/quickstart.sh test     set up, build, and run the whole test suite through ctest,
#                                    then about a minute of fuzzing of the input parsers
# "Set up" installs the Debian packages the build needs when any is missing (as root, or
# through sudo), so both work on a fresh Debian machine.
set -euo pipefail

usage() { echo "usage: $0 report|test" >&2; exit 2; }
[ $# -eq 1 ] || usage
job=$1
case "$job" in report|test) ;; *) usage ;; esac

cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ pkg-config
  libboost-dev libmpfr-dev libgmp-dev libfmt-dev
  libtomlplusplus-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev libeigen3-dev
  gnuplot-nox help2man
  libcmark-gfm-dev libcmark-gfm-extensions-dev chromium
  ccache
  libsiconos-kernel-dev
  python3-jsonschema
  python3-dev python3-pybind11 python3-numpy python3-pytest python3-scipy python3-pandas
  python3-skbuild python3-build python3-wheel mypy
  libflint-arb-dev python3-mpmath
  libopenmpi-dev openmpi-bin
  clang libclang-rt-14-dev
  gfortran
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing missing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake --preset release

case "$job" in
  report)
    cmake --build --preset release
    ./build/release/src/vibro report --cases cases --out reports
    ;;
  test)
    # What the tests run (the library, the executable, the test programs), not the benchmarks.
    cmake --build --preset release --target vibro_tests
    ctest --preset release
    # The fuzz target is its own clang configuration (fuzz/README.md), run for about a minute.
    if command -v clang++ > /dev/null; then
      cmake --preset fuzz
      cmake --build --preset fuzz
      ctest --test-dir build/fuzz -L fuzz --output-on-failure --no-tests=error
    fi
    ;;
esac
