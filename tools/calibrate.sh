#!/usr/bin/env bash
# Level calibration: every level against the level below, sides alternating, in every game.
# Usage: [PAIRS="easy:medium ..."] tools/calibrate.sh [GAMES_PER_PAIR] [BUDGET_SCALE] [GAME ...]
# BUDGET_SCALE multiplies every level's own budget (easy 0.3 s ... master 4 s), the same
# factor for all, so that the levels keep their ratios.
# A pair may name one of Earthen Cannon's outsiders (crates/engine/src/ai/outsiders.rs:
# material, mobility, shuttle; players built on other ideas than ours), e.g.
# PAIRS="material:master mobility:master" tools/calibrate.sh 40 0.125 cannon: those games
# go through examples/tune.rs's duel (sides alternating, two random plies, 300-ply cut).
# Prints a Markdown table: the upper level's share of the decisive games must be >= 75%.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
export QIPAN_BUDGET_SCALE=${2:-0.1}
shift $(($# < 2 ? $# : 2))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  # Every game and option, from the engine's registry (Variant::ALL), so that a new game is
  # calibrated without touching this script.
  mapfile -t variants < <(cargo run --release --quiet -p qipan-engine --example games)
fi
half=$((games / 2))
cargo build --release --quiet -p qipan-cli
cli=target/release/qipan-cli

tally() { tail -n 1 | awk '{print $2, $4, $6}'; }
is_level() { case $1 in easy | medium | hard | master) true ;; *) false ;; esac; }
tune=

echo "| game | pair | upper wins | lower wins | draws | upper share of decisive | budget scale |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
for game in "${variants[@]}"; do
  for pair in ${PAIRS:-easy:medium medium:hard hard:master}; do
    lower=${pair%%:*}
    upper=${pair##*:}
    if ! is_level "$lower" || ! is_level "$upper"; then
      if [ -z "$tune" ]; then
        cargo build --release --quiet -p qipan-engine --example tune
        tune=target/release/examples/tune
      fi
      # "U vs L: W wins, L losses (N lost by the opening), D other; ..."
      read -r up low draws < <($tune duel "$game" "$upper" "$lower" --games "$games" \
        --scale "$QIPAN_BUDGET_SCALE" --opening 2 | tail -n 1 |
        sed -E 's/.*: ([0-9]+) wins, ([0-9]+) losses .*, ([0-9]+) other;.*/\1 \2 \3/')
      decisive=$((up + low))
      share=$(awk -v u="$up" -v d="$decisive" 'BEGIN { if (d == 0) print "-"; else printf "%.0f%%", 100 * u / d }')
      echo "| $game | $upper vs $lower | $up | $low | $draws | $share | $QIPAN_BUDGET_SCALE |"
      continue
    fi
    # Upper level as x, then as o.
    read -r ux uo ud < <($cli match "$game" --x "$upper" --o "$lower" --games "$half" \
      --seed 1 | tally)
    read -r lx lo ld < <($cli match "$game" --x "$lower" --o "$upper" --games "$half" \
      --seed 2 | tally)
    up=$((ux + lo))
    low=$((uo + lx))
    draws=$((ud + ld))
    decisive=$((up + low))
    share=$(awk -v u="$up" -v d="$decisive" 'BEGIN { if (d == 0) print "-"; else printf "%.0f%%", 100 * u / d }')
    echo "| $game | $upper vs $lower | $up | $low | $draws | $share | $QIPAN_BUDGET_SCALE |"
  done
done
