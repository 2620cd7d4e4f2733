#!/usr/bin/env bash
# Regenerates the computed Lyapunov goldens of tests/golden/lyapunov/ (issue 5, item 5):
# each is written by `vibro lyapunov CASE --write-golden FILE`, never by hand, and records
# the command that wrote it. Run from the repository root after a build; takes a few minutes.
# --force: the goldens it rewrites exist (vibro refuses to replace a file without it).
#   short horizon: MPFR at 50 and 70 digits, stored to the 25 digits they must share;
#   long horizon: the case's run, with its 95 % uncertainty (batch means and an ensemble of
#   8 nearby starts, `vibro lyapunov --ensemble`) as tolerance.
# The T/40000 case runs its short horizon over 10 periods (MPFR steps are costly).
set -euo pipefail
cd "$(dirname "$0")/.."
vibro=./build/release/src/vibro
out=tests/golden/lyapunov
mkdir -p "$out"
for name in ided idnd idp nsnd_small_epsilon insp cnsp; do
  "$vibro" lyapunov "cases/lyapunov/$name.toml" --write-golden "$out/$name.json" --force
done
"$vibro" lyapunov cases/lyapunov/nsnd_3h.toml --write-golden "$out/nsnd_3h.json" --force \
  --golden-periods 10
