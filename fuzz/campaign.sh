#!/bin/sh
# The fuzzing campaign: every harness one after another, at low priority, carrying on past
# failures (each distinct one is written to fuzz/work/crashes/<target>/).
# Usage: fuzz/campaign.sh [RUNS_PER_HARNESS] [HARNESS ...]   (default 1000000, all seven)
set -eu
cd "$(dirname "$0")"
PYTHON=${PYTHON:-../.venv/bin/python}
RUNS=${1:-1000000}
[ $# -gt 0 ] && shift
HARNESSES=${*:-sudoku_formats sudoku_variants takuzu_formats kakuro_formats moves dlx cli}
for name in $HARNESSES; do
    mkdir -p "work/$name" "work/crashes/$name"
    echo "== $name: $RUNS runs"
    nice -n 10 "$PYTHON" "fuzz_$name.py" -atheris_runs="$RUNS" -max_len=4096 -timeout=20 \
        -rss_limit_mb=2048 -print_final_stats=1 \
        -grille_keep_going="work/crashes/$name" "work/$name" "corpus/$name" \
        >"work/$name.log" 2>&1 || echo "$name exited with status $?"
    grep -E "^(FAILURE|Done)|stat::number_of_executed_units" "work/$name.log" || true
done
