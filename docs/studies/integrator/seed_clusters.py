#!/usr/bin/env python3
"""Paired statistics of the integrator study with the seed index as the resampled cluster
(docs/studies/integrator/README.md §4).

The example `integrator_equivalence` resamples cases (each case its own cluster). Cases that
share a seed index share the surfaces and the flake placement, so they may not be independent;
this script recomputes the same statistics from its records files with two bootstraps: over
cases (as the example) and over seed indices (every case of a drawn seed index enters with
the draw's count). Only seed indices with the complete (p, beta) factorial in both files are
used. 2000 replicates, 95 % percentile intervals (Hyndman & Fan definition 7, as
`numerics/percentile.rs`); Python's Mersenne Twister, so the case-bootstrap interval differs
from the example's in the last digits (other draws).

alpha: Eq. 23 of seed 000 through the origin over the (p, beta) group means, x = beta_realised
* p / E*, y = <A_p>, as `fit/bootstrap.rs` `Clustered::alpha`.

    python3 docs/studies/integrator/seed_clusters.py REFERENCE.jsonl[.gz] TESTED.jsonl[.gz]
        [--e-star 55e9] [--seeds 0,1,2] [--earlier]

--earlier adds the 18 cases of §1 (seed indices 0-2, quick preset: the same surfaces and
placements as seed indices 0-2 under `sweep.seeds = 12; sweep.surfaces = 12`) from
results/v0.08_overdamped_cases.csv (<A_p>) and results/histories.csv (runs `explicit` and
`overdamped_default`: blocked counts), for seed indices not in the records files. Their
beta_realised is taken from the records files, where it must be one value per nominal beta
(it is the flakes' area fraction, fixed by their number, `meso/run.rs`).
"""
import argparse
import csv
import gzip
import json
import os
import random
from collections import defaultdict

REPLICATES = 2000
CONFIDENCE = 0.95

ap = argparse.ArgumentParser()
ap.add_argument("reference")
ap.add_argument("tested")
ap.add_argument("--e-star", type=float, default=55e9, help="E* [Pa] (the quick preset's)")
ap.add_argument("--seeds", default=None, help="only these seed indices (comma-separated)")
ap.add_argument("--earlier", action="store_true", help="add the 18 cases of section 1")
args = ap.parse_args()


def load(path):
    out = {}
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)["record"]
                c = r["result"]["case"]
                out[(c["pressure"], c["beta"], c["seed_index"])] = r
    return out


ref, new = load(args.reference), load(args.tested)


def add_earlier():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
    realised = defaultdict(set)
    for r in list(ref.values()) + list(new.values()):
        realised[r["result"]["case"]["beta"]].add(r["result"]["beta_realised"])
    if any(len(v) != 1 for v in realised.values()):
        raise SystemExit(f"beta_realised is not one value per beta: {dict(realised)}")
    blocked = defaultdict(list)  # (run, case) -> [(step, blocked)]
    with open(os.path.join(here, "histories.csv")) as f:
        for r in csv.DictReader(f):
            if r["velocity"] == "0.08" and r["run"] in ("explicit", "overdamped_default"):
                blocked[(r["run"], int(r["case"]))].append((int(r["step"]), int(r["blocked"])))
    # seed indices complete in both files (a chunk stopped part-way leaves some cases only)
    per_seed = defaultdict(int)
    for k in set(ref) & set(new):
        per_seed[k[2]] += 1
    present = {s for s, n in per_seed.items() if n == max(per_seed.values())}
    with open(os.path.join(here, "v0.08_overdamped_cases.csv")) as f:
        for r in csv.DictReader(f):
            p, b, s = float(r["p_Pa"]), float(r["beta"]), int(r["seed_index"])
            if s in present:
                continue
            ref.pop((p, b, s), None)
            new.pop((p, b, s), None)
            for recs, col, run in [(ref, "ap_explicit", "explicit"), (new, "ap_new", "overdamped_default")]:
                hist = [{"blocked": n} for _, n in sorted(blocked[(run, int(r["case"]))])]
                recs[(p, b, s)] = {
                    "result": {"mean_ap": float(r[col]), "beta_realised": next(iter(realised[b]))},
                    "history": hist,
                }


if args.earlier:
    add_earlier()
keys = sorted(set(ref) & set(new))
groups = sorted({(p, b) for p, b, _ in keys})
seeds = sorted({s for _, _, s in keys if all((p, b, s) in ref and (p, b, s) in new for p, b in groups)})
if args.seeds:
    wanted = {int(s) for s in args.seeds.split(",")}
    seeds = [s for s in seeds if s in wanted]
cases = [(p, b, s) for s in seeds for p, b in groups]


def percentile(values, q):
    v = sorted(values)
    h = (len(v) - 1) * q
    lo = int(h)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (h - lo) * (v[hi] - v[lo])


def interval(values):
    a = (1 - CONFIDENCE) / 2
    return percentile(values, a), percentile(values, 1 - a)


def summed_ratio(w):
    num = sum(w[k] * new[k]["result"]["mean_ap"] for k in cases)
    den = sum(w[k] * ref[k]["result"]["mean_ap"] for k in cases)
    return num / den


def alpha(recs, w):
    sxy = sxx = 0.0
    for p, b in groups:
        wx = wy = ww = 0.0
        for s in seeds:
            k = (p, b, s)
            c = w[k]
            if c:
                r = recs[k]["result"]
                wx += c * r["beta_realised"] * p / args.e_star
                wy += c * r["mean_ap"]
                ww += c
        if ww > 0:
            x, y = wx / ww, wy / ww
            sxy += x * y
            sxx += x * x
    return sxy / sxx if sxx > 0 else float("nan")


def draws(units, unit_of, rng):
    for _ in range(REPLICATES):
        counts = defaultdict(int)
        for _ in units:
            counts[rng.choice(units)] += 1
        yield {k: counts[unit_of(k)] for k in cases}


ones = {k: 1 for k in cases}
equal = total = 0
for k in cases:
    for a, b in zip(ref[k]["history"], new[k]["history"]):
        total += 1
        equal += a["blocked"] == b["blocked"]
print(f"{len(cases)} cases on {len(seeds)} seed indices ({seeds[0]}..{seeds[-1]}), {len(groups)} (p, beta) groups")
print(f"slide steps with equal blocked counts: {equal} of {total} ({100.0 * equal / total:.2f} %)")
print(f"summed <A_p> ratio: {summed_ratio(ones):.4f}")
print(f"alpha explicit {alpha(ref, ones):.4f}, tested {alpha(new, ones):.4f}, ratio {alpha(new, ones) / alpha(ref, ones):.4f}")
for name, units, unit_of in [
    ("cases", cases, lambda k: k),
    ("seed indices", seeds, lambda k: k[2]),
]:
    rng = random.Random(0)
    sr, ar = [], []
    for w in draws(units, unit_of, rng):
        sr.append(summed_ratio(w))
        ar.append(alpha(new, w) / alpha(ref, w))
    s, a = interval(sr), interval(ar)
    print(f"bootstrap over {name} ({len(units)}): summed A_p ratio CI [{s[0]:.4f}, {s[1]:.4f}], alpha ratio CI [{a[0]:.4f}, {a[1]:.4f}]")
