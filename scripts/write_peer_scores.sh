#!/usr/bin/env bash
# Scores the peers (docs/peer.md) on the test set through the external-program protocol, once,
# and keeps each document of `vibro testset run --json` as reference/peers/NAME.json, and of
# `vibro converge --json` on the report's work-precision cases of the impact oscillator as
# reference/peers/work_precision/NAME--CASE.json, which `vibro report` shows beside the schemes it
# runs itself. A peer whose library or program is
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
# each refuses the others' models), its ladder (tolerance: the default tolerance ladder, each
# rung's tolerance in the problem, docs/own_scheme.md "Tolerance ladders"; step: the problem's
# step sizes), the command scored.
declare -a names needs handled ladders commands
add() { names+=("$1"); needs+=("$2"); handled+=("$3"); ladders+=("$4"); commands+=("$5"); }
one_coordinate="VI-01 VI-02 VI-03 VI-04 VI-05 VI-06 VI-07 VI-08"
add scipy-dop853 "/usr/bin/python3 -c 'import scipy'" "$one_coordinate" tolerance \
  "/usr/bin/python3 examples/peers/scipy_event_driven.py --method DOP853"
add scipy-radau "/usr/bin/python3 -c 'import scipy'" "$one_coordinate" tolerance \
  "/usr/bin/python3 examples/peers/scipy_event_driven.py --method Radau"
add odeint-event-driven "test -x $peers/peer_odeint_event_driven" "$one_coordinate" tolerance \
  "$peers/peer_odeint_event_driven"
add fortran-moreau-jean "test -x $peers/peer_moreau_jean" "VI-02 VI-03 VI-04 VI-05 VI-06" step "$peers/peer_moreau_jean"

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
  by_tolerance=()
  if [ "${ladders[$i]}" = tolerance ]; then by_tolerance=(--by-tolerance); fi
  "$vibro" --json --quiet testset run "${problems[@]}" --scheme-command "${commands[$i]}" --scheme-name "$name" \
    "${by_tolerance[@]}" --timing-repeats 1 > "reference/peers/$name.json.new"
  mv "reference/peers/$name.json.new" "reference/peers/$name.json"
  # The report's work-precision problems of the impact oscillator, which every peer handles: an
  # event-driven peer over the tolerance ladder at the case's step (its output's spacing), a
  # time-stepping one over a shorter ladder of steps (the case's finest, 4e7 steps, would cost
  # minutes of output for nothing the coarser ones do not show).
  mkdir -p reference/peers/work_precision vibro-out/peer_ladders
  for study in periodic_ps_centered:"1000, 4000, 16000, 64000" chaotic_ps_centered:"100, 400, 1600, 6400"; do
    file=${study%%:*} ladder=${study#*:}
    sed "s/^steps_per_period = \[.*\]/steps_per_period = [$ladder]/" "cases/work_precision/$file.toml" \
      > "vibro-out/peer_ladders/$file.toml"
    if [ "${ladders[$i]}" = tolerance ]; then
      echo "  studying $name on $file over the tolerance ladder" >&2
    else
      echo "  studying $name on $file ($ladder steps per period)" >&2
    fi
    "$vibro" --json --quiet converge "vibro-out/peer_ladders/$file.toml" --scheme-command "${commands[$i]}" \
      --scheme-name "$name" "${by_tolerance[@]}" --timing-repeats 1 \
      > "reference/peers/work_precision/$name--$file.json.new"
    mv "reference/peers/work_precision/$name--$file.json.new" "reference/peers/work_precision/$name--$file.json"
  done
done
