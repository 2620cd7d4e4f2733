#!/usr/bin/env bash
# Recomputes the test set's stored reference values (reference/testset/ID.toml,
# docs/testset.md) with the built executable, recording the commit they are computed at.
# Usage: scripts/write_testset_references.sh [VI-xx …]   (default: every problem)
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse HEAD)
git diff --quiet HEAD -- src reference/vibro cases/testset || commit="$commit+uncommitted"
problems=()
for id in "$@"; do problems+=(--problem "$id"); done
./build/release/src/vibro testset reference "${problems[@]}" --out reference/testset --commit "$commit"
