#!/usr/bin/env bash
# What pinning costs a user's cold build (issue #43): a generated library of N serde
# structs built cold, once with serde's derive only ("plain") and once with every
# struct also `#[contract_pin::contract]`, against one or more checkouts of this
# repository.
#
# Run by hand (not part of `cargo test`, `cargo bench` or CI):
#
#     bash benches/cold_cost.sh                       # this checkout, N=50, RUNS=2
#     PINS="before=/tmp/old-checkout after=." bash benches/cold_cost.sh
#
# Each build starts from an empty target directory (the registry is fetched once,
# before any is timed), so what it measures is what CI without a cache pays: the
# dependencies compiled for the host (serde_derive, syn; for a pinned library the
# macro crate and the core it links) and for the target. Rounds run every variant in
# turn, so background load falls on all alike; take the ratios, not the seconds.
# `cargo tree -e normal,no-proc-macro` of the pinned library is printed too.

set -euo pipefail

N=${N:-50}
RUNS=${RUNS:-2}
REPO=$(cd "$(dirname "$0")/.." && pwd)
PINS=${PINS:-"here=$REPO"}
WORK=${WORK:-${TMPDIR:-/tmp}/contract-pin-cold-cost}

case "$WORK/" in
"$REPO"/*)
    echo "WORK must be outside the repository ($REPO): its .cargo/config.toml would apply" >&2
    exit 2
    ;;
esac

run_cargo() (
    local dir=$1 target=$2
    shift 2
    cd "$dir" && env -i PATH="$PATH" HOME="$HOME" \
        ${CARGO_HOME:+CARGO_HOME="$CARGO_HOME"} \
        ${RUSTUP_HOME:+RUSTUP_HOME="$RUSTUP_HOME"} \
        CARGO_TARGET_DIR="$target" CARGO_TERM_COLOR=never \
        "$@"
)

# generate DIR PIN_PATH: the library, pinned when PIN_PATH is not empty.
generate() {
    local dir=$1 pin=$2 i
    rm -rf "$dir"
    mkdir -p "$dir/src"
    {
        printf '[package]\nname = "cold-cost"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n'
        printf '[dependencies]\nserde = { version = "1", features = ["derive"] }\n'
        [ -z "$pin" ] || printf 'contract-pin = { path = "%s" }\n' "$pin"
        printf '\n[workspace]\n'
    } >"$dir/Cargo.toml"
    {
        echo "//! $N records."
        for ((i = 0; i < N; i++)); do
            echo
            echo "/// Record $i."
            [ -z "$pin" ] || echo '#[contract_pin::contract]'
            echo '#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]'
            echo "pub struct Record$i {"
            echo '    /// Identifier.'
            echo '    pub id: u64,'
            echo '    /// Name.'
            echo '    pub name: String,'
            echo '    /// Tags.'
            echo '    pub tags: Vec<String>,'
            echo '    /// Parent.'
            echo '    pub parent: Option<u64>,'
            echo '    /// Score.'
            echo '    pub score: f64,'
            echo '}'
        done
    } >"$dir/src/lib.rs"
}

variants=("plain=")
for pin in $PINS; do variants+=("$pin"); done

for v in "${variants[@]}"; do
    label=${v%%=*}
    path=${v#*=}
    [ -z "$path" ] || path=$(cd "$path" && pwd)
    generate "$WORK/$label" "$path"
    run_cargo "$WORK/$label" "$WORK/target-$label" cargo generate-lockfile -q
    run_cargo "$WORK/$label" "$WORK/target-$label" cargo fetch -q
    if [ -n "$path" ]; then
        echo "== $label: cargo tree -e normal,no-proc-macro"
        run_cargo "$WORK/$label" "$WORK/target-$label" cargo tree -q -e normal,no-proc-macro --prefix none |
            sed 's/ (.*//' | sort -u | tr '\n' ' '
        echo
    fi
done

results=$WORK/results.csv
echo "round,mode,variant,seconds" >"$results"
for ((r = 1; r <= RUNS; r++)); do
    for mode in check "build --release"; do
        for v in "${variants[@]}"; do
            label=${v%%=*}
            rm -rf "$WORK/target-$label"
            start=$(date +%s.%N)
            # shellcheck disable=SC2086
            run_cargo "$WORK/$label" "$WORK/target-$label" cargo $mode -q
            end=$(date +%s.%N)
            secs=$(echo "$end - $start" | bc)
            echo "$r,$mode,$label,$secs" | tee -a "$results"
        done
    done
done

echo
echo "ratio to plain, per round (same mode):"
awk -F, 'NR > 1 { t[$1 "," $2 "," $3] = $4; if ($3 != "plain") pins[$3] = 1; rounds[$1] = 1; modes[$2] = 1 }
END {
    for (r in rounds) for (m in modes) for (p in pins)
        printf "round %s  %-16s %-10s %.2f\n", r, m, p, t[r "," m "," p] / t[r "," m ",plain"]
}' "$results" | sort
rm -rf "$WORK"/target-*
