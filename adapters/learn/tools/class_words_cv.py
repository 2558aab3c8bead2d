#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Would class and id words learned from pages carry to other packages,
beyond the cue words engine/semantics.cpp reads? An estimate before building
a learned class-word table into the engine.

Text nodes are labelled as mine_class_words.py labels them (content when half
their word pairs occur in the gold). For each package held out in turn, every
class/id word of the other packages gets its log-odds of content (add-50
smoothing, against those packages' content share); words that are no cue
count only if they stand on 10 or more pages of two or more of those
packages. A held-out node's score is the sum of its ancestors' words'
log-odds, each clipped to [-3, 3]. Printed, per held-out package, the
area under the ROC curve (nodes weighed by their words) of:
  cues       the cue words' log-odds alone (what the hand-made bits can say)
  cues+words the cue words and the other words together
  words      the other words alone, on the nodes with no cue word at all
             (and the share of the package's words on such nodes)
A learned table is worth building only if cues+words is above cues on
most packages.

usage: class_words_cv.py [CORPUS]
CORPUS defaults to build/corpus (`make corpus`); without it, it says so and
exits 0.
"""
import collections
import glob
import math
import multiprocessing
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mine_class_words as mined  # noqa: E402  (the parser and the cue list)

CLIP = 3.0


def labelled_nodes(html_path):
    """(package, [(word count, is_content, ancestors' class/id words)])."""
    package, nodes = mined.labelled_nodes(html_path)
    return package, [(len(words), is_content, frozenset(ancestors)) for words, is_content, ancestors in nodes]


def weighted_auc(items):
    """Area under the ROC curve of (score, weight, is_positive) items; ties
    count half."""
    items = sorted(items, key=lambda item: item[0])
    positives = sum(w for _, w, label in items if label)
    negatives = sum(w for _, w, label in items if not label)
    if positives == 0 or negatives == 0:
        return float("nan")
    area, below, i = 0.0, 0.0, 0
    while i < len(items):
        j, tied_pos, tied_neg = i, 0.0, 0.0
        while j < len(items) and items[j][0] == items[i][0]:
            if items[j][2]:
                tied_pos += items[j][1]
            else:
                tied_neg += items[j][1]
            j += 1
        area += tied_pos * (below + tied_neg / 2)
        below += tied_neg
        i = j
    return area / (positives * negatives)


def learn(pages, held_out, is_cue):
    """The cue words' and the other general words' log-odds, from every
    package but held_out."""
    content, boilerplate = collections.Counter(), collections.Counter()
    page_count, packages = collections.Counter(), collections.defaultdict(set)
    for package, nodes in pages:
        if package == held_out:
            continue
        seen = set()
        for words, is_content, ancestors in nodes:
            for w in ancestors:
                (content if is_content else boilerplate)[w] += words
                seen.add(w)
        for w in seen:
            page_count[w] += 1
            packages[w].add(package)
    prior = math.log(sum(content.values()) / sum(boilerplate.values()))

    def log_odds(w):
        return max(-CLIP, min(CLIP, math.log((content[w] + 50) / (boilerplate[w] + 50)) - prior))

    cues = {w: log_odds(w) for w in page_count if is_cue(w)}
    others = {w: log_odds(w) for w in page_count
              if not is_cue(w) and page_count[w] >= 10 and len(packages[w]) >= 2}
    return cues, others


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else "build/corpus"
    paths = sorted(glob.glob(os.path.join(corpus, "*", "*.html")))
    if not paths:
        print(f"no corpus at {corpus} (make corpus unpacks it): nothing to measure")
        return 0
    with multiprocessing.Pool() as pool:
        pages = pool.map(labelled_nodes, paths, chunksize=20)
    cue_table = mined.cue_words()

    def is_cue(w):
        return w in cue_table or mined.compound_cues(w, cue_table) is not None

    print(f"{len(paths)} pages; AUC of held-out text nodes, weighed by words")
    print(f"{'held out':24s} {'cues':>6s} {'cues+words':>10s} {'words':>6s} {'(share)':>8s}")
    for held_out in sorted({package for package, _ in pages}):
        cues, others = learn(pages, held_out, is_cue)
        by_cues, by_both, uncued = [], [], []
        for package, nodes in pages:
            if package != held_out:
                continue
            for words, is_content, ancestors in nodes:
                cue_score = sum(cues.get(w, 0.0) for w in ancestors)
                word_score = sum(others.get(w, 0.0) for w in ancestors)
                by_cues.append((cue_score, words, is_content))
                by_both.append((cue_score + word_score, words, is_content))
                if not any(is_cue(w) for w in ancestors):
                    uncued.append((word_score, words, is_content))
        share = sum(w for _, w, _ in uncued) / max(1, sum(w for _, w, _ in by_cues))
        print(f"{held_out:24s} {weighted_auc(by_cues):6.3f} {weighted_auc(by_both):10.3f} "
              f"{weighted_auc(uncued):6.3f} {share:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
