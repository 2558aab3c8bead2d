#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Two `train_blocks --documents` tables of the same pages, compared page by page.

A change to the default extractor's features is measured by retraining, and
a retraining moves the splits of the trees, so a package's figures move on
pages the change never touches as well as on those it does. Training is
deterministic (a placebo feature reproduces the shipped figures), so every
difference between two tables is the change's doing, but not all of it is
its direct effect. This prints, per package:

- the pages, the bag-of-words F1 (mean over pages) and the shingle F1 (of
  the mean precision and recall, as train_blocks and winnow-eval print it)
  of both tables, their difference, and how many pages rose or fell by
  more than --swing bag F1;
- the mean margin over Readability.js on the five packages that have its
  figures, and the six packages' mean, of both tables;
- with --marked-by REGEX, the mean change of bag F1 on the pages whose HTML
  matches (the pages the change can touch directly) and on the others;
- with --by-type, the same figures for each page type of the packages whose
  meta files name one (`page_type`: wcxb-dev-sample's article, forum,
  product, collection, listing, documentation, service);
- with --show N, the N pages of each package that moved most;
- with --min-gold-words N, all of it on the pages whose gold text holds N
  words or more only (words as lexical_odds.py counts them: a CJK
  character is one), leaving out the galleries', videos' and front pages'
  golds of a sentence or two; no margin then, since the references'
  figures are whole packages';
- with --gold-in-page PLAIN.tsv, all of it on the pages whose gold text the
  page holds only: those where `plain` (every block of the page, written
  by `winnow-eval --algo plain --out-dir D`, D/documents.tsv) reaches a
  bag-of-words recall of --gold-in-page-min (0.9) or more (the bag, not
  the shingles: a Chinese gold set in other lines than the page's text
  loses shingles, not words). A gold made of other pages of a multi-page
  story, of a crawler's mojibake or of another part of the site is out of
  every extractor's reach; this tells how the default does where it can be
  right. (Character references the gold left undecoded, cleanportaleval's
  `&#039;`, cost shingles, not words: those pages stay.) No margin then either;
