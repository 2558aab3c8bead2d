#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whether the words of a block, weighed by how often each is content and
how often boilerplate on pages of other packages, would rank the default
extractor's blocks better than its own model does, held out by package:
a learned lexical feature (a naive-Bayes log-odds per word), measured before
anything is built.

For every block of every page it takes the default's held-out P(content)
(`train_blocks --no-write --decisions DIR`: DIR/<package>/<id>.tsv, begin,
end, kept, score, from a model that never saw the page's package) and the
block's words (its input bytes without markup, entities decoded, lowercased
runs of word characters; a CJK character is a word, as the tokenizer has
it). A block is content when at least half of its words occur in the gold
text, as train_blocks labels it.

A word's log-odds is log((pages where it is in content + 1) / (content
pages + 2)) - log((pages where it is in boilerplate + 1) / (boilerplate
pages + 2)): counted once per page however often the page repeats it, so a
menu that lists a word ten times weighs no more than a paragraph that uses
it once; only words seen on
at least --min-pages training pages count (the rest score 0). A block's
lexical scores are the mean of its words' log-odds and the share of its
words with log-odds under -1. The tables for the held-out package come from
the five others; those for a training package j of that fold from the four
packages other than j and the held-out one, so the stacking below is not
fitted on scores that saw their own pages.

With --agree K, a word enters a table only if at least K of the packages
it is learned from saw it on 5 pages or more and each gives its log-odds the
sign the pooled table does: the words whose meaning carries from site to
site and language to language, not one package's menu.

