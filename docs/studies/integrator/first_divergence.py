#!/usr/bin/env python3
"""The first-divergence sign test of the integrator study (docs/studies/integrator/README.md §11).

Two runs of one paired case agree slide step by slide step until a trajectory branches; from
there on they are two draws of a chaotic process, and their difference is noise that no
integrator can remove. The first slide step at which the blocked-flake counts differ is the
one place where the difference is still the integrators' own. This script reads the records
of a reference and a tested run (the JSON-lines files of the example `integrator_equivalence`,
plain or gzipped; several files per side are merged, each case (pressure, beta, seed index)
taken once), and for every paired case that diverges within the first N slide steps records
whether the tested run blocked more or fewer flakes there.

Under the null hypothesis "the tested integrator differs from the reference only by noise of
either sign", each diverging case is a fair coin: the count "more" is Binomial(n, 1/2). The
script prints both counts, z = (more - fewer)/sqrt(n), and the exact two-sided binomial
p-value; per pressure as well. It tests the direction of the systematic difference, not its
size; the summed <A_p> ratio (the example's summary) gives the size.

It also splits the first differences (after the first slide step) by kind: an onset, where
the blocked count rises from the common value of the step before (the run with the higher
count blocked a flake first), and a release, where it falls (the run with the lower count
released one first); a step where one count rises and the other falls is neither.

    python3 docs/studies/integrator/first_divergence.py --reference REF.jsonl[.gz] [...]
        --tested NEW.jsonl[.gz] [...] [--steps 128]
"""
import argparse
import math
import signal
from collections import defaultdict

from study_records import binomial_two_sided, blocked_history, first_difference, read_records

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output, not a traceback

ap = argparse.ArgumentParser()
ap.add_argument("--reference", nargs="+", required=True)
ap.add_argument("--tested", nargs="+", required=True)
ap.add_argument("--steps", type=int, default=None, help="only the first N slide steps")
args = ap.parse_args()


def load(paths):
    return {k: blocked_history(r) for k, r in read_records(paths).items()}


ref, new = load(args.reference), load(args.tested)
keys = sorted(set(ref) & set(new))
counts = defaultdict(lambda: [0, 0])
steps = []
# (tested first, reference first) where the first difference is an onset / a release
events = {"an onset": [0, 0], "a release": [0, 0]}
for key in keys:
    found = first_difference(ref[key][: args.steps], new[key][: args.steps])
    if found is not None:
        i, sign = found
        if i > 0:
            before, a, b = ref[key][i - 1], ref[key][i], new[key][i]
            if min(a, b) >= before:  # a flake becomes blocked: who blocks it first
                events["an onset"][0 if b > a else 1] += 1
            elif max(a, b) <= before:  # a flake is released: who releases it first
                events["a release"][0 if b < a else 1] += 1
        for group in ("all", f"{key[0] / 1e6:g} MPa"):
            counts[group][0 if sign > 0 else 1] += 1
        steps.append(i + 1)
limit = f"the first {args.steps} slide steps" if args.steps else "the whole slide"
print(f"{len(keys)} paired cases; {len(steps)} diverge within {limit}")
for group in sorted(counts, key=lambda g: (g != "all", g)):
    more, fewer = counts[group]
    n = more + fewer
    z = (more - fewer) / math.sqrt(n) if n else 0.0
    print(
        f"{group:>8}: tested blocks more at the first differing step in {more}, fewer in "
        f"{fewer}; z = {z:+.2f}, two-sided binomial p = {binomial_two_sided(more, n):.2g}"
    )
for kind, (tested_first, reference_first) in events.items():
    print(
        f"first difference at {kind}: the tested run is first in {tested_first}, the "
        f"reference in {reference_first}"
    )
if steps:
    steps.sort()
    print(f"median first differing step: {steps[len(steps) // 2]}")
