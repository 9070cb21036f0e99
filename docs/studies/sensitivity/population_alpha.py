#!/usr/bin/env python3
"""Population α over a flake-size distribution (issue 42 item 1), from the study's diameter rows.

Weighting (docs/studies/sensitivity/README.md, "Population α"): at a fixed thickness h_p a
flake's projected area per unit volume is 1/h_p whatever its diameter, so the area fraction β
of a size class is its volume fraction q_V(d), and Eq. 23 summed over classes gives
    α_pop = Σ_d q_V(d) · α(d).
α(d) is the study's paired ratio α(d)/α(12 µm) (sensitivity.csv, factor "diameter"),
interpolated linearly in (ln d, ln α) between the measured diameters and extrapolated above the
largest with seed 000 Eq. 26 (Ā_p/A0 ∝ β·a_p/d̄_c², i.e. α ∝ a_p ∝ d²) and below the smallest
flat (no extrapolation downwards). q_V is log-normal in d (median D50, geometric standard
deviation σ_g), truncated to seed 000 Fig. 4's range 6–100 µm: the seed gives that curve only
as a figure, so α_pop is tabulated over medians and spreads, not at one value.

Several sensitivity.csv files may be given (e.g. the 50 µm level of plan_diameter50.toml, paired
against 12 µm flakes on its own 400 µm surfaces): each file's diameter ratios are taken against
its own 12 µm reference, and a diameter already read from an earlier file is kept from it.

Usage: python3 docs/studies/sensitivity/population_alpha.py docs/studies/sensitivity/results/plan/sensitivity.csv [more.csv ...]
"""
import csv
import math
import signal
import sys

D_MIN, D_MAX = 6.0, 100.0  # µm, seed 000 Fig. 4
POINTS = 400  # quadrature points in ln d


def diameter_ratios(paths, column="ratio"):
    """{d [µm]: α(d)/α(12 µm)} from the studies' sensitivity.csv files (`column`: ratio, lo or
    hi); the first file that has a diameter gives it."""
    out = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row["factor"] == "diameter":
                    out.setdefault(float(row["level"].removesuffix("um")), float(row[column]))
    if len(out) < 2:
        sys.exit(f"{', '.join(paths)}: fewer than two diameter levels")
    return dict(sorted(out.items()))


def alpha_of(d, ratios):
    ds = list(ratios)
    if d <= ds[0]:
        return ratios[ds[0]]
    if d >= ds[-1]:
        return ratios[ds[-1]] * (d / ds[-1]) ** 2  # seed 000 Eq. 26
    for lo, hi in zip(ds, ds[1:]):
        if lo <= d <= hi:
            t = math.log(d / lo) / math.log(hi / lo)
            return math.exp((1 - t) * math.log(ratios[lo]) + t * math.log(ratios[hi]))
    raise AssertionError


def alpha_pop(d50, sigma_g, ratios):
    s = math.log(sigma_g)
    num = den = 0.0
    for i in range(POINTS):
        x = math.log(D_MIN) + (i + 0.5) * math.log(D_MAX / D_MIN) / POINTS
        w = math.exp(-0.5 * ((x - math.log(d50)) / s) ** 2)  # q_V per unit ln d
        num += w * alpha_of(math.exp(x), ratios)
        den += w
    return num / den


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: population_alpha.py <sensitivity.csv of tribo study sensitivity> [more.csv ...]")
    paths = sys.argv[1:]
    try:
        ratios = diameter_ratios(paths)
    except (OSError, KeyError, ValueError) as e:
        sys.exit(f"{', '.join(paths)}: not sensitivity.csv files with diameter rows ({e})")
    # α_pop rises with every α(d), so the lower (upper) ends of the levels' 95 % paired intervals
    # bound it from below (above): an envelope, wider than a joint 95 % interval (12 pairs).
    ends = [diameter_ratios(paths, c) for c in ("lo", "hi")]
    print("alpha(d)/alpha(12 um):", ", ".join(f"{d:g} um {r:.3f}" for d, r in ratios.items()))
    print("Eq. 26 (alpha ~ d^2):", ", ".join(f"{d:g} um {(d / 12) ** 2:.3f}" for d in ratios))
    sigmas = [1.5, 2.0, 2.5]
    print("alpha_pop/alpha(12 um) [envelope of the levels' 95 % CIs], 12 pairs per level,")
    print("log-normal q_V truncated to 6-100 um:")
    print("D50 [um] " + "".join(f"sigma_g={s:<17}" for s in sigmas))
    for d50 in [8, 12, 16, 20, 30]:
        cells = []
        for s in sigmas:
            lo, hi = (alpha_pop(d50, s, e) for e in ends)
            cells.append(f"{alpha_pop(d50, s, ratios):.2f} [{lo:.2f}, {hi:.2f}]".ljust(25))
        print(f"{d50:<8} " + "".join(cells))


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the output, not a traceback
    main()
