#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where the default extractor's held-out recall goes: the blocks it drops
whose words are mostly in the gold, by where they stand against what the page
kept (before its first kept block, between kept blocks, after its last) and
how likely the model found them.

Reads the block decisions `train_blocks --no-write --decisions DIR` writes
(DIR/<package>/<id>.tsv: begin, end, kept, score; the held-out model's
P(content) before smoothing) and the pages and gold texts of the corpus. A
block's text is its input bytes with tags stripped and character references
resolved; its words are runs of \\w, lowered. A dropped block counts as
content when it has at least --min-words words and at least --min-share of
them occur in the gold (as words, not in order). Pages that keep nothing are
left out: there is no edge to stand against.

Printed per package: the words of such blocks before, inside and after what
the page kept, in all and at p >= --min-score.

usage: dropped_content.py DECISIONS_DIR [CORPUS_ROOT] [--min-words N]
       [--min-share S] [--min-score P]
CORPUS_ROOT defaults to build/corpus (`make corpus`); without it or without
the decisions, it says so and exits 0.
"""
import argparse
import collections
import csv
import glob
import html
import os
import re
import sys

PLACES = ("before", "inside", "after")


def words(text):
    return re.findall(r"\w+", text.lower())


def block_words(page_bytes, begin, end):
    raw = page_bytes[begin:end].decode("utf-8", "replace")
    return words(html.unescape(re.sub(r"<[^>]*>", " ", raw)))


def read_blocks(decisions_path, page_bytes, gold):
    """The page's blocks in document order, each once, kept if it was written:
    a block written at the end (a likely or fallback block, a recovered
    headline) is reported again, kept, where it is written, after its first
    report as dropped (until stop 80 such rows were read as more blocks, so
    the blocks of a page the smoothing kept nothing of counted as "before")."""
    blocks = []
    where = {}
    with open(decisions_path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            span = (int(row["begin"]), int(row["end"]))
            kept = row["kept"] == "1"
            if span in where:
                if kept and where[span] is not None:
                    blocks[where[span]][0] = True
                continue
            ws = block_words(page_bytes, *span)
            if not ws:
                where[span] = None
                continue
            where[span] = len(blocks)
            in_gold = sum(1 for w in ws if w in gold)
            blocks.append([kept, float(row["score"]), len(ws), in_gold])
    return blocks


def count_page(blocks, args, totals):
    kept = [i for i, b in enumerate(blocks) if b[0]]
    if not kept:
        return
    first, last = kept[0], kept[-1]
    for i, (is_kept, score, n, in_gold) in enumerate(blocks):
        if is_kept or n < args.min_words or in_gold < args.min_share * n:
            continue
        place = PLACES[0] if i < first else PLACES[1] if i < last else PLACES[2]
        totals[place] += n
        if score >= args.min_score:
            totals[place + "_likely"] += n


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("decisions")
    parser.add_argument("corpus", nargs="?", default="build/corpus")
    parser.add_argument("--min-words", type=int, default=15)
    parser.add_argument("--min-share", type=float, default=0.8)
    parser.add_argument("--min-score", type=float, default=0.5)
    args = parser.parse_args()
    if not os.path.isdir(args.decisions) or not os.path.isdir(args.corpus):
        print(f"dropped_content.py: {args.decisions} or {args.corpus} is missing "
              "(train_blocks --decisions DIR; make corpus); nothing to count")
        return 0
    print(f"dropped blocks of >= {args.min_words} words, >= {args.min_share:g} of them in the gold: "
          f"words before / inside / after what the page kept (at p >= {args.min_score:g})")
    for package in sorted(os.listdir(args.decisions)):
        totals = collections.Counter()
        pages = 0
        for path in sorted(glob.glob(os.path.join(args.decisions, package, "*.tsv"))):
            doc = os.path.basename(path)[:-4]
            page = os.path.join(args.corpus, package, doc)
            if not os.path.exists(page + ".html") or not os.path.exists(page + ".txt"):
                continue
            with open(page + ".html", "rb") as f:
                page_bytes = f.read()
            with open(page + ".txt", encoding="utf-8", errors="replace") as f:
                gold = set(words(f.read()))
            count_page(read_blocks(path, page_bytes, gold), args, totals)
            pages += 1
        cells = "  ".join(f"{p} {totals[p]:,} ({totals[p + '_likely']:,})" for p in PLACES)
        print(f"{package:24s} {pages:5d} pages  {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
