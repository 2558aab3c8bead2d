#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Whether what a page's markup says of its layout would rank the default
extractor's held-out blocks better: signals of how the page looks that the
block features lack, measured before anything is built. Each is in the
markup a streaming tokenizer reads, at no delay or one block's.

- widths: a layout says in pixels how wide a column is where it sets it in
  the markup (`<td width="160">`, `<table width=780>`, `<div style="width:
  300px">`). A sidebar is narrow and an article's column wide. Of the
  elements open at the block's first byte, those whose `width` attribute or
  inline `width:` (not `min-width`, `max-width`) is a length in pixels:
  whether there is one, log2(narrowest / 100 px), whether the narrowest is
  under 350 px (a sidebar's or an ad's column), log2(innermost / 100 px).
- columns: a table laid out as a page puts its menu in the first cell of a
  row. Whether the block is in a table cell, whether that cell is its row's
  first, and its column (0 to 3, later ones 3); the cells a row has after
  it are not known yet.
- both: the two together.
- gaps: what lies between the block and the blocks before and after it
  (log2 of one plus its bytes, over 10; log2 of one plus the scripts,
  frames, ad slots, objects, forms' controls and images that open in it):
  an article's paragraphs sit a `</p><p>` apart, a page's boxes with
  scripts and markup between them.
- gap_bytes, gap_elements: the gaps' two parts alone (the elements raised
  the word F1 below on every package and, built as features, left the
  margin level: adapters/learn/README.md, stop 101).

For every block of every page it takes the default's held-out P(content)
(`train_blocks --no-write --decisions DIR`: DIR/<package>/<id>.tsv, begin,
end, kept, score) and the elements open at the block's first byte (Python's
html.parser over the bytes read as Latin-1, so a character is a byte; void
elements never open; an end tag closes up to its start tag, a stray one
nothing). A block is content when at least half of its words occur in the
gold text, as train_blocks labels it.

For each signal, a logistic regression over the default's log-odds alone
and over it with the signal's features and each of them times the
log-odds, fitted on the five other packages (blocks weighed by the square
root of their words, pages by their package's size^-0.5, as train_blocks
weighs them), scores the sixth. Printed per package and signal: the share
of its words the signal says something of (a feature not 0); the area
under the ROC curve (blocks weighed by their words) of each fit, over all
blocks and over those whose held-out P(content) is within --band (default
0.2,0.8: where a better ranking can change a decision); and the word F1 of
what each fit keeps at p 0.5 against the labels, mean over pages (a proxy
for the decisions: no smoothing, headline or fallback).

Needs numpy (Debian: python3-numpy); an analysis, outside the build and the
tests.

