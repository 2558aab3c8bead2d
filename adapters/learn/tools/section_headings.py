#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whether the words of the heading a block stands under would rank the
default extractor's held-out blocks better: what a section says it is
("Related stories", "Comments", "Читайте также", "Leave a reply"), learned
on the other packages, as the context of every block under it. Measured
before anything is built; a streaming extractor has the heading before the
blocks it heads, at no delay.

For every block of every page it takes the default's held-out P(content)
(`train_blocks --no-write --decisions DIR`: DIR/<package>/<id>.tsv) and its
words and label as lexical_odds.py reads them. A block is a heading when an
`<h1>`–`<h6>` opens in the 400 bytes before it and does not close before it;
a block's section heading is the last heading block before it (none before
the page's first). A section is content when at least half of the words of
its blocks (the heading's excluded) are in content blocks.

A heading word's log-odds is lexical_odds.py's naive-Bayes log-odds with
sections in place of blocks: log((pages where it heads a content section + 1)
/ (pages with one + 2)) - log((pages where it heads a boilerplate section +
1) / (pages with one + 2)), counted once a page; words seen on fewer than
--min-pages training pages score 0. A block's features: the mean log-odds of
its section heading's words and the share of them under -1 (both 0 without
a heading; a flag for having one made five packages of six rank worse), and
each times the default's log-odds. The tables and the stacking follow
lexical_odds.py: the held-out package's table comes from the five others, a
training package's from the four others but the held-out one, and a
logistic regression over the default's log-odds alone and with the
features, fitted on five packages, scores the sixth. Printed per package:
the share of its words under a section heading; the word-weighted AUC of
each fit over all blocks and over those whose held-out P(content) is within
--band; the word F1 of what each fit keeps at p 0.5 against the labels,
mean over pages (a proxy for the decisions: no smoothing, headline or
fallback); and the strongest content and boilerplate heading words of the
table learned on all six packages.

Needs numpy (Debian: python3-numpy); an analysis, outside the build and the
tests.

With --agree K, a word enters a table only where lexical_odds.py's --agree
would have it: K of the packages it is learned from saw it on 5 pages or
more and give it the pooled sign.

usage: section_headings.py DECISIONS_DIR [CORPUS_ROOT] [--min-pages N] [--band LO,HI]
       [--agree K]
CORPUS_ROOT defaults to build/corpus (`make corpus`); without it or without
the decisions, it says so and exits 0.
"""
import re
import sys

from block_ranking import analysis_parser, held_out_figures, held_out_log_odds, parse_and_read
from lexical_odds import PageCounts, fold_tables, labelled_blocks, lexical, odds_table, print_strongest

HEADING_OPEN = re.compile(rb"<h[1-6][\s>]", re.I)
HEADING_CLOSE = re.compile(rb"</h[1-6]\s*>", re.I)
LOOK_BACK = 400


def is_heading(raw, begin):
    before = raw[max(0, begin - LOOK_BACK):begin]
    opened = [m.start() for m in HEADING_OPEN.finditer(before)]
    closed = [m.start() for m in HEADING_CLOSE.finditer(before)]
    return bool(opened) and (not closed or opened[-1] > closed[-1])


def page_sections(corpus, decisions, package, name):
    """The page's blocks with words, each as (words, label, score, its
    section heading's words or None), and its sections as (heading words,
    content) for the tables."""
    raw, blocks = labelled_blocks(corpus, decisions, package, name)
    rows, sections = [], []
    heading = None
    content_words = all_words = 0
    for begin, _end, score, found, label in blocks:
        if not found:
            continue
        if is_heading(raw, begin):
            if heading is not None and all_words:
                sections.append((heading, content_words * 2 >= all_words))
            rows.append((found, label, score, heading))
            heading, content_words, all_words = found, 0, 0
            continue
        rows.append((found, label, score, heading))
        all_words += len(found)
        content_words += len(found) if label else 0
    if heading is not None and all_words:
        sections.append((heading, content_words * 2 >= all_words))
    return rows, sections


def heading_counts(pages):
    counts = PageCounts()
    for _rows, sections in pages:
        counts.add_page([(heading, content, None) for heading, content in sections])
    return counts


def design(np, rows, table):
    log_odds = held_out_log_odds(np, [r[2] for r in rows])
    signal = np.array([[0.0, 0.0] if r[3] is None else list(lexical(table, r[3])) for r in rows])
    return np.column_stack([np.ones(len(rows)), log_odds, signal, signal * log_odds[:, None]])


def held_out_scores(np, pages, counts, held, min_pages, agree, band):
    """The held-out figures (block_ranking.held_out_figures) with heading
    tables learned without the held-out package, and for a training
    package without it too; the share of the held-out words under a
    heading; the size of its table."""
    tables = fold_tables(counts, held, min_pages, agree)

    def page_matrix(package, page):
        rows, _sections = page
        if not rows:
            return None
        return (design(np, rows, tables[package]), np.array([float(r[1]) for r in rows]),
                np.array([float(len(r[0])) for r in rows]))

    rows = [r for page_rows, _sections in pages[held] for r in page_rows]
    words = np.array([float(len(r[0])) for r in rows])
    covered = (words * np.array([r[3] is not None for r in rows])).sum() / words.sum()
    return (f"{covered:.3f}\t{held_out_figures(np, pages, held, page_matrix, band)}"
            f"\t{len(tables[held])}")


def main():
    parser = analysis_parser(__doc__)
    parser.add_argument("--min-pages", type=int, default=5)
    parser.add_argument("--agree", type=int, default=0)
    loaded = parse_and_read(parser, page_sections)
    if loaded is None:
        return 0
    args, np, pages = loaded
    counts = {p: heading_counts(pages[p]) for p in pages}
    band = args.band
    print("held out\twords under a heading\tAUC default\tAUC with headings"
          f"\tin the band {band[0]}-{band[1]}: blocks\tAUC default\tAUC with headings"
          "\tword F1 default\tword F1 with headings\twords in table")
    for held in pages:
        print(held + "\t" + held_out_scores(np, pages, counts, held, args.min_pages, args.agree, band))
    print_strongest(odds_table(counts.values(), args.min_pages, args.agree), "heading words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
