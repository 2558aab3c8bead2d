#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Which words a package's gold keeps that an extractor leaves out, and which
it writes that the gold leaves out, counted by the pages they happen on.

A word the gold holds more often than the output (after the multiset
difference of the two texts' words, runs of \\w lowered) is missing on that
page; one the output holds more often is extra. The words missing or extra
on the most pages tell a package's conventions apart from the extractor's
errors: a year, "by", "posted", "am" and "pm" missing on many pages are
datelines and bylines the gold keeps; "photo" and "getty" extra are
captions and credits it leaves out. Printed: the pages read, the words of
gold and output, and the most frequent missing and extra words with the
number of pages each is missing (or extra) on.

The output is winnow's text format of the algorithm asked for, with the
shipped model: in-sample for `default`, whose model was trained on these
pages.

usage: word_conventions.py PACKAGE_DIR [--every N] [--algo NAME] [--top K] [--winnow BIN]
PACKAGE_DIR is one unpacked test package (`make corpus`: build/corpus/dragnet);
without it, it says so and exits 0.
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys


def words(text):
    return re.findall(r"\w+", text.lower())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package", nargs="?", default="build/corpus/dragnet")
    parser.add_argument("--every", type=int, default=1, help="read every Nth page (default: all)")
    parser.add_argument("--algo", default="default")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--winnow", default="build/winnow")
    args = parser.parse_args()
    pages = sorted(glob.glob(os.path.join(args.package, "*.html")))[:: max(1, args.every)]
    if not pages:
        print(f"word_conventions: no pages under {args.package} (run `make corpus`); nothing to do")
        return 0
    missing_pages = collections.Counter()
    extra_pages = collections.Counter()
    gold_words = output_words = 0
    for path in pages:
        with open(path, "rb") as page:
            out = subprocess.run([args.winnow, "--algo", args.algo], stdin=page, capture_output=True).stdout
        with open(path[:-5] + ".txt", encoding="utf-8", errors="replace") as gold_file:
            gold = collections.Counter(words(gold_file.read()))
        output = collections.Counter(words(out.decode("utf-8", "replace")))
        gold_words += sum(gold.values())
        output_words += sum(output.values())
        missing_pages.update((gold - output).keys())
        extra_pages.update((output - gold).keys())
    print(f"{len(pages)} pages of {args.package} under {args.algo}: {gold_words} gold words, "
          f"{output_words} written")
    for name, counts in (("missing", missing_pages), ("extra", extra_pages)):
        print(f"{name} (word: pages): " + ", ".join(f"{w}: {n}" for w, n in counts.most_common(args.top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
