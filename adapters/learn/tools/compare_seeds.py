#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A change measured at several seeds: pairs of `train_blocks --documents` tables.

A retraining moves a package's held-out figures by about 0.002 whatever the
change (the trees' feature draws, stop 78), and the margin over Readability.js
is about that close to its target, so one seed cannot tell a small gain from a
small loss. Give the base and the new table of each seed (`train_blocks
--no-write --seed S --documents F`, the same S for both); this prints

- per seed, the margin over Readability.js (bag / shingle F1, unrounded to
  five places) of both tables and its change;
- per package, the change at every seed, its mean, and at how many seeds the
  shingle F1 fell;
- the mean margin of both over the seeds.

Figures as compare_runs.py computes them (bag F1 the mean over pages, shingle
F1 of the mean precision and recall).

usage: compare_seeds.py BASE1.tsv NEW1.tsv [BASE2.tsv NEW2.tsv ...]
"""
import sys

from compare_runs import READABILITY, figures, load, margin_over  # this folder: the script's own


def package_figures(path):
    table = load(path)
    packages = sorted({p for p, _ in table})
    return {p: figures([row for (q, _), row in table.items() if q == p]) for p in packages}


def main():
    paths = sys.argv[1:]
    if len(paths) < 2 or len(paths) % 2:
        sys.exit(__doc__.split("usage: ")[1].strip())
    runs = [(package_figures(paths[i]), package_figures(paths[i + 1])) for i in range(0, len(paths), 2)]
    margins = []
    print(f"{'run':>4s}  {'base margin':>17s}  {'new margin':>17s}  {'change':>17s}")
    for i, (base, new) in enumerate(runs):
        b, n = margin_over(base, READABILITY), margin_over(new, READABILITY)
        if b is None or n is None:
            sys.exit("compare_seeds.py: no package with Readability.js's figures")
        margins.append((b, n))
        print(f"{i + 1:4d}  {b[0]:+.5f} / {b[1]:+.5f}  {n[0]:+.5f} / {n[1]:+.5f}  "
              f"{n[0] - b[0]:+.5f} / {n[1] - b[1]:+.5f}")
    packages = sorted(set.intersection(*(set(b) & set(n) for b, n in runs)))
    print(f"\n{'package':24s} change at each run, bag / shingle; mean; runs whose shingle F1 fell")
    for p in packages:
        changes = [(n[p][0] - b[p][0], n[p][1] - b[p][1]) for b, n in runs]
        cells = " ".join(f"{c[0]:+.4f}/{c[1]:+.4f}" for c in changes)
        mean_bag = sum(c[0] for c in changes) / len(changes)
        mean_shingle = sum(c[1] for c in changes) / len(changes)
        fell = sum(1 for c in changes if c[1] < 0)
        print(f"{p:24s} {cells}  mean {mean_bag:+.4f} / {mean_shingle:+.4f}  fell {fell} of {len(changes)}")
    count = len(margins)
    base_mean = [sum(m[0][k] for m in margins) / count for k in (0, 1)]
    new_mean = [sum(m[1][k] for m in margins) / count for k in (0, 1)]
    print(f"\nmean margin over {count} runs: base {base_mean[0]:+.5f} / {base_mean[1]:+.5f}, "
          f"new {new_mean[0]:+.5f} / {new_mean[1]:+.5f}")


if __name__ == "__main__":
    main()
