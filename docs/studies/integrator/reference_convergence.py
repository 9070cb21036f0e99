#!/usr/bin/env python3
"""The explicit reference's own step convergence, and the tested integrator against it
(issue 43 item 4; docs/studies/integrator/README.md §12).

Item 4 measures the inertial integrator against the explicit reference at the reference's
default step. That is a test of equivalence with the model only if the reference itself is
converged in its step to well within the margin. This script reads three sets of records of the
example `integrator_equivalence` (JSON lines, plain or gzipped; several files per set are
merged, each case (pressure, beta, seed index) taken once):

- `--reference`: the explicit integrator at its default step;
- `--finer`: the explicit integrator at a shorter step (`dem.explicit_step = 0.5`), or under
  another of item 4's perturbations of the same size (`dem.explicit_inertia = 0.9`);
- `--tested`: the integrator under test;

and on the seed indices that have all six (pressure, beta) cases in all three sets prints:

- the summed <A_p> ratios finer/reference, tested/reference and tested/finer, each with a 95 %
  percentile interval from a bootstrap over seed indices (the six cases of a seed index share
  surfaces and placement, so they are resampled together; the three ratios of a replicate use
  the same resample, so they are paired);
- the first-divergence sign test (first_divergence.py) of each pair: the count of cases where
  the second run blocks more flakes than the first at the first slide step where they differ,
  against Binomial(n, 1/2);
- item 4's case level: the share of slide steps with equal blocked counts of tested and of
  finer against the reference, and their paired difference (finer minus tested: how far the
  tested integrator's agreement falls short of the reference's own under that perturbation)
  with its 95 % interval from the same bootstrap;
- beside it, each run's rms of ln(<A_p> ratio) against the reference over the cases where both
  are > 0 (a figure, not a bound: one case that takes another branch moves it).

    python3 docs/studies/integrator/reference_convergence.py --reference 'A*.jsonl.gz'
        --finer 'B*.jsonl.gz' --tested 'C*.jsonl.gz' [--bound 2]

With `--bound B` it also prints the verdict of a declared bound: PASS when the 95 % upper end
of finer minus tested is at most B points (§16 declares B = 2 against inertia x0.9).
"""
import argparse
import glob
import math
import random
import signal

from study_records import (
    binomial_two_sided,
    blocked_history,
    first_difference,
    percentile,
    read_records,
    rms_ln_ratio,
)

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output, not a traceback

REPLICATES = 2000
CASES_PER_SEED_INDEX = 6  # 3 pressures x 2 beta share one seed index's surfaces and flakes

ap = argparse.ArgumentParser()
ap.add_argument("--reference", required=True, help="glob of the explicit records")
ap.add_argument(
    "--finer", required=True, help="glob of the explicit records, shorter step or inertia x0.9"
)
ap.add_argument("--tested", required=True, help="glob of the tested integrator's records")
ap.add_argument(
    "--bound",
    type=float,
    help="declared bound in points on the 95%% upper end of finer minus tested "
    "(prints PASS or FAIL; §16 declares 2)",
)
args = ap.parse_args()
if args.bound is not None and not math.isfinite(args.bound):
    raise SystemExit(f"--bound must be a finite number of points, got {args.bound}")


def load(pattern):
    paths = sorted(glob.glob(pattern))
    if not paths:
        raise SystemExit(f"no records match {pattern!r}")
    return {k: (r["result"]["mean_ap"], blocked_history(r)) for k, r in read_records(paths).items()}


runs = {"reference": load(args.reference), "finer": load(args.finer), "tested": load(args.tested)}
common = set.intersection(*(set(r) for r in runs.values()))
by_seed = {}
for k in common:
    by_seed.setdefault(k[2], []).append(k)
seeds = sorted(s for s, ks in by_seed.items() if len(ks) == CASES_PER_SEED_INDEX)
if not seeds:
    raise SystemExit("no seed index has all six cases in the three sets")
keys = [k for s in seeds for k in by_seed[s]]
print(f"{len(keys)} cases on {len(seeds)} seed indices ({seeds[0]}-{seeds[-1]})")

PAIRS = [("finer", "reference"), ("tested", "reference"), ("tested", "finer")]


def ratio(a, b, ks):
    return sum(runs[a][k][0] for k in ks) / sum(runs[b][k][0] for k in ks)


def equal_steps(a, k):
    """(slide steps of case k where run a and the reference block equally, slide steps)."""
    x, y = runs[a][k][1], runs["reference"][k][1]
    return sum(p == q for p, q in zip(x, y)), min(len(x), len(y))


equal = {a: {k: equal_steps(a, k) for k in keys} for a in ("finer", "tested")}


def share(a, ks):
    return 100.0 * sum(equal[a][k][0] for k in ks) / sum(equal[a][k][1] for k in ks)


rnd = random.Random(1)
boot = {p: [] for p in PAIRS}
excess = []
for _ in range(REPLICATES):
    ks = [k for s in (seeds[rnd.randrange(len(seeds))] for _ in seeds) for k in by_seed[s]]
    for a, b in PAIRS:
        boot[(a, b)].append(ratio(a, b, ks))
    excess.append(share("finer", ks) - share("tested", ks))
for a, b in PAIRS:
    signs = [first_difference(runs[b][k][1], runs[a][k][1]) for k in keys]
    more = sum(1 for f in signs if f is not None and f[1] > 0)
    fewer = sum(1 for f in signs if f is not None and f[1] < 0)
    print(
        f"{a}/{b}: summed <A_p> ratio {ratio(a, b, keys):.3f} "
        f"[{percentile(boot[(a, b)], 0.025):.3f}, {percentile(boot[(a, b)], 0.975):.3f}]; "
        f"first difference: {a} blocks more in {more}, fewer in {fewer}, "
        f"p = {binomial_two_sided(more, more + fewer):.2g}"
    )


def rms_ln(a):
    """(rms of ln(<A_p> ratio) of run a against the reference, number of cases)."""
    return rms_ln_ratio((runs[a][k][0], runs["reference"][k][0]) for k in keys)


lower, upper = percentile(excess, 0.025), percentile(excess, 0.975)
print(
    f"equal blocked counts against the reference: finer {share('finer', keys):.2f} %, "
    f"tested {share('tested', keys):.2f} %; finer minus tested "
    f"{share('finer', keys) - share('tested', keys):+.2f} points [{lower:+.2f}, {upper:+.2f}]"
)
if args.bound is not None:
    verdict = "PASS" if upper <= args.bound else "FAIL"
    print(f"declared bound: 95 % upper end {upper:+.2f} <= {args.bound:+.2f} points: {verdict}")
(rf, nf), (rt, nt) = rms_ln("finer"), rms_ln("tested")
print(
    f"rms ln <A_p> ratio against the reference: finer {rf:.3f} ({nf} cases), "
    f"tested {rt:.3f} ({nt} cases)"
)
