#!/usr/bin/env python3
"""The pre-declared equivalence test of issue 43 item 4 (results/predeclared_stop52.txt;
docs/studies/integrator/README.md §10-14): two one-sided tests at +-5 % on the summed <A_p>
ratio tested/explicit, i.e. its 90 % interval inside [0.95, 1.05], at the declared case counts
(stop 52: 1 m/s seed indices 0-47, 10 m/s 0-79, 50 m/s 0-239; stop 57: 48-95, 80-219,
240-639), with the 95 % interval beside it.

Every records file of a velocity in results/ is pooled (each case (pressure, beta, seed index)
once). 2000 (stop 52) or 20000 (stop 57) bootstrap replicates over seed indices (the six (p, beta) cases of a seed index
share its surfaces and placement, so they are resampled together; only seed indices with all
six cases in both runs enter), percentile intervals (Hyndman & Fan definition 7); the same over
cases for comparison with the example's summaries. A velocity whose declared seed indices are
not all present is reported as incomplete, not tested. Each line ends with the test's own power
at its counts: the chance that an integrator with no bias at all passes, from the bootstrap's
standard error (set mostly by the chaos of the paired runs after they diverge, section 11).

    python3 docs/studies/integrator/declared_tost.py [--label inertial_ev3] [--records DIR]
        [--first-seed N] [--rng-seeds N] [--declaration stop52|stop57]

(--declaration stop57: the powered test on fresh seed indices of stop 57, 1 m/s 48-95, 10 m/s
80-219, 50 m/s 240-639, 20000 replicates; the default is the first declaration's counts.)

(--first-seed: the unseen part of a declared test whose first seed indices had been seen.)
"""
import argparse
import glob
import math
import os
import random

from study_records import percentile, read_records

# Each declaration: velocity [m/s], first and last seed index; bootstrap replicates.
DECLARATIONS = {
    # Stop 52/55/56: the first counts, on the seed indices that earlier studies had begun.
    "stop52": ([(1, 0, 47), (10, 0, 79), (50, 0, 239)], 2000),
    # Stop 57: fresh seed indices at 95 % power (bootstrap standard error <= 0.0139).
    "stop57": ([(1, 48, 95), (10, 80, 219), (50, 240, 639)], 20000),
}
MARGIN = 0.05  # the declared equivalence margin: +-5 % on the ratio
Z90 = 1.6449  # the normal quantile of a one-sided 95 % bound (each side of the 90 % interval)

ap = argparse.ArgumentParser()
ap.add_argument("--label", default="inertial_ev3")
ap.add_argument(
    "--declaration",
    default="stop52",
    choices=sorted(DECLARATIONS),
    help="which declared counts (results/predeclared_stop52.txt): stop52 for ev3/a05/a025, "
    "stop57 for the fresh seed indices of inertial_a05_rh",
)
ap.add_argument("--records", default=None, help="directory of the records (default: results/)")
ap.add_argument("--first-seed", type=int, default=0, help="only seed indices from this one on")
ap.add_argument(
    "--rng-seeds",
    type=int,
    default=0,
    help="also rerun the cluster bootstrap with this many other generator seeds (2, 3, ...): "
    "the spread of the 90 %% bounds and how many of them pass (the bootstrap's own error)",
)
args = ap.parse_args()
here = args.records or os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
DECLARED, REPLICATES = DECLARATIONS[args.declaration]


def load(pattern):
    paths = sorted(glob.glob(os.path.join(here, pattern)))
    return {k: r["result"]["mean_ap"] for k, r in read_records(paths).items()}


def cluster_replicate(rnd, seeds, sums):
    """One replicate of the bootstrap over seed indices: the summed ratio of a resample, from
    each seed index's (tested, reference) sums."""
    picks = [seeds[rnd.randrange(len(seeds))] for _ in seeds]
    return sum(sums[s][0] for s in picks) / sum(sums[s][1] for s in picks)


for v, first, last in DECLARED:
    first = max(first, args.first_seed)
    ref = load(f"s*_v{v}_explicit_records.jsonl*")
    new = load(f"s*_v{v}_{args.label}_records.jsonl*")
    keys = [k for k in set(ref) & set(new) if first <= k[2] <= last]
    by_seed = {}
    for k in keys:
        by_seed.setdefault(k[2], []).append(k)
    seeds = sorted(s for s, ks in by_seed.items() if len(ks) == 6)
    # Sorted, so that the over-cases bootstrap does not follow the set's order (which moves
    # when other records are added to results/).
    keys = [k for s in seeds for k in sorted(by_seed[s])]
    if last < first:
        continue
    if len(seeds) < last + 1 - first:
        print(
            f"{v} m/s: incomplete, {len(seeds)} of {last + 1 - first} declared seed "
            f"indices ({first}-{last}) present"
        )
        continue
    ratio = sum(new[k] for k in keys) / sum(ref[k] for k in keys)
    sums = {s: (sum(new[k] for k in by_seed[s]), sum(ref[k] for k in by_seed[s])) for s in seeds}
    rnd = random.Random(1)
    clusters, cases = [], []
    for _ in range(REPLICATES):
        clusters.append(cluster_replicate(rnd, seeds, sums))
        ks = [keys[rnd.randrange(len(keys))] for _ in keys]
        cases.append(sum(new[k] for k in ks) / sum(ref[k] for k in ks))
    lo90, hi90 = percentile(clusters, 0.05), percentile(clusters, 0.95)
    verdict = "PASS" if 1 - MARGIN <= lo90 and hi90 <= 1 + MARGIN else "FAIL"
    # The test's own power: the chance that an unbiased integrator (true ratio 1) passes, with
    # the bootstrap's standard error and a normal ratio: |ratio - 1| <= MARGIN - z90 * se.
    mean = sum(clusters) / len(clusters)
    se = math.sqrt(sum((c - mean) ** 2 for c in clusters) / (len(clusters) - 1))
    power = max(0.0, math.erf((MARGIN - Z90 * se) / se / math.sqrt(2)))
    print(
        f"{v} m/s, {len(keys)} cases on {len(seeds)} seed indices ({first}-{last}): "
        f"summed <A_p> ratio {ratio:.3f}; "
        f"over seed indices 90 % [{lo90:.4f}, {hi90:.4f}] -> TOST +-5 % {verdict}, "
        f"95 % [{percentile(clusters, 0.025):.3f}, {percentile(clusters, 0.975):.3f}]; "
        f"over cases 95 % [{percentile(cases, 0.025):.3f}, {percentile(cases, 0.975):.3f}]; "
        f"standard error {se:.4f}: an unbiased integrator passes with probability {power:.2f}"
    )
    if args.rng_seeds:
        bounds = []
        for g in range(2, 2 + args.rng_seeds):
            rg = random.Random(g)
            reps = [cluster_replicate(rg, seeds, sums) for _ in range(REPLICATES)]
            bounds.append((percentile(reps, 0.05), percentile(reps, 0.95)))
        passes = sum(1 - MARGIN <= lo and hi <= 1 + MARGIN for lo, hi in bounds)
        print(
            f"    {args.rng_seeds} other generator seeds: lower 90 % bound "
            f"{min(b[0] for b in bounds):.4f}-{max(b[0] for b in bounds):.4f}, upper "
            f"{min(b[1] for b in bounds):.4f}-{max(b[1] for b in bounds):.4f}; TOST passes under "
            f"{passes} of {args.rng_seeds}"
        )
