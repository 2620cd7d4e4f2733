#!/usr/bin/env bash
# `mpirun -np 2 vibro sweep` (a coordinator and a worker) against the threaded run of the
# same sweep: every point's line must be the same but for its wall time; then a result file
# cut as a kill leaves it is resumed under MPI and must come out whole and equal again.
# Usage: sweep_mpi_test.sh VIBRO MPIRUN IDED_CASE WORK_DIR (tests/CMakeLists.txt, label
# mpi); IDED_CASE is the shipped cases/lyapunov/ided.toml, run here over 60 periods.
set -euo pipefail
vibro=$1 mpirun=$2 ided=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
cd "$work"

cat > s.sweep.toml <<SWEEP
[sweep]
name = "mpi"
case = "$ided"
compute = ["lyapunov", "impacts"]
[[parameter]]
key = "model.alpha"
from = 0.5
to = 1
count = 6
[[parameter]]
key = "model.u_min"
values = [0, "-0.1", "-0.2"]
[[parameter]]
key = "horizon.periods"
values = [60]
SWEEP

# As root OpenMPI refuses to start without these; --oversubscribe allows 2 ranks on 1 core.
mpi=("$mpirun" --allow-run-as-root --oversubscribe -np 2)

"$vibro" sweep s.sweep.toml --quiet --threads 2 --out threads.jsonl > /dev/null
"${mpi[@]}" "$vibro" sweep s.sweep.toml --quiet --out mpi.jsonl > mpi.out

compare() {
  python3 - "$1" "$2" <<'PY'
import json, sys
def points(name):
    lines = open(name).read().splitlines()
    header, out = json.loads(lines[0]), {}
    for line in lines[1:]:
        p = json.loads(line)
        p.pop("seconds")
        assert p["point"] not in out, f"{name}: point {p['point']} twice"
        out[p["point"]] = p
    return header, out
h1, a = points(sys.argv[1])
h2, b = points(sys.argv[2])
assert h1 == h2, "headers differ"
assert len(a) == h1["points"] == 18, f"{sys.argv[1]}: {len(a)} points"
assert a == b, "the points differ: " + str([k for k in a if a[k] != b.get(k)])
PY
}
compare threads.jsonl mpi.jsonl
grep -q "on 2 workers" mpi.out

# A kill's leftovers: the last two lines gone and the one before cut half-way.
head -n -3 mpi.jsonl > cut.jsonl
line=$(tail -n 3 mpi.jsonl | head -n 1)
printf '%s' "${line:0:40}" >> cut.jsonl
mv cut.jsonl mpi.jsonl
"${mpi[@]}" "$vibro" sweep s.sweep.toml --quiet --out mpi.jsonl > resumed.out
grep -q "3 computed now" resumed.out
compare threads.jsonl mpi.jsonl
echo "mpirun -np 2: 18 points equal to the threaded run's, and resumed after a cut"
