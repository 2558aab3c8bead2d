#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whether a page's own block scores say which offset it wants.

The offset on the content log-odds trades precision for recall, and every
page has its best one: given each page its best of the swept offsets, the
margin over Readability.js cross-validated by package would rise from about
+0.011 to +0.033 bag F1 (tools/kind_bias.py --oracle). This tool asks
whether a statistic of the page's held-out P(content) scores predicts that
offset: the mean score, the share of blocks (or of their input bytes) above
one half or in the doubtful middle (0.2 to 0.8), the best score, how many
blocks there are. Each statistic is taken over the whole page, which an
extractor deciding at a fixed lag cannot know, so what a rule gains here is
a ceiling for a streaming version of it.

A rule cuts a statistic into four bins at its quartiles and gives each bin
one of the swept offsets. Its offsets are fitted on five packages (by
coordinate ascent on the mean margin over Readability.js of the training
packages that have its figures) and scored on the sixth, one package at a
time, as train_blocks cross-validates; and, for comparison, fitted on every
package and scored on the same pages (in-sample: what such a rule can fit at
best). A page's outcome depends on its own offset only, so each page's row
at its bin's offset is its exact score (as in kind_bias.py).

    train_blocks --no-write --threads 2 --sweep-bias B1,B2,... \\
        --documents PREFIX.tsv --decisions DIR
    page_offset.py PREFIX DIR [--corpus ROOT]

PREFIX is the --documents path without its extension; DIR holds the
held-out pages' decisions (<package>/<id>.tsv). Without them it says so and
exits 0. Pages are scored at the swept offsets as given: a build that
shifts a kind's offset (for pages that declare something other than a
story: +0.75 from stop 36, +1.25 from stop 52) applies that shift to every
point.
"""
import argparse
import csv
import math
import os
import sys

from kind_bias import figures_of_rows, load_tables, summary  # this folder: the scripts' own

BINS = 4


def read_scores(path):
    """The page's block scores, each block once (a fallback block or a
    recovered headline is reported again where it is written)."""
    seen, scores, sizes = set(), [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            span = (row["begin"], row["end"])
            if span in seen:
                continue
            seen.add(span)
            scores.append(float(row["score"]))
            sizes.append(int(row["end"]) - int(row["begin"]))
    return scores, sizes


def statistics(scores, sizes):
    n = len(scores)
    if n == 0:
        return None
    total = sum(sizes) or 1
    high = [s > 0.5 for s in scores]
    middle = [0.2 < s < 0.8 for s in scores]
    return {
        "blocks (log)": math.log1p(n),
        "mean score": sum(scores) / n,
        "mean score by bytes": sum(s * b for s, b in zip(scores, sizes)) / total,
        "share above 0.5": sum(high) / n,
        "bytes above 0.5": sum(b for h, b in zip(high, sizes) if h) / total,
        "share in 0.2-0.8": sum(middle) / n,
        "bytes in 0.2-0.8": sum(b for m, b in zip(middle, sizes) if m) / total,
        "best score": max(scores),
        "blocks above 0.5 (log)": math.log1p(sum(high)),
        "blocks in 0.2-0.8 (log)": math.log1p(sum(middle)),
    }


def objective(tables, keys, choice):
    """The training packages' mean margin, bag plus shingle F1."""
    margin_bag, margin_shingle = summary(figures_of_rows((k, tables[choice[k]][k]) for k in keys))[:2]
    return margin_bag + margin_shingle


def fit(tables, keys, bins, start):
    offsets = sorted(tables)
    chosen = [start] * BINS
    for _ in range(2):
        for b in range(BINS):
            best = None
            for offset in offsets:
                trial = chosen[:b] + [offset] + chosen[b + 1:]
                score = objective(tables, keys, {k: trial[bins[k]] for k in keys})
                if best is None or score > best[0] + 1e-12:
                    best = (score, offset)
            chosen[b] = best[1]
    return chosen


def line(tables, choice, keys):
    s = summary(figures_of_rows((k, tables[choice[k]][k]) for k in keys))
    return "margin %+.4f / %+.4f   mean %.4f / %.4f" % tuple(s)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prefix")
    parser.add_argument("decisions")
    parser.add_argument("--base", type=float, default=-1.25, help="the single offset to compare with")
    args = parser.parse_args()
    tables = load_tables(args.prefix)
    if not tables or not os.path.isdir(args.decisions):
        print("page_offset: no sweep tables at %s-bias*.tsv or no decisions in %s; nothing to do"
              % (args.prefix, args.decisions))
        return 0
    if args.base not in tables:
        print("page_offset: the sweep has no offset %g" % args.base)
        return 2
    keys = list(next(iter(tables.values())).keys())
    stats = {}
    for key in keys:
        path = os.path.join(args.decisions, key[0], key[1] + ".tsv")
        stats[key] = statistics(*read_scores(path)) if os.path.exists(path) else None
    print("%d pages, %d without decisions" % (len(keys), sum(s is None for s in stats.values())))
    print("%-26s %s" % ("one offset %+.2f" % args.base, line(tables, dict.fromkeys(keys, args.base), keys)))
    packages = sorted({k[0] for k in keys})
    names = next(s for s in stats.values() if s)
    for name in names:
        values = sorted(s[name] for s in stats.values() if s)
        cuts = [values[len(values) * i // BINS] for i in range(1, BINS)]
        bins = {k: sum(stats[k][name] >= c for c in cuts) if stats[k] else 0 for k in keys}
        held_out = {}
        for package in packages:
            train = [k for k in keys if k[0] != package]
            offsets = fit(tables, train, bins, args.base)
            held_out.update({k: offsets[bins[k]] for k in keys if k[0] == package})
        fitted = fit(tables, keys, bins, args.base)
        print("%-26s by package: %s" % (name, line(tables, held_out, keys)))
        print("%-26s in-sample:  %s   offsets %s" % ("", line(tables, {k: fitted[bins[k]] for k in keys}, keys),
                                                     " ".join("%+.2f" % o for o in fitted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
