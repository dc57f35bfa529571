#!/usr/bin/env bash
# Compile cost of pinning, against serde derive, on N generated structs.
#
# Run by hand (it is not part of `cargo test`, `cargo bench` or CI):
#
#     bash benches/compile_cost.sh            # N=500 structs, RUNS=7 rounds
#     N=200 RUNS=5 MODES="incremental" bash benches/compile_cost.sh
#     INSTRUCTIONS=1 bash benches/compile_cost.sh   # and rustc's instruction counts
#
# It generates one cargo workspace (outside this repository, so the repository's
# .cargo/config.toml does not apply) with five crates whose sources differ only in
# the attributes on the N structs:
#
#   plain         #[derive(Debug, Clone, PartialEq)]
#   serde         #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#   passthrough   an attribute macro that returns its item unchanged, over the
#                 plain derive: the floor any attribute macro pays
#   pin-golden    #[contract_pin::contract] over the plain derive, golden present
#   pin-nogolden  the same, no golden (a new user's first build)
#
# All five depend on the same crates (serde with derive, contract-pin by path, and
# the pass-through attribute's proc-macro crate in the same workspace), so
# the dependencies are built once, in a warm-up, and every measured build compiles
# only the crate itself:
#
#   clean        `cargo clean -p <crate>` (its artifacts and incremental state),
#                then `cargo build -p <crate>`
#   incremental  edit one of its ten source files (a const's value), then
#                `cargo build -p <crate>`: the edit-compile loop
#   check        the same edit, then `cargo check -p <crate>` (what an editor runs)
#
# Each round builds every variant once per mode, in an order that rotates from round
# to round, so background load falls on all variants alike. Each build's wall time
# and CPU time (user + sys of cargo and rustc, from /usr/bin/time; less sensitive
# to other processes than wall time) are recorded. The summary gives the medians
# per variant and the ratios asked by issue #9, from the medians and as the median
# of the per-round ratios:
#
#   pin/serde     (pin-golden - plain) / (serde - plain): pinning's overhead over
#                 serde derive's on the same structs            target <= 0.10
#   golden        pin-golden / pin-nogolden: the build with the compile-time golden
#                 check against the same build without one      target <= 1.03
#   golden/pin    (pin-golden - pin-nogolden) / (pin-nogolden - plain): the check
#                 as a share of pinning's own overhead (stricter; for information)
#   pin/pass      (pin-golden - plain) / (passthrough - plain): pinning's overhead
#                 in units of the least any attribute macro costs (for information)
#
# With INSTRUCTIONS=1 it then counts rustc's instructions (valgrind's callgrind) for
# one `cargo check` of each variant after an edit: the same ratios, free of load.
#
# Results: $WORK/results.csv (round,mode,variant,wall_ms,cpu_ms) and the summary.
# Only cargo, bash, awk and sort are used; nothing is downloaded beyond what cargo
# fetches for the generated crates' dependencies (already in the lock file).

set -euo pipefail

N=${N:-500}
RUNS=${RUNS:-7}
MODES=${MODES:-"clean incremental check"}
REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/contract-pin-compile-cost}
VARIANTS=(plain serde passthrough pin-golden pin-nogolden)

