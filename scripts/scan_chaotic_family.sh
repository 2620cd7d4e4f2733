#!/usr/bin/env bash
# Scans the impact oscillator u'' + 2αu' + u = a cos ωt, u ≥ u_min, for chaotic members of
# the Lyapunov family (cases/README.md "The chaotic family"): IDED (exact derivative of the
# exact-detection reference, seed 001 §4) over 3000 periods in double, with every setting
# seed 001 §5 prints (ω = 50, e = 0.5, u0 = 0, v0 = 0.1). A member is chaotic when λ1 > 0
# with a defined exact derivative, also from v0 × (1 ± 1e-3) (columns 6 and 7: a positive λ1
# that a nearby start does not share is a long transient, not a chaotic attractor).
#
#   scripts/scan_chaotic_family.sh [ALPHAS] [AMPLITUDES] [U_MINS]
#
# Each argument is a space-separated list (defaults below); prints one line per point:
#   alpha a u_min lambda1 lambda2 lambda1(v0=0.0999) lambda1(v0=0.1001)
# ("undefined: why" when the exact derivative is not defined: grazing, sticking). Each IDED
# run takes milliseconds. Run from the repository root after a build.
set -euo pipefail
cd "$(dirname "$0")/.."
vibro=./build/release/src/vibro
alphas=${1:-"0.3 0.5 0.9 1.5 2 3"}
amplitudes=${2:-"1500 2500 4000"}
u_mins=${3:-"0 -0.2 -0.5"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The value of "key   value" in the text output of `vibro lyapunov` (first word after the key).
field() { awk -v k="$1" '$1 == k { print $2; exit }'; }

ided() {  # alpha a u_min v0 → "lambda1 lambda2" or "undefined"
  cat > "$work/c.toml" <<EOF
[case]
name = "scan"
[model]
type = "impact-oscillator"
alpha = $1
a = $2
omega = 50
u_min = $3
e = 0.5
[initial]
u0 = 0
v0 = $4
[scheme]
type = "reference"
[horizon]
periods = 3000
[lyapunov]
EOF
  local out
  out=$("$vibro" lyapunov "$work/c.toml" --quiet)
  if grep -q '^undefined' <<<"$out"; then echo "undefined"; return; fi
  echo "$(field lambda1 <<<"$out") $(field lambda2 <<<"$out")"
}

echo "# alpha a u_min lambda1 lambda2 lambda1(v0=0.0999) lambda1(v0=0.1001)"
for alpha in $alphas; do
  for a in $amplitudes; do
    for u_min in $u_mins; do
      read -r l1 l2 <<<"$(ided "$alpha" "$a" "$u_min" 0.1)"
      if [[ $l1 == undefined ]]; then echo "$alpha $a $u_min undefined"; continue; fi
      read -r below _ <<<"$(ided "$alpha" "$a" "$u_min" 0.0999)"
      read -r above _ <<<"$(ided "$alpha" "$a" "$u_min" 0.1001)"
      echo "$alpha $a $u_min $l1 $l2 $below $above"
    done
  done
done
