"""Side-by-side timing of `contract-pin check` (a public-API set) for two binaries,
interleaved, cold (the copy's target dir removed) and warm, on pairs of published
releases from cargo's registry cache (fetch them first, e.g. by the real-world corpus).

    python3 benches/check_side_by_side.py BASELINE_BINARY NEW_BINARY [ROUNDS]

docs/BENCHMARKS.md quotes its table; absolute times do not travel, ratios in one run do.
"""
import os, shutil, subprocess, time, statistics, glob, sys, tempfile
REG = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/"))[0]
BINS = {"baseline": sys.argv[1], "new": sys.argv[2]}
PAIRS = [("itertools", "0.12.1", "0.13.0"), ("chrono", "0.4.37", "0.4.38"),
         ("serde_json", "1.0.117", "1.0.118"), ("petgraph", "0.6.4", "0.6.5"),
         ("tokio", "1.53.3", "1.54.1"), ("regex-syntax", "0.8.10", "0.8.11")]
ROOT = tempfile.mkdtemp(prefix="contract-pin-side-by-side-")
ENV = dict(os.environ, CONTRACT_PIN_GOLDEN_DIR="", CI="")
ENV.pop("CONTRACT_PIN_GOLDEN_DIR")

def prep(name, ver, where):
    d = os.path.join(ROOT, where)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(REG, f"{name}-{ver}"), d)
    with open(os.path.join(d, "Cargo.toml"), "a") as f:
        f.write("\n[workspace]\n")
    with open(os.path.join(d, "contract-pin.toml"), "w") as f:
        f.write("[set.api]\npublic_api = true\n")
    subprocess.run(["cargo", "generate-lockfile", "--offline"], cwd=d, capture_output=True)
    return d

def run(b, d):
    t = time.perf_counter()
    p = subprocess.run([BINS[b], "check", "--set", "api"], cwd=d, capture_output=True, env=ENV)
    return time.perf_counter() - t, p.returncode

dirs = {}
for name, old, new in PAIRS:
    for b in BINS:
        o = prep(name, old, f"{b}-{name}-old")
        subprocess.run([BINS[b], "update", "--set", "api"], cwd=o, capture_output=True, env=ENV)
        n = prep(name, new, f"{b}-{name}-new")
        shutil.rmtree(os.path.join(n, "golden"), ignore_errors=True)
        shutil.copytree(os.path.join(o, "golden"), os.path.join(n, "golden"))
        dirs[(name, b)] = n
times = {(p[0], b, k): [] for p in PAIRS for b in BINS for k in ("cold", "warm")}
codes = {}
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
for r in range(ROUNDS):
    for name, _, _ in PAIRS:
        for b in (BINS if r % 2 == 0 else list(BINS)[::-1]):
            d = dirs[(name, b)]
            shutil.rmtree(os.path.join(d, "target"), ignore_errors=True)
            t, c = run(b, d); times[(name, b, "cold")].append(t); codes[(name, b)] = c
            t, c = run(b, d); times[(name, b, "warm")].append(t)
print(f"load at end: {os.getloadavg()}")
shutil.rmtree(ROOT, ignore_errors=True)
print("| pair | cold baseline | cold new | ratio | warm baseline | warm new | ratio | exit codes |")
print("|---|---:|---:|---:|---:|---:|---:|---|")
allr = {"cold": [], "warm": []}
for name, old, new in PAIRS:
    row = [f"{name} {old} → {new}"]
    for k in ("cold", "warm"):
        a = statistics.median(times[(name, "baseline", k)]); c = statistics.median(times[(name, "new", k)])
        row += [f"{a:.3f}", f"{c:.3f}", f"{c/a:.2f}×"]; allr[k].append((a, c))
    row.append(f"{codes[(name,'baseline')]}/{codes[(name,'new')]}")
    print("| " + " | ".join(row) + " |")
for k in ("cold", "warm"):
    a = statistics.median([x for x, _ in allr[k]]); c = statistics.median([y for _, y in allr[k]])
    print(f"median of pair medians, {k}: baseline {a:.3f} s, new {c:.3f} s, ratio {c/a:.2f}×")
