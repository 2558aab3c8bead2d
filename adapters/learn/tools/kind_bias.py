#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What an offset on the content log-odds chosen per page kind would score,
from the page scores of a `train_blocks` sweep.

`train_blocks --no-write --sweep-bias B1,B2,... --documents PREFIX.tsv`
scores every held-out page once per offset and writes one table per offset
(`PREFIX-bias<B>-smoothing<W>.tsv`). Each page's outcome depends only on
its own offset, so any rule that gives a page one of the swept offsets can be
scored exactly by picking, page by page, the row of that offset. The rule
here is the default extractor's: an offset per kind the page declares in its
Open Graph type (`og:type`): a story ("article", "blog", "news", anything
with "article" or "story"), something else, or nothing. The kind is read
from the page's `<meta>` tags the way engine/token_stream.cpp's
set_page_kind reads it (the first non-empty og:type; property or name).

Printed: the single offset used for every page (the one given with --base);
with --oracle, the ceiling of every page at its own best offset; then the
best combinations by the mean margin over Readability.js on the five
packages that have its figures (or, with --by mean, by the six packages'
mean); then, around the best one (or the one given with --around
ARTICLE,OTHER,UNDECLARED), each kind's offset varied with the others held.
Figures are bag-of-words F1 (mean over pages) and shingle F1 (of the mean
precision and recall), as train_blocks prints them. Tables swept on a build
that already moves a kind's offset (+0.75 for "other" from stop 36, +1.25
from stop 52) carry that shift: the offsets printed are the swept ones, and
such a page was scored at the swept offset plus its shift; so do tables
swept since stop 51 for a page whose address is an overview's (+0.75,
tools/address_bias.py). --base is the shipped offset, -1.5 since stop 51
(stop 36's tables want -1.25).

usage: kind_bias.py PREFIX [--corpus DIR] [--base B] [--by margin|mean] [--top N] [--around A,O,U] [--oracle]
PREFIX is the --documents path without its extension (the tables are
PREFIX-bias*-smoothing*.tsv). Without the tables or the corpus
(`make corpus`), it says so and exits 0.
"""
import argparse
import csv
import glob
import html
import itertools
import os
import re
import sys

from references import READABILITY  # this folder: the script's own

KINDS = ("article", "other", "undeclared")
META = re.compile(rb"<meta\b[^>]*>", re.I)
ATTRIBUTE = re.compile(rb"([\w:-]+)\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+)")


def page_kind(raw):
    for tag in META.finditer(raw):
        attributes = {k.lower(): v.strip(b"\"'") for k, v in ATTRIBUTE.findall(tag.group(0))}
        names = (attributes.get(b"property", b"").lower(), attributes.get(b"name", b"").lower())
        if b"og:type" not in names:
            continue
        declared = html.unescape(attributes.get(b"content", b"").decode("utf-8", "replace")).lower()[:32]
        if not declared:
            continue
        story = declared in ("blog", "news") or "article" in declared or "story" in declared
        return "article" if story else "other"
    return "undeclared"


def number(text):
    return None if text == "NA" else float(text)


def load_tables(prefix):
    tables = {}
    for path in glob.glob(prefix + "-bias*-smoothing*.tsv"):
        bias = float(re.search(r"-bias(-?[\d.]+)-smoothing", path).group(1))
        with open(path, newline="") as f:
            tables[bias] = {(r["package"], r["document"]): r for r in csv.DictReader(f, delimiter="\t")}
    return tables


def package_figures(tables, kinds, choice):
    return figures_of_rows((key, tables[choice[kind]][key]) for key, kind in kinds.items())


def oracle_rows(tables, keys):
    """Each page at the swept offset that gives it the best bag F1 (of tied
    offsets the strictest): a ceiling for any rule that picks one offset per
    page, not a rule the extractor could follow, since it reads the gold."""
    for key in keys:
        yield key, max((tables[b][key] for b in sorted(tables)), key=lambda r: number(r["bag_f1"]) or 0.0)


def figures_of_rows(rows):
    sums = {}
    for key, row in rows:
        s = sums.setdefault(key[0], [0.0, 0, 0.0, 0, 0.0, 0])
        s[0] += number(row["bag_f1"]) or 0.0
        s[1] += 1
        for value, at in ((number(row["shingle_p"]), 2), (number(row["shingle_r"]), 4)):
            if value is not None:
                s[at] += value
                s[at + 1] += 1
    figures = {}
    for package, s in sums.items():
        p = s[2] / s[3] if s[3] else 0.0
        r = s[4] / s[5] if s[5] else 0.0
        figures[package] = (s[0] / s[1], 2 * p * r / (p + r) if p + r else 0.0)
    return figures


def summary(figures):
    shared = [p for p in READABILITY if p in figures]
    margin = [sum(figures[p][m] - READABILITY[p][m] for p in shared) / max(len(shared), 1) for m in (0, 1)]
    mean = [sum(f[m] for f in figures.values()) / len(figures) for m in (0, 1)]
    return margin + mean


def line(choice, s):
    offsets = " ".join("%s %+.2f" % (k, choice[k]) for k in KINDS)
    return "%s   margin %+.4f / %+.4f   mean %.4f / %.4f" % (offsets, *s)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prefix")
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "../../../build/corpus"))
    parser.add_argument("--base", type=float, default=-1.5)
    parser.add_argument("--by", choices=("margin", "mean"), default="margin")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--around", help="ARTICLE,OTHER,UNDECLARED: the offsets to vary around")
    parser.add_argument("--oracle", action="store_true",
                        help="also print the ceiling: every page at its own best swept offset")
    args = parser.parse_args()
    tables = load_tables(args.prefix)
    if not tables or not os.path.isdir(args.corpus):
        print("kind_bias: no sweep tables at %s-bias*.tsv or no corpus at %s; nothing to do" % (args.prefix, args.corpus))
        return 0
    keys = next(iter(tables.values())).keys()
    kinds = {}
    for package, document in keys:
        with open(os.path.join(args.corpus, package, document + ".html"), "rb") as f:
            kinds[(package, document)] = page_kind(f.read())
    counts = {k: sum(1 for v in kinds.values() if v == k) for k in KINDS}
    print("pages by declared kind: " + ", ".join("%s %d" % (k, counts[k]) for k in KINDS))
    offsets = sorted(tables)
    if args.base not in tables:
        print("kind_bias: the sweep has no offset %g" % args.base)
        return 2
    base = dict.fromkeys(KINDS, args.base)
    print("one offset:  " + line(base, summary(package_figures(tables, kinds, base))))
    if args.oracle:
        s = summary(figures_of_rows(oracle_rows(tables, kinds)))
        print("each page at its best offset (a ceiling):   margin %+.4f / %+.4f   mean %.4f / %.4f" % tuple(s))
    rank = 0 if args.by == "margin" else 2
    scored = []
    for combination in itertools.product(offsets, repeat=len(KINDS)):
        choice = dict(zip(KINDS, combination))
        scored.append((summary(package_figures(tables, kinds, choice)), choice))
    scored.sort(key=lambda t: -(t[0][rank] + t[0][rank + 1]))
    print("best by the %s (bag + shingle):" % args.by)
    for s, choice in scored[: args.top]:
        print("  " + line(choice, s))
    best = scored[0][1]
    if args.around:
        values = [float(v) for v in args.around.split(",")]
        if len(values) != len(KINDS) or any(v not in tables for v in values):
            print("kind_bias: --around wants three swept offsets, got %s" % args.around)
            return 2
        best = dict(zip(KINDS, values))
        print("around:      " + line(best, summary(package_figures(tables, kinds, best))))
    for kind in KINDS:
        print("%s varied, the others held:" % kind)
        for offset in offsets:
            choice = dict(best, **{kind: offset})
            print("  " + line(choice, summary(package_figures(tables, kinds, choice))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
