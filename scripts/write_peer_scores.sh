#!/usr/bin/env bash
# Scores the peers (docs/peer.md) on the test set through the external-program protocol, once,
# and keeps each document of `vibro testset run --json` as reference/peers/NAME.json, which
# `vibro report` shows beside the schemes it runs itself. A peer whose library or program is
# missing is skipped with the reason (its old document, if any, is kept).
# Usage: scripts/write_peer_scores.sh [NAME …]   (default: every peer)
# Needs the build's executable and peers (cmake --build --preset release) and, for SciPy,
# Debian's python3-scipy for /usr/bin/python3.
set -euo pipefail
cd "$(dirname "$0")/.."
vibro=./build/release/src/vibro
peers=./build/release/examples/peers
mkdir -p reference/peers

# NAME, what it needs (a command that succeeds when it is there), the problems it handles (the
# event-driven peers: the one-coordinate models; the Fortran Moreau–Jean: the impact oscillator;
# each refuses the others' models), the command scored.
declare -a names needs handled commands
add() { names+=("$1"); needs+=("$2"); handled+=("$3"); commands+=("$4"); }
one_coordinate="VI-01 VI-02 VI-03 VI-04 VI-05 VI-06 VI-07 VI-08"
add scipy-dop853 "/usr/bin/python3 -c 'import scipy'" "$one_coordinate" \
  "/usr/bin/python3 examples/peers/scipy_event_driven.py --method DOP853"
add scipy-radau "/usr/bin/python3 -c 'import scipy'" "$one_coordinate" \
  "/usr/bin/python3 examples/peers/scipy_event_driven.py --method Radau --rtol 1e-10 --atol 1e-10"
add odeint-event-driven "test -x $peers/peer_odeint_event_driven" "$one_coordinate" "$peers/peer_odeint_event_driven"
add fortran-moreau-jean "test -x $peers/peer_moreau_jean" "VI-02 VI-03 VI-04 VI-05 VI-06" "$peers/peer_moreau_jean"

for i in "${!names[@]}"; do
  name=${names[$i]}
  if [ $# -gt 0 ] && [[ ! " $* " == *" $name "* ]]; then continue; fi
  if ! eval "${needs[$i]}" > /dev/null 2>&1; then
    echo "skipped $name: needs ${needs[$i]}" >&2
    continue
  fi
  echo "scoring $name on ${handled[$i]}: ${commands[$i]}" >&2
  problems=()
  for id in ${handled[$i]}; do problems+=(--problem "$id"); done
  "$vibro" --json --quiet testset run "${problems[@]}" --scheme-command "${commands[$i]}" --scheme-name "$name" \
    --timing-repeats 1 > "reference/peers/$name.json.new"
  mv "reference/peers/$name.json.new" "reference/peers/$name.json"
done