- with --bootstrap N, how far the margin's change could be page sampling's
  doing: the change recomputed on N resamples of the pages (each package's
  pages drawn with replacement, the same draw for both tables), its 2.5th
  and 97.5th percentiles and the share of resamples in which it is above
  zero, and the same interval for each table's own margin (how closely the
  corpus's pages pin it down). It knows nothing of a retraining's other
  noise (the trees' draws, stop 78): a change inside its interval is
  level, one outside may still be a retraining's swing.

usage: compare_runs.py BASE.tsv NEW.tsv [--corpus DIR] [--marked-by REGEX] [--by-type] [--swing X] [--show N]
                       [--min-gold-words N] [--gold-in-page PLAIN.tsv [--gold-in-page-min R]]
                       [--bootstrap N [--seed S]]
The corpus (for --marked-by, --by-type and --min-gold-words) defaults to build/corpus (`make
corpus`); without it, those options say so and are skipped.
"""
import argparse
import csv
import json
import os
import random
import re
import sys

from references import READABILITY, READABILITY_MEASURED_HERE  # this folder: the script's own


def number(text):
    try:
        return float(text)
    except ValueError:
        return None  # "NA": no shingle on one side


def load(path):
    with open(path, newline="", encoding="utf-8") as table:
        return {(row["package"], row["document"]): row for row in csv.DictReader(table, delimiter="\t")}


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else 0.0


def page_values(row):
    """A page's bag F1 (NA counts 0), shingle P and R (None for NA)."""
    return number(row["bag_f1"]) or 0.0, number(row["shingle_p"]), number(row["shingle_r"])


def figures_of(values):
    """Bag F1 as a mean over pages, shingle F1 of the mean P and R (pages
    without one left out), from page_values() of each page."""
    bag = mean([b for b, _, _ in values])
    precision = mean([p for _, p, _ in values])
    recall = mean([r for _, _, r in values])
    shingle = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
    return bag, shingle


def figures(rows):
    return figures_of([page_values(r) for r in rows])


def margin_over(got, references):
    """The mean margin, bag / shingle F1, of got (package -> figures) over the
    references on the packages that have one; None if none has."""
    shared = [p for p in references if p in got]
    if not shared:
        return None
    return tuple(sum(got[p][i] - references[p][i] for p in shared) / len(shared) for i in (0, 1))


def percentiles(values):
    ordered = sorted(values)
    return ordered[int(0.025 * (len(ordered) - 1))], ordered[int(0.975 * (len(ordered) - 1))]


def bootstrap(base, new, keys, resamples, seed):
    """The paired bootstrap of --bootstrap: (change, base margin, new margin)
    per resample, each a (bag, shingle) pair."""
    rng = random.Random(seed)
    packages = sorted({p for p, _ in keys if p in READABILITY})
    pages = {p: [k for k in keys if k[0] == p] for p in packages}
    values = {name: {p: [page_values(table[k]) for k in pages[p]] for p in packages}
              for name, table in (("base", base), ("new", new))}
    runs = []
    for _ in range(resamples):
        draws = {p: [rng.randrange(len(pages[p])) for _ in pages[p]] for p in packages}
        got = {name: margin_over({p: figures_of([values[name][p][i] for i in draws[p]]) for p in packages},
                                 READABILITY)
               for name in ("base", "new")}
        runs.append((tuple(n - b for n, b in zip(got["new"], got["base"])), got["base"], got["new"]))
    return runs


def print_bootstrap(runs, seed):
    print(f"paired bootstrap over pages ({len(runs)} resamples, seed {seed}; page sampling only, "
          "not a retraining's noise):")
    for i, measure in enumerate(("bag", "shingle")):
        change = [r[0][i] for r in runs]
        low, high = percentiles(change)
        above = sum(1 for c in change if c > 0) / len(change)
        cells = []
        for name, j in (("base", 1), ("new", 2)):
            lo, hi = percentiles([r[j][i] for r in runs])
            cells.append(f"{name} [{lo:+.4f}, {hi:+.4f}]")
        print(f"  {measure:8s} margin change 95% [{low:+.4f}, {high:+.4f}], above zero in {above:.0%}; "
              f"margin {', '.join(cells)}")


def marked_pages(corpus, pattern, keys):
    regex = re.compile(pattern.encode())
    marked = set()
    for package, document in keys:
        path = os.path.join(corpus, package, document + ".html")
        with open(path, "rb") as page:
            if regex.search(page.read()):
                marked.add((package, document))
    return marked


def page_types(corpus, keys):
    """(package, document) -> the meta file's page_type, for pages that have one."""
    types = {}
    for package, document in keys:
        try:
            with open(os.path.join(corpus, package, document + ".json"), encoding="utf-8") as meta:
                page_type = json.load(meta).get("page_type")
        except (OSError, ValueError):
            continue
        if isinstance(page_type, str) and page_type:
            types[(package, document)] = page_type
    return types


def gold_words(corpus, key):
    from lexical_odds import words  # this folder
    package, document = key
    with open(os.path.join(corpus, package, document + ".txt"), encoding="utf-8", errors="replace") as gold:
        return len(words(gold.read()))


def pages_holding_gold(plain_documents, minimum_recall):
    """The (package, document) keys whose `plain` bag-of-words recall reaches the
    minimum, from a winnow-eval documents.tsv that holds `plain`'s rows."""
    held = set()
    with open(plain_documents, newline="", encoding="utf-8") as table:
        for row in csv.DictReader(table, delimiter="\t"):
            if row.get("algorithm") != "plain":
                continue
            recall = number(row["bag_r"])
            if recall is not None and recall >= minimum_recall:
                held.add((row["package"], row["document"]))
    return held


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--corpus", default="build/corpus")
    parser.add_argument("--marked-by", metavar="REGEX")
    parser.add_argument("--by-type", action="store_true")
    parser.add_argument("--swing", type=float, default=0.05)
    parser.add_argument("--show", type=int, default=0)
    parser.add_argument("--min-gold-words", type=int, default=0, metavar="N")
    parser.add_argument("--gold-in-page", metavar="PLAIN.tsv")
    parser.add_argument("--gold-in-page-min", type=float, default=0.9, metavar="R")
    parser.add_argument("--bootstrap", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    base, new = load(args.base), load(args.new)
    keys = sorted(k for k in base if k in new)
    if args.min_gold_words > 0:
        if not os.path.isdir(args.corpus):
            sys.exit(f"compare_runs.py: --min-gold-words needs the corpus, not at {args.corpus} (make corpus)")
        keys = [k for k in keys if gold_words(args.corpus, k) >= args.min_gold_words]
        print(f"the pages whose gold holds {args.min_gold_words} words or more")
    if args.gold_in_page:
        if not os.path.isfile(args.gold_in_page):
            sys.exit(f"compare_runs.py: --gold-in-page: no file {args.gold_in_page}")
        held = pages_holding_gold(args.gold_in_page, args.gold_in_page_min)
        if not held:
            sys.exit(f"compare_runs.py: --gold-in-page: {args.gold_in_page} holds no row of `plain`")
        keys = [k for k in keys if k in held]
        print(f"the pages whose gold text the page holds (`plain`'s bag recall {args.gold_in_page_min} or more)")
    if not keys:
        sys.exit("compare_runs.py: the two tables share no page")
    whole_packages = args.min_gold_words == 0 and not args.gold_in_page
    packages = sorted({p for p, _ in keys})

    def bag_change(k):
        return (number(new[k]["bag_f1"]) or 0.0) - (number(base[k]["bag_f1"]) or 0.0)

    print(f"{'package':24s} {'pages':>5s}  {'base bag / shingle':>18s}  {'new bag / shingle':>18s}  "
          f"{'change':>16s}  up  down")
    totals = {"base": {}, "new": {}}
    for package in packages:
        mine = [k for k in keys if k[0] == package]
        b = figures([base[k] for k in mine])
        n = figures([new[k] for k in mine])
        totals["base"][package], totals["new"][package] = b, n
        moves = [bag_change(k) for k in mine]
        up = sum(1 for m in moves if m > args.swing)
        down = sum(1 for m in moves if m < -args.swing)
        print(f"{package:24s} {len(mine):5d}  {b[0]:.4f} / {b[1]:.4f}     {n[0]:.4f} / {n[1]:.4f}     "
              f"{n[0] - b[0]:+.4f} / {n[1] - b[1]:+.4f}  {up:3d}  {down:4d}")

    every_reference = {**READABILITY, **READABILITY_MEASURED_HERE}
    for name in ("base", "new") if whole_packages else ():
        got = totals[name]
        margin = margin_over(got, READABILITY)
        if margin:
            with_reference = sum(1 for p in READABILITY if p in got)
            print(f"{name}: margin over Readability.js {margin[0]:+.4f} / {margin[1]:+.4f} "
                  f"({with_reference} packages)", end="")
            with_any = sum(1 for p in every_reference if p in got)
            if with_any > with_reference:
                wide = margin_over(got, every_reference)
                print(f", {wide[0]:+.4f} / {wide[1]:+.4f} with the measured-here references "
                      f"({with_any} packages)", end="")
        else:
            print(f"{name}: no package with Readability.js's figures", end="")
        print(f", mean {mean([v[0] for v in got.values()]):.4f} / {mean([v[1] for v in got.values()]):.4f} "
              f"({len(got)} packages)")

    if args.bootstrap > 0:
        if not whole_packages:
            print("--bootstrap skipped: with --min-gold-words or --gold-in-page there is no margin")
        elif not any(p in READABILITY for p in packages):
            print("--bootstrap skipped: no package with Readability.js's figures")
        else:
            print_bootstrap(bootstrap(base, new, keys, args.bootstrap, args.seed), args.seed)

    if args.marked_by:
        if not os.path.isdir(args.corpus):
            print(f"--marked-by skipped: no corpus at {args.corpus} (make corpus)")
        else:
            marked = marked_pages(args.corpus, args.marked_by, keys)
            print(f"bag F1 change on the pages whose HTML matches {args.marked_by!r} / on the others:")
            for package in packages:
                groups = ([k for k in keys if k[0] == package and k in marked],
                          [k for k in keys if k[0] == package and k not in marked])
                cells = []
                for group in groups:
                    change = mean([bag_change(k) for k in group])
                    cells.append(f"{len(group):5d} pages {change:+.4f}" if group else f"{0:5d} pages")
                print(f"  {package:24s} {cells[0]}   {cells[1]}")

    if args.by_type:
        if not os.path.isdir(args.corpus):
            print(f"--by-type skipped: no corpus at {args.corpus} (make corpus)")
        else:
            types = page_types(args.corpus, keys)
            if not types:
                print("--by-type: no page of these tables names its page_type")
            for package, page_type in sorted({(k[0], t) for k, t in types.items()}):
                mine = [k for k in keys if k[0] == package and types.get(k) == page_type]
                b = figures([base[k] for k in mine])
                n = figures([new[k] for k in mine])
                moves = [bag_change(k) for k in mine]
                up = sum(1 for m in moves if m > args.swing)
                down = sum(1 for m in moves if m < -args.swing)
                label = f"{package} {page_type}"
                print(f"  {label:30s} {len(mine):5d}  {b[0]:.4f} / {b[1]:.4f}     {n[0]:.4f} / {n[1]:.4f}     "
                      f"{n[0] - b[0]:+.4f} / {n[1] - b[1]:+.4f}  {up:3d}  {down:4d}")

    if args.show > 0:
        for package in packages:
            moves = sorted((bag_change(k), k[1])
                           for k in keys if k[0] == package)
            shown = [m for m in moves[:args.show] + moves[-args.show:] if abs(m[0]) > 0]
            if shown:
                print(f"{package}: " + ", ".join(f"{d} {m:+.3f}" for m, d in sorted(set(shown))))


if __name__ == "__main__":
    main()
