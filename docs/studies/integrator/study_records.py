"""Shared readers of the integrator study's scripts (declared_tost.py, first_divergence.py,
reference_convergence.py): the records of the example `integrator_equivalence`, a percentile
and the exact two-sided binomial p-value. Not a script of its own."""
import gzip
import json
import math


def read_records(paths):
    """{(pressure, beta, seed index): record} from JSON-lines files (plain or gzipped); several
    files are merged and each case is taken once, from the first file that has it."""
    out = {}
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)["record"]
                    c = r["result"]["case"]
                    out.setdefault((c["pressure"], c["beta"], c["seed_index"]), r)
    return out


def blocked_history(record):
    """The blocked-flake count of every slide step of one record."""
    return [h["blocked"] for h in record["history"]]


def first_difference(reference, tested):
    """(slide step index, tested count - reference count) at the first slide step where two
    blocked-count histories differ, or None if they agree over their common length."""
    for i, (a, b) in enumerate(zip(reference, tested)):
        if a != b:
            return i, b - a
    return None


def percentile(xs, q):
    """Percentile q in [0, 1] of xs (Hyndman & Fan definition 7, linear interpolation)."""
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    f = math.floor(k)
    return xs[f] + (xs[min(f + 1, len(xs) - 1)] - xs[f]) * (k - f)


def binomial_two_sided(k, n):
    """Exact two-sided p-value of k successes in n fair trials (doubling the smaller tail)."""
    if n == 0:
        return 1.0
    tail = min(k, n - k)
    p = sum(math.comb(n, i) for i in range(tail + 1)) / 2**n  # int / int: no float overflow
    return min(1.0, 2.0 * p)


def rms_ln_ratio(pairs):
    """(rms of ln(a/b), number of pairs used) over the (a, b) pairs with both > 0 (a ratio with
    a zero has no logarithm); nan when none is left."""
    logs = [math.log(a / b) for a, b in pairs if a > 0 and b > 0]
    if not logs:
        return float("nan"), 0
    return math.sqrt(sum(x * x for x in logs) / len(logs)), len(logs)
