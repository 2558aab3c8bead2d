#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where the default extractor's precision goes: the blocks it writes whose
words are mostly not in the gold, by the block's length and the probability
it was kept at.

For each page, winnow's JSON output (`--format json`) gives every block
written and, just before it, the decision that kept it with its refined
probability. A written block is counted as boilerplate when fewer than half
of its words (runs of \\w, lowered) occur in the gold text. Printed: the
share of a page's written words that sit in such blocks, averaged over the
pages, split by the block's words (1-5, 6-20, 21-60, more) and its
probability (under 0.3, 0.3-0.5, 0.5-0.8, 0.8 and over); with --examples N,
N such blocks of each page, to read.

The model is the shipped one, trained on the same pages, so the figures are
in-sample: what the model cannot fit even there.

usage: kept_boilerplate.py PACKAGE_DIR [--limit N] [--seed S] [--winnow BIN] [--examples N]
PACKAGE_DIR is one unpacked test package (`make corpus`: build/corpus/daniel);
without it, it says so and exits 0.
"""
import argparse
import collections
import glob
import json
import os
import random
import re
import subprocess
import sys

SIZES = ((5, "1-5"), (20, "6-20"), (60, "21-60"), (float("inf"), "61+"))
LEVELS = ((0.3, "p<0.3"), (0.5, "0.3-0.5"), (0.8, "0.5-0.8"), (float("inf"), "p>=0.8"))


def words(text):
    return re.findall(r"\w+", text.lower())


def bucket(value, edges, inclusive):
    return next(name for bound, name in edges if value < bound or (inclusive and value == bound))


def written_blocks(winnow, html_path):
    """(probability it was kept at, text) for every block written."""
    with open(html_path, "rb") as page:
        out = subprocess.run([winnow, "--format", "json"], stdin=page, capture_output=True).stdout
    probability = 1.0
    # JSON lines are split on '\n' only: a text may hold U+2028.
    for line in out.decode("utf-8", "replace").split("\n"):
        if not line:
            continue
        event = json.loads(line)
        if event["type"] == "decision" and event["kept"]:
            probability = event["score"]
        elif event["type"] == "block":
            yield probability, event["text"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package", nargs="?", default="build/corpus/daniel")
    parser.add_argument("--limit", type=int, default=300, help="pages drawn at random (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--winnow", default="build/winnow")
    parser.add_argument("--examples", type=int, default=0)
    args = parser.parse_args()
    pages = sorted(glob.glob(os.path.join(args.package, "*.html")))
    if not pages:
        print(f"kept_boilerplate: no pages under {args.package} (run `make corpus`); nothing to do")
        return 0
    random.Random(args.seed).shuffle(pages)
    pages = pages[: args.limit]
    shares = collections.Counter()
    for path in pages:
        with open(path[:-5] + ".txt", encoding="utf-8", errors="replace") as gold_file:
            gold = set(words(gold_file.read()))
        written = 0
        wrong = collections.Counter()
        shown = 0
        for probability, text in written_blocks(args.winnow, path):
            w = words(text)
            written += len(w)
            if not w or 2 * sum(x in gold for x in w) >= len(w):
                continue
            wrong[(bucket(len(w), SIZES, True), bucket(probability, LEVELS, False))] += len(w)
            if shown < args.examples:
                shown += 1
                print(f"{os.path.basename(path)[:-5]}\t{probability:.2f}\t{len(w)}\t{text[:100]!r}")
        for key, count in wrong.items():
            shares[key] += count / written
    print(f"share of written words in blocks mostly not in the gold, mean over {len(pages)} pages "
          f"of {args.package}")
    print("words    " + "".join(f"{name:>10}" for _, name in LEVELS) + "       all")
    for _, size in SIZES:
        row = [shares[(size, level)] / len(pages) for _, level in LEVELS]
        print(f"{size:8s} " + "".join(f"{x:10.4f}" for x in row) + f"{sum(row):10.4f}")
    print(f"all      {sum(shares.values()) / len(pages):50.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
