#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whether the other algorithms' decisions would tell the default extractor's
blocks apart better than its own model does, held out by package: issue 11's
first suggested route ("one pass, several algorithms: combine their per-block
decisions"), measured before anything is built.

For every block of every page it takes the default's held-out P(content)
(`train_blocks --no-write --decisions DIR`: DIR/<package>/<id>.tsv, begin,
end, kept, score, from a model that never saw the page's package) and, for
each algorithm named, the share of the block's input bytes that algorithm
writes (`winnow --algo A --format spans`, run here). A block is content when
at least half of its words occur in the gold text, as train_blocks labels it.
A logistic regression over the default's log-odds, each algorithm's share and
their products (the vote), fitted by Newton's method on the five other
packages (blocks weighed by the square root of their words, pages by their
package's size^-0.5, as train_blocks weighs them), scores the sixth.

Printed per package: the area under the ROC curve, blocks weighed by their
words, of the default's P(content) and of the vote. The area compares
rankings, so it does not depend on where the offset or the smoothing put the
threshold. The spans are the algorithms' final decisions: readability, bte,
mss, textsweeper and shallow-article decide at the end of the page, which a
streaming default cannot wait for, so the vote's figure is an optimistic
bound on what a streaming combination of them could reach.

Needs numpy (Debian: python3-numpy); it is an analysis, outside the build and
the tests. `--spans DIR` keeps the algorithms' spans between runs.

usage: algorithm_vote.py DECISIONS_DIR [CORPUS_ROOT] [--winnow PATH]
       [--algos A,B,...] [--spans DIR] [--jobs N]
CORPUS_ROOT defaults to build/corpus (`make corpus`); without it or without
the decisions, it says so and exits 0.
"""
import argparse
import collections
import concurrent.futures
import html
import math
import os
import re
import subprocess
import sys

from block_ranking import fit, held_out_log_odds, numpy_for, weighted_auc

# The algorithms that learn nothing from the corpus: a vote of trained ones
# (blocks, mss, ncleaner) would have seen the held-out package.
UNTRAINED = ("bte,dsc,cetr,cetr-km,lqf,textsweeper,relevance,readability,"
             "mountain,crunch,shallow-default,shallow-article")


def words(text):
    return re.findall(r"\w+", text.lower())


def page_spans(winnow, algos, page):
    spans = {}
    for algo in algos:
        out = subprocess.run([winnow, "--algo", algo, "--format", "spans", page],
                             capture_output=True, check=False).stdout
        spans[algo] = [tuple(map(int, line.split())) for line in out.decode().splitlines()]
    return spans


def cached_spans(args, algos, package, page_id):
    path = os.path.join(args.spans, package, page_id + ".tsv") if args.spans else None
    if path and os.path.exists(path):
        spans, algo = {}, None
        for line in open(path):
            if line.startswith("#"):
                algo = line[1:].strip()
                spans[algo] = []
            else:
                spans[algo].append(tuple(map(int, line.split())))
        if all(a in spans for a in algos):
            return spans
    spans = page_spans(args.winnow, algos, os.path.join(args.corpus, package, page_id + ".html"))
    if path:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as out:
            for algo, ranges in spans.items():
                out.write("#" + algo + "\n")
                out.writelines(f"{b}\t{e}\n" for b, e in ranges)
    return spans


def covered_share(ranges, begin, end):
    inside = sum(min(e, end) - max(b, begin) for b, e in ranges if e > begin and b < end)
    return inside / max(1, end - begin)


def page_blocks(args, algos, package, name):
    page_id = name[:-4]
    raw = open(os.path.join(args.corpus, package, page_id + ".html"), "rb").read()
    with open(os.path.join(args.corpus, package, page_id + ".txt"), encoding="utf-8",
              errors="replace") as f:
        gold = set(words(f.read()))
    spans = cached_spans(args, algos, package, page_id)
    rows = []
    with open(os.path.join(args.decisions, package, name)) as f:
        next(f)
        for line in f:
            begin, end, _kept, score = line.rstrip("\n").split("\t")
            begin, end = int(begin), int(end)
            text = html.unescape(re.sub(r"<[^>]*>", " ", raw[begin:end].decode("utf-8", "replace")))
            found = words(text)
            if not found:
                continue
            label = sum(w in gold for w in found) * 2 >= len(found)
            rows.append((len(found), label, float(score),
                         [covered_share(spans[a], begin, end) for a in algos]))
    return rows


def features(np, rows):
    log_odds = held_out_log_odds(np, [r[2] for r in rows])
    shares = np.array([r[3] for r in rows])
    return np.column_stack([np.ones(len(rows)), log_odds, shares, shares * log_odds[:, None]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("decisions")
    parser.add_argument("corpus", nargs="?", default="build/corpus")
    parser.add_argument("--winnow", default="build/winnow")
    parser.add_argument("--algos", default=UNTRAINED)
    parser.add_argument("--spans", default=None)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    np = numpy_for(args.corpus, args.decisions)
    if np is None:
        return 0
    algos = [a for a in args.algos.split(",") if a]
    packages = sorted(os.listdir(args.decisions))
    pages = [(p, n) for p in packages for n in sorted(os.listdir(os.path.join(args.decisions, p)))]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        blocks = list(pool.map(lambda pn: page_blocks(args, algos, *pn), pages))
    size = collections.Counter(p for p, _ in pages)
    package_of, x, y, fit_weight, words_weight = [], [], [], [], []
    for (package, _), rows in zip(pages, blocks):
        if not rows:
            continue
        package_of += [package] * len(rows)
        x.append(features(np, rows))
        y += [float(r[1]) for r in rows]
        fit_weight += [math.sqrt(r[0]) * size[package] ** -0.5 for r in rows]
        words_weight += [float(r[0]) for r in rows]
    package_of, x = np.array(package_of), np.vstack(x)
    y, fit_weight, words_weight = np.array(y), np.array(fit_weight), np.array(words_weight)
    print(f"{len(pages)} pages, {len(y)} blocks with words; algorithms: {', '.join(algos)}")
    print("held out\tAUC default\tAUC vote")
    for package in packages:
        train, test = package_of != package, package_of == package
        beta = fit(np, x[train], y[train], fit_weight[train])
        vote = x[test] @ beta
        own = x[test][:, 1]
        print(f"{package}\t{weighted_auc(np, own, y[test], words_weight[test]):.4f}"
              f"\t{weighted_auc(np, vote, y[test], words_weight[test]):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
