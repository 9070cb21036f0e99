#!/usr/bin/env python3
"""Case-by-case agreement of the integrator study's runs (docs/studies/integrator/README.md §2).

Reads results/histories.csv (run, velocity, case, step, blocked, a_p: every slide step of every
run) and prints, for each run at 0.08 m/s, the share of slide steps with equal blocked-flake
counts and the rms of ln(<A_p> ratio) over the cases both runs share, against the explicit
reference and against a second reference (default: the tightest overdamped run).

    python3 docs/studies/integrator/self_convergence.py [--against RUN] [--velocity 0.08]
"""
import argparse
import csv
import os
from collections import defaultdict

from study_records import rms_ln_ratio

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--against", default="overdamped_tol0.005_adv0.25")
ap.add_argument("--velocity", default="0.08")
args = ap.parse_args()

runs = defaultdict(lambda: defaultdict(list))  # run -> case -> [(step, blocked, a_p)]
with open(os.path.join(here, "results", "histories.csv")) as f:
    for r in csv.DictReader(f):
        if r["velocity"] == args.velocity:
            runs[r["run"]][int(r["case"])].append((int(r["step"]), int(r["blocked"]), float(r["a_p"])))


def compare(a, b):
    common = sorted(set(runs[a]) & set(runs[b]))
    equal = total = 0
    means = []
    for c in common:
        x, y = sorted(runs[a][c]), sorted(runs[b][c])
        equal += sum(p[1] == q[1] for p, q in zip(x, y))
        total += len(x)
        mx, my = sum(p[2] for p in x) / len(x), sum(q[2] for q in y) / len(y)
        means.append((mx, my))
    rms, _ = rms_ln_ratio(means)
    return len(common), 100.0 * equal / max(total, 1), rms


print(f"| run | vs explicit: cases, equal blocked, rms ln A_p ratio | vs {args.against} |")
print("|---|---|---|")
for run in runs:
    a, b = compare(run, "explicit"), compare(run, args.against)
    print(f"| {run} | {a[0]}, {a[1]:.1f} %, {a[2]:.3f} | {b[0]}, {b[1]:.1f} %, {b[2]:.3f} |")