A logistic regression over the default's log-odds alone, and over it with
the lexical scores and their products, fitted by Newton's method on the five
other packages (blocks weighed by the square root of their words, pages by
their package's size^-0.5, as train_blocks weighs them), scores the sixth.
Printed per package: the area under the ROC curve, blocks weighed by their
words, of each, over all blocks and over those whose held-out P(content) is
within --band (default 0.2,0.8: the blocks near the threshold, where a
better ranking can change a decision); the word F1 of what each keeps at p
0.5 against the labels, mean over pages (a proxy for the decisions: no
smoothing, headline or fallback); and the strongest content and
boilerplate words of the table learned on all six packages.

Needs numpy (Debian: python3-numpy); it is an analysis, outside the build
and the tests.

usage: lexical_odds.py DECISIONS_DIR [CORPUS_ROOT] [--min-pages N] [--band LO,HI]
       [--agree K]
CORPUS_ROOT defaults to build/corpus (`make corpus`); without it or without
the decisions, it says so and exits 0.
"""
import collections
import html
import math
import os
import re
import sys

from block_ranking import analysis_parser, held_out_figures, held_out_log_odds, parse_and_read

# A CJK character is a word of its own (engine/tokenizer.h); other runs of
# word characters are words.
WORD = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]|[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")


def words(text):
    return WORD.findall(text.lower())


def labelled_blocks(corpus, decisions, package, name):
    """A page's bytes, and per block of its decisions file, in order: its
    begin and end, its held-out P(content), its words (its bytes without
    markup, entities decoded) and whether it is content (at least half of
    its words occur in the gold text, as train_blocks labels it)."""
    page_id = name[:-4]
    raw = open(os.path.join(corpus, package, page_id + ".html"), "rb").read()
    with open(os.path.join(corpus, package, page_id + ".txt"), encoding="utf-8",
              errors="replace") as f:
        gold = set(words(f.read()))
    blocks = []
    with open(os.path.join(decisions, package, name)) as f:
        next(f)
        for line in f:
            begin, end, _kept, score = line.rstrip("\n").split("\t")
            begin, end = int(begin), int(end)
            text = html.unescape(re.sub(r"<[^>]*>", " ", raw[begin:end].decode("utf-8", "replace")))
            found = words(text)
            label = bool(found) and sum(w in gold for w in found) * 2 >= len(found)
            blocks.append((begin, end, float(score), found, label))
    return raw, blocks


def page_blocks(corpus, decisions, package, name):
    _raw, blocks = labelled_blocks(corpus, decisions, package, name)
    return [(found, label, score) for _begin, _end, score, found, label in blocks if found]


class PageCounts:
    """Per package: on how many pages each word is in a content block, in a
    boilerplate block, and how many pages have any of either."""

    def __init__(self):
        self.content = collections.Counter()
        self.boiler = collections.Counter()
        self.content_pages = 0
        self.boiler_pages = 0

    def add_page(self, rows):
        content = set(w for found, label, _ in rows if label for w in found)
        boiler = set(w for found, label, _ in rows if not label for w in found)
        self.content.update(content)
        self.boiler.update(boiler)
        self.content_pages += bool(content)
        self.boiler_pages += bool(boiler)


def naive_bayes_log_odds(content, content_pages, boiler, boiler_pages):
    """A word's log-odds from the pages it is in content and in boilerplate
    on, out of the pages with any of either (add-one smoothing)."""
    return (math.log((content + 1) / (content_pages + 2))
            - math.log((boiler + 1) / (boiler_pages + 2)))


def package_log_odds(c, w):
    return naive_bayes_log_odds(c.content[w], c.content_pages, c.boiler[w], c.boiler_pages)


def agrees(counts, w, pooled, agree):
    """Whether at least `agree` of the packages saw w on 5 pages or more and
    give its log-odds the pooled sign."""
    same = sum(1 for c in counts if c.content[w] + c.boiler[w] >= 5
               and (package_log_odds(c, w) > 0) == (pooled > 0))
    return same >= agree


def odds_table(counts, min_pages, agree=0):
    counts = list(counts)
    content, boiler = collections.Counter(), collections.Counter()
    content_pages = boiler_pages = 0
    for c in counts:
        content.update(c.content)
        boiler.update(c.boiler)
        content_pages += c.content_pages
        boiler_pages += c.boiler_pages
    table = {}
    for w in set(content) | set(boiler):
        if content[w] + boiler[w] < min_pages:
            continue
        pooled = naive_bayes_log_odds(content[w], content_pages, boiler[w], boiler_pages)
        if agree == 0 or agrees(counts, w, pooled, agree):
            table[w] = pooled
    return table


def print_strongest(table, what):
    """The 40 words of the table most on each side."""
    ranked = sorted(table.items(), key=lambda kv: (kv[1], kv[0]))
    print(f"boilerplate {what}: " + " ".join(f"{w}:{o:.1f}" for w, o in ranked[:40]))
    print(f"content {what}: " + " ".join(f"{w}:{o:.1f}" for w, o in ranked[-40:]))


def fold_tables(counts, held, min_pages, agree):
    """The word tables of one held-out fold, per package (counts: package ->
    PageCounts): the held-out package's from every other package, a training
    package's from every package but itself and the held-out one, so the
    stacking is never fitted on scores that saw their own pages."""
    tables = {j: odds_table([counts[q] for q in counts if q not in (j, held)], min_pages, agree)
              for j in counts if j != held}
    tables[held] = odds_table([counts[q] for q in counts if q != held], min_pages, agree)
    return tables


def lexical(table, found):
    odds = [table.get(w, 0.0) for w in found]
    return sum(odds) / len(odds), sum(o < -1 for o in odds) / len(odds)


def design(np, rows, table):
    log_odds = held_out_log_odds(np, [r[2] for r in rows])
    lex = np.array([lexical(table, r[0]) for r in rows])
    return np.column_stack([np.ones(len(rows)), log_odds, lex, lex * log_odds[:, None]])


def main():
    parser = analysis_parser(__doc__)
    parser.add_argument("--min-pages", type=int, default=10)
    parser.add_argument("--agree", type=int, default=0)
    loaded = parse_and_read(parser, page_blocks)
    if loaded is None:
        return 0
    args, np, pages = loaded
    packages = list(pages)
    counts = {}
    for p in packages:
        counts[p] = PageCounts()
        for rows in pages[p]:
            counts[p].add_page(rows)
    print(f"{sum(len(v) for v in pages.values())} pages; words seen on at least "
          f"{args.min_pages} training pages count")
    band = args.band
    print(f"held out\tAUC default\tAUC with words\tin the band {band[0]}-{band[1]}: blocks\t"
          "AUC default\tAUC with words\tword F1 default\tword F1 with words\twords in table")
    for held in packages:
        tables = fold_tables(counts, held, args.min_pages, args.agree)

        def page_matrix(package, rows):
            if not rows:
                return None
            return (design(np, rows, tables[package]), np.array([float(r[1]) for r in rows]),
                    np.array([float(len(r[0])) for r in rows]))

        print(f"{held}\t{held_out_figures(np, pages, held, page_matrix, band)}\t{len(tables[held])}")
    print_strongest(odds_table(counts.values(), args.min_pages, args.agree), "words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