usage: layout_signals.py DECISIONS_DIR [CORPUS_ROOT] [--band LO,HI]
CORPUS_ROOT defaults to build/corpus (`make corpus`); without it or without
the decisions, it says so and exits 0.
"""
import bisect
import html.parser
import math
import re
import sys

from block_ranking import analysis_parser, held_out_figures, held_out_log_odds, parse_and_read
from lexical_odds import labelled_blocks

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr", "keygen", "frame", "basefont", "isindex"}
STYLE_WIDTH = re.compile(r"(?:^|[;\s])width\s*:\s*(\d+(?:\.\d+)?)\s*px", re.I)
ATTRIBUTE_WIDTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$", re.I)
NARROW_PX = 350


def pixel_width(attrs):
    """The element's declared width in pixels, or None (a percentage, an em,
    nothing)."""
    for name, value in attrs:
        if value is None:
            continue
        if name == "style":
            match = STYLE_WIDTH.search(value)
            if match:
                return float(match.group(1))
    for name, value in attrs:
        if name == "width" and value is not None:
            match = ATTRIBUTE_WIDTH.match(value)
            if match:
                return float(match.group(1))
    return None


class LayoutTrack(html.parser.HTMLParser):
    """After every tag, at its offset: the narrowest and the innermost pixel
    width among the open elements, and the column of the innermost open
    table cell."""

    def __init__(self, text):
        super().__init__(convert_charrefs=False)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.stack = []  # (tag, width or None, column of a cell)
        self.row_cells = []  # cells opened so far in each open row
        self.offsets, self.states = [], []

    def byte_offset(self):
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def record(self):
        widths = [w for _, w, _ in self.stack if w is not None]
        columns = [c for _, _, c in self.stack if c is not None]
        self.offsets.append(self.byte_offset())
        self.states.append(((min(widths), widths[-1]) if widths else None,
                            columns[-1] if columns else None))

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        column = None
        if tag == "tr":
            self.row_cells.append(0)
        elif tag in ("td", "th") and self.row_cells:
            column = self.row_cells[-1]
            self.row_cells[-1] += 1
        self.stack.append((tag, pixel_width(attrs), column))
        self.record()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                rows = sum(1 for t, _, _ in self.stack[i:] if t == "tr")
                del self.row_cells[len(self.row_cells) - rows:]
                del self.stack[i:]
                self.record()
                return

    def state_at(self, offset):
        i = bisect.bisect_right(self.offsets, offset) - 1
        return self.states[i] if i >= 0 else None


def page_blocks(corpus, decisions, package, name):
    raw, blocks = labelled_blocks(corpus, decisions, package, name)
    text = raw.decode("latin-1")
    track = LayoutTrack(text)
    track.feed(text)
    track.close()
    rows = []
    for i, (begin, end, score, found, label) in enumerate(blocks):
        if not found:
            continue
        before = raw[blocks[i - 1][1]:begin] if i > 0 else b""
        after = raw[end:blocks[i + 1][0]] if i + 1 < len(blocks) else b""
        rows.append((len(found), label, score, (track.state_at(begin), gap(before), gap(after))))
    return rows


GAP_ELEMENTS = re.compile(rb"<(?:script|iframe|ins|object|embed|form|input|button|select|img)\b", re.I)


def gap(markup):
    """What lies between two blocks: its bytes, and how many scripts, frames,
    ads' slots, forms' controls and images open in it."""
    return len(markup), len(GAP_ELEMENTS.findall(markup))


def layout_features(signals):
    state, before, after = signals
    widths, column = state if state is not None else (None, None)
    features = [0.0, 0.0, 0.0, 0.0]
    if widths is not None:
        narrowest, innermost = widths
        features = [1.0, math.log2(max(narrowest, 1) / 100), float(narrowest < NARROW_PX),
                    math.log2(max(innermost, 1) / 100)]
    features += [0.0, 0.0, 0.0] if column is None else [1.0, float(column == 0), float(min(column, 3))]
    for size, elements in (before, after):
        features += [math.log2(1 + size) / 10, math.log2(1 + elements)]
    return features


def design(np, rows, group):
    log_odds = held_out_log_odds(np, [r[2] for r in rows])
    signal = np.array([layout_features(r[3]) for r in rows])[:, GROUPS[group]]
    return np.column_stack([np.ones(len(rows)), log_odds, signal, signal * log_odds[:, None]])


# Which of layout_features' columns each fit adds: the declared widths, the
# table cell's column, both, the markup between the block and its neighbours,
# and that markup's two parts: its bytes, the elements that open in it.
GROUPS = {"widths": slice(0, 4), "columns": slice(4, 7), "both": slice(0, 7), "gaps": slice(7, 11),
          "gap_bytes": [7, 9], "gap_elements": [8, 10]}


def held_out_scores(np, pages, held, group, band):
    """The share of the held-out words the group's signal says something
    of, and the held-out figures (block_ranking.held_out_figures) with it."""
    def page_matrix(_package, rows):
        if not rows:
            return None
        return (design(np, rows, group), np.array([float(r[1]) for r in rows]),
                np.array([float(r[0]) for r in rows]))

    matrices = [m for m in (page_matrix(held, rows) for rows in pages[held]) if m is not None]
    x = np.vstack([m[0] for m in matrices])
    words = np.concatenate([m[2] for m in matrices])
    covered = (words * (x[:, 2:2 + (x.shape[1] - 2) // 2] != 0).any(axis=1)).sum() / words.sum()
    return f"{covered:.3f}\t{held_out_figures(np, pages, held, page_matrix, band)}"


def main():
    parser = analysis_parser(__doc__)
    loaded = parse_and_read(parser, page_blocks)
    if loaded is None:
        return 0
    args, np, pages = loaded
    band = args.band
    print("held out\tsignal\twords it covers\tAUC default\tAUC with it"
          f"\tin the band {band[0]}-{band[1]}: blocks\tAUC default\tAUC with it"
          "\tword F1 default\tword F1 with it")
    for held in pages:
        for group in GROUPS:
            print(held + "\t" + group + "\t" + held_out_scores(np, pages, held, group, band))
    return 0


if __name__ == "__main__":
    sys.exit(main())