case "$WORK/" in
"$REPO"/*)
    echo "WORK must be outside the repository ($REPO): its .cargo/config.toml would apply" >&2
    exit 2
    ;;
esac

# A user's shell: no CI, no contract-pin variables, no cargo variables of a caller;
# run from the generated workspace so no other .cargo/config.toml applies.
run_cargo() (
    cd "$WORK/ws" && env -i PATH="$PATH" HOME="$HOME" \
        ${CARGO_HOME:+CARGO_HOME="$CARGO_HOME"} \
        ${RUSTUP_HOME:+RUSTUP_HOME="$RUSTUP_HOME"} \
        ${RUSTUP_TOOLCHAIN:+RUSTUP_TOOLCHAIN="$RUSTUP_TOOLCHAIN"} \
        CARGO_TARGET_DIR="$WORK/target" CARGO_TERM_COLOR=never \
        "$@"
)

attributes() {
    case "$1" in
    plain) echo '#[derive(Debug, Clone, PartialEq)]' ;;
    serde) echo '#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]' ;;
    passthrough) printf '%s\n%s\n' '#[cost_pass::pass]' '#[derive(Debug, Clone, PartialEq)]' ;;
    pin-*) printf '%s\n%s\n' '#[contract_pin::contract]' '#[derive(Debug, Clone, PartialEq)]' ;;
    esac
}

generate() {
    local variant=$1 dir="$WORK/ws/$1" modules=10 m i per
    per=$(((N + modules - 1) / modules))
    mkdir -p "$dir/src" "$dir/tests"
    cat >"$dir/Cargo.toml" <<EOF
[package]
name = "cost-$variant"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
contract-pin = { path = "$REPO" }
cost-pass = { path = "../pass" }
serde = { version = "1", features = ["derive"] }
EOF
    {
        echo "//! $N structs, variant \`$variant\`."
        for ((m = 0; m < modules; m++)); do echo "pub mod m$m;"; done
    } >"$dir/src/lib.rs"
    local attrs
    attrs=$(attributes "$variant")
    for ((m = 0; m < modules; m++)); do
        {
            echo "//! Module $m."
            echo
            echo "/// Edited by the incremental builds."
            echo "pub const EDITED: u32 = 0;"
            for ((i = m * per; i < (m + 1) * per && i < N; i++)); do
                cat <<EOF

/// Record $i.
$attrs
pub struct Record$i {
    /// Identifier.
    pub id: u64,
    /// Display name.
    pub name: String,
    /// Free tags.
    pub tags: Vec<String>,
    /// The parent record, if any.
    pub parent: Option<u64>,
    /// A score.
    pub score: f64,
    /// Whether it is active.
    pub active: bool,
}
EOF
            done
        } >"$dir/src/m$m.rs"
    done
    printf '%s\n' '#[test]' 'fn contract() {' '    contract_pin::assert_golden!("default");' '}' \
        >"$dir/tests/contract.rs"
}

# Times one build of $1 in mode $2; prints "wall_ms,cpu_ms".
measure() {
    local variant=$1 mode=$2 command=build
    case "$mode" in
    clean) run_cargo cargo clean -q -p "cost-$variant" ;;
    incremental | check)
        # `cargo clean -p` also drops the crate's check state: settle it first, so
        # the measured check is incremental too (a no-op when it already is).
        [ "$mode" = check ] && run_cargo cargo check -q -p "cost-$variant"
        # A real edit, different every time: rustc must re-run, macros re-expand.
        local file="$WORK/ws/$variant/src/m3.rs"
        sed -i "s/^pub const EDITED: u32 = [0-9]*;/pub const EDITED: u32 = $(date +%N);/" "$file"
        ;;
    esac
    [ "$mode" = check ] && command=check
    run_cargo /usr/bin/time -f '%e %U %S' -o "$WORK/time.txt" cargo "$command" -q -p "cost-$variant"
    awk '{printf "%d,%d\n", $1 * 1000, ($2 + $3) * 1000}' "$WORK/time.txt"
}

echo "== setup: $N structs per variant in $WORK"
rm -rf "$WORK/ws"
mkdir -p "$WORK/ws"
cat >"$WORK/ws/Cargo.toml" <<EOF
[workspace]
members = [$(printf '"%s", ' "${VARIANTS[@]}")"pass"]
resolver = "2"
EOF
# The pass-through attribute: it neither parses nor adds anything.
mkdir -p "$WORK/ws/pass/src"
cat >"$WORK/ws/pass/Cargo.toml" <<'EOF'
[package]
name = "cost-pass"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
proc-macro = true
EOF
cat >"$WORK/ws/pass/src/lib.rs" <<'EOF'
//! An attribute that returns its item unchanged.
use proc_macro::TokenStream;

/// Returns `item` unchanged.
#[proc_macro_attribute]
pub fn pass(_args: TokenStream, item: TokenStream) -> TokenStream {
    item
}
EOF
cp "$REPO/Cargo.lock" "$WORK/ws/Cargo.lock"
for v in "${VARIANTS[@]}"; do generate "$v"; done

echo "== warm-up: dependencies, then the golden of pin-golden"
for v in "${VARIANTS[@]}"; do run_cargo cargo build -q -p "cost-$v"; done
run_cargo env CONTRACT_PIN_UPDATE=1 cargo test -q \
    -p cost-pin-golden --test contract >/dev/null 2>&1
golden="$WORK/ws/pin-golden/golden/default-contract/cost-pin-golden.json"
test -s "$golden" || {
    echo "no golden written at $golden" >&2
    exit 1
}
run_cargo cargo test -q -p cost-pin-golden --test contract \
    >/dev/null 2>&1 || {
    echo "the golden does not match its crate" >&2
    exit 1
}
test ! -e "$WORK/ws/pin-nogolden/golden" || {
    echo "pin-nogolden must have no golden" >&2
    exit 1
}
# One unmeasured round, so file caches are warm for every variant and mode.
for mode in $MODES; do for v in "${VARIANTS[@]}"; do measure "$v" "$mode" >/dev/null; done; done

echo "== measuring: $RUNS rounds x modes ($MODES) x ${#VARIANTS[@]} variants"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
results="$WORK/results.csv"
echo "round,mode,variant,wall_ms,cpu_ms" >"$results"
for ((r = 1; r <= RUNS; r++)); do
    for mode in $MODES; do
        for ((k = 0; k < ${#VARIANTS[@]}; k++)); do
            v=${VARIANTS[$(((k + r) % ${#VARIANTS[@]}))]}
            echo "$r,$mode,$v,$(measure "$v" "$mode")" >>"$results"
        done
    done
    echo "round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -n | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
# Times of one variant in one mode; column 4 is wall time, 5 CPU time.
times_of() { awk -F, -v m="$1" -v v="$2" -v c="$3" '$2 == m && $3 == v {print $c}' "$results"; }
# Per-round value of an awk expression over the variants' times p, s, g, n.
per_round() {
    awk -F, -v m="$1" -v c="$2" 'NR > 1 && $2 == m {t[$1, $3] = $c; rounds[$1] = 1}
        END {for (r in rounds) {p = t[r, "plain"]; s = t[r, "serde"]; a = t[r, "passthrough"]; g = t[r, "pin-golden"]; n = t[r, "pin-nogolden"]; print '"$3"'}}' "$results"
}
# The four ratios from the times of plain, serde, pin-golden, pin-nogolden, passthrough.
ratios() {
    awk -v p="$1" -v s="$2" -v g="$3" -v n="$4" -v a="$5" 'BEGIN {printf "%.3f %.3f %.3f %.2f", (g - p) / (s - p), g / n, (g - n) / (n - p), (g - p) / (a - p)}'
}

for column in 4 5; do
    what=$([ "$column" = 4 ] && echo "wall time" || echo "CPU time (user+sys)")
    echo
    echo "N=$N structs, $RUNS rounds: median $what, ms"
    printf '%-12s %8s %8s %11s %11s %13s\n' mode plain serde passthrough pin-golden pin-nogolden
    for mode in $MODES; do
        printf '%-12s' "$mode"
        for v in "${VARIANTS[@]}"; do printf ' %8s' "$(times_of "$mode" "$v" "$column" | median)"; done
        echo
    done
    printf '%-12s %22s %22s %22s %22s\n' "ratios" "pin/serde (<= 0.10)" "golden (<= 1.03)" "golden/pin" "pin/pass"
    for mode in $MODES; do
        read -r a b c d <<<"$(ratios "$(times_of "$mode" plain "$column" | median)" \
            "$(times_of "$mode" serde "$column" | median)" \
            "$(times_of "$mode" pin-golden "$column" | median)" \
            "$(times_of "$mode" pin-nogolden "$column" | median)" \
            "$(times_of "$mode" passthrough "$column" | median)")"
        pa=$(per_round "$mode" "$column" '(g - p) / (s - p)' | median)
        pb=$(per_round "$mode" "$column" 'g / n' | median)
        pc=$(per_round "$mode" "$column" '(g - n) / (n - p)' | median)
        pd=$(per_round "$mode" "$column" '(g - p) / (a - p)' | median)
        printf '%-12s %9s (rounds %6.3f) %9s (rounds %6.3f) %9s (rounds %6.3f) %9s (rounds %6.2f)\n' \
            "$mode" "$a" "$pa" "$b" "$pb" "$c" "$pc" "$d" "$pd"
    done
done
echo
echo "(ratios: first from the medians above, in brackets the median of the per-round ratios)"

# Instruction counts: deterministic, so other processes on the machine do not blur
# them as they blur wall time. Opt in with INSTRUCTIONS=1 (needs valgrind).
[ "${INSTRUCTIONS:-0}" = 1 ] || exit 0
command -v valgrind >/dev/null || {
    echo "INSTRUCTIONS=1 needs valgrind" >&2
    exit 2
}
wrapper="$WORK/callgrind-rustc.sh"
cat >"$wrapper" <<'WRAPPER'
#!/usr/bin/env bash
# RUSTC_WRAPPER: rustc under callgrind for the cost_* crates when CALLGRIND_OUT is
# set, plain rustc otherwise (the same wrapper both ways, so cargo's fingerprints
# do not change between the settling build and the measured one).
rustc=$1
shift
case " $* " in
*" --crate-name cost_"*)
    if [ -n "${CALLGRIND_OUT:-}" ]; then
        exec valgrind --quiet --tool=callgrind --callgrind-out-file="$CALLGRIND_OUT" "$rustc" "$@"
    fi
    ;;
esac
exec "$rustc" "$@"
WRAPPER
chmod +x "$wrapper"
edit() {
    sed -i "s/^pub const EDITED: u32 = [0-9]*;/pub const EDITED: u32 = $(date +%N);/" "$WORK/ws/$1/src/m3.rs"
}
echo
echo "rustc instructions of \`cargo check -p cost-<variant>\` after one edit (callgrind):"
declare -A instructions
for v in "${VARIANTS[@]}"; do
    edit "$v"
    run_cargo env RUSTC_WRAPPER="$wrapper" cargo check -q -p "cost-$v"
    edit "$v"
    rm -f "$WORK/callgrind.$v"
    run_cargo env RUSTC_WRAPPER="$wrapper" CALLGRIND_OUT="$WORK/callgrind.$v" \
        cargo check -q -p "cost-$v"
    instructions[$v]=$(awk '/^(summary|totals):/ {print $2; exit}' "$WORK/callgrind.$v")
    printf '%-12s %14s\n' "$v" "${instructions[$v]}"
done
read -r a b c d <<<"$(ratios "${instructions[plain]}" "${instructions[serde]}" \
    "${instructions[pin-golden]}" "${instructions[pin-nogolden]}" "${instructions[passthrough]}")"
printf 'pin/serde %s (<= 0.10), golden %s (<= 1.03), golden/pin %s, pin/pass %s\n' "$a" "$b" "$c" "$d"
