#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Checks that the winnow command's three output formats agree, for every
# algorithm, on pages of a corpus:
#   - every `--format json` line is one JSON object;
#   - the text format's lines are the JSON blocks' texts, none empty, none
#     with a leading, trailing or doubled space or an in-band marker (a
#     preformatted block's later lines may be indented, and one of them may
#     be empty);
#   - the spans format's lines are the JSON spans, and spans are non-empty,
#     in document order, apart, and inside the input;
#   - a page with text has at least one span;
#   - `--format markdown`, rendered by cmark (a CommonMark renderer, Debian's
#     package; skipped with a note without it), shows the text format's
#     words: no escape missing, no markup eating text; and its structure is
#     the blocks': no code block that no preformatted block asked for, quotes
#     as deep as the JSON blocks' quote_nesting says, lists no deeper than
#     their list_nesting (stop 54), and at least as many lists as blocks
#     that start one (stop 55: two lists in a row stay two);
#   - winnow-reader (the C API's small-screen renderer) at 24 columns shows
#     the text format's characters, give or take its marks (bullets, bars,
#     heading rules, a table row's " | "), and no line is wider than the
#     screen, a wide character (CJK, emoji) counted as two columns (stop 56
#     found emoji counted as one) and a mark that draws on the character
#     before it (a Thai vowel, an accent written apart) as none (stop 58).
# Stop 38 found `--format json` printing a span's object inside an open
# block's text for five algorithms, unnoticed since the unit tests read the
# sample page under `plain` and `default` only.
#
# Usage: check_formats.py [--winnow PATH] [--reader PATH] [--every N] [CORPUS]
#   CORPUS: a folder of packages (default: build/corpus, `make corpus`); every
#   Nth .html page under it (default 7) is run under every algorithm.
# Exit status: 0 all agree, 1 a disagreement (each printed), 2 no corpus or
# no winnow.
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import unicodedata


def run(winnow, args):
    return subprocess.run([winnow] + args, capture_output=True).stdout


# The in-band markers of rendered text (engine/content_writer.h): a block's
# shape (U+0001, U+0011 to U+001F) and a line break (U+0003).
IN_BAND = re.compile("[\x01\x03\x11-\x1f]")


def bad_block(block):
    """Whether a block's text breaks the text format's rules."""
    if not block or block[0] in " \n" or block[-1] in " \n" or IN_BAND.search(block):
        return True
    if "\n\n\n" in block:
        return True
    for line in block.split("\n"):
        words = line.lstrip(" ")
        if line.endswith(" ") or "  " in words:
            return True
    return False


def render(markdown):
    """The HTML a CommonMark renderer makes of the markdown."""
    return subprocess.run(["cmark"], input=markdown, capture_output=True).stdout.decode("utf-8", "replace")


def deepest(html, element):
    """How deep the element nests in the rendered HTML."""
    depth = most = 0
    for match in re.finditer(r"<(/?)" + element + r"\b", html):
        depth += -1 if match.group(1) else 1
        most = max(most, depth)
    return most


def structure_problems(html, shapes):
    """Where the rendered markdown's structure is not the blocks' shapes: a
    code block no preformatted block asked for (an indentation gone wrong),
    quotes nested otherwise than the blocks say, a list nested deeper than
    any item's nesting."""
    problems = []
    runs = sum(1 for k, b in enumerate(shapes) if b["kind"] == "preformatted" and (k == 0 or shapes[k - 1]["kind"] != "preformatted"))
    if html.count("<pre>") > runs:
        problems.append(f"markdown renders {html.count('<pre>')} code blocks for {runs} runs of preformatted blocks")
    quotes = max([1 + b.get("quote_nesting", 0) for b in shapes if b.get("quoted")] or [0])
    if deepest(html, "blockquote") != quotes:
        problems.append(f"markdown nests quotes {deepest(html, 'blockquote')} deep, the blocks {quotes}")
    lists = max([1 + b.get("list_nesting", 0) for b in shapes if b["kind"] in ("list_item", "ordered_list_item")] or [0])
    if deepest(html, "li") > lists:
        problems.append(f"markdown nests lists {deepest(html, 'li')} deep, the blocks at most {lists}")
    started = sum(1 for b in shapes if b.get("starts_list") and b["kind"] in ("list_item", "ordered_list_item"))
    rendered = html.count("<ul>") + html.count("<ol>") + html.count("<ol start=")
    if rendered < started:
        problems.append(f"markdown renders {rendered} lists where the blocks start {started}")
    return problems


def rendered_words(rendered):
    """The words a renderer shows of its HTML."""
    text = re.sub(r"<[^>]*>", " ", rendered)
    # cmark writes these five escapes and no others (html.unescape would also
    # read "&copy" without its ';', as a browser does, and a renderer did not).
    for escape, character in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'"), ("&amp;", "&")):
        text = text.replace(escape, character)
    return text.split()


READER_COLUMNS = 24
# What winnow-reader adds around the text's words: numbers of ordered items
# ("12."), and the characters of bullets, quote bars, row separators,
# heading marks and rules ("-", "|", "##", "------------"). Those characters
# are left out of both texts wherever they are: a word the screen's edge
# broke may put one at a line's start.
READER_NUMBER = re.compile(r"\d+\.")
READER_MARKS = str.maketrans("", "", "#|=-")


def character_columns(c):
    """Columns a terminal gives c, by the rule winnow-reader's generated
    tables follow (adapters/reader/tools/gen_column_widths.py), read here
    straight from unicodedata."""
    category = unicodedata.category(c)
    if category in ("Mn", "Me") or (category == "Cf" and c != "\u00ad") or "\u1160" <= c <= "\u11ff":
        return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1


def display_columns(line):
    return sum(character_columns(c) for c in line)


def reader_problems(reader, algorithm, page, text_out):
    """Where winnow-reader's screen is not the text format's text, or is
    wider than it may be. Words may be broken at the screen's edge, so the
    characters are compared, not the words."""
    with open(page, "rb") as stdin:
        shown = subprocess.run([reader, "--algo", algorithm, "--no-title", "--columns", str(READER_COLUMNS)],
                               stdin=stdin, capture_output=True).stdout.decode("utf-8", "replace")
    problems = [f"reader line {line!r} is wider than {READER_COLUMNS} columns"
                for line in shown.split("\n") if display_columns(line) > READER_COLUMNS][:1]
    def letters(text):
        return "".join(w for w in text.split() if not READER_NUMBER.fullmatch(w)).translate(READER_MARKS)
    a, b = letters(shown), letters(text_out)
    if a != b:
        at = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        problems.append(f"reader shows {a[at:at + 12]!r} where the text has {b[at:at + 12]!r}")
    return problems


def check_page(winnow, algorithm, page, markdown=False, reader=None):
    """The disagreements of one page under one algorithm, as strings."""
    problems = []
    size = os.path.getsize(page)
    base = ["--algo", algorithm]
    json_out = run(winnow, base + ["--format", "json", page]).decode("utf-8", "replace")
    text_out = run(winnow, base + [page]).decode("utf-8", "replace")
    span_out = run(winnow, base + ["--format", "spans", page]).decode()
    objects = []
    for line in json_out.split("\n"):
        if not line:
            continue
        try:
            objects.append(json.loads(line))
        except ValueError:
            problems.append("not one JSON object: " + line[:80])
            return problems
    shapes = [o for o in objects if o.get("type") == "block"]
    blocks = [o["text"] for o in shapes]
    if "".join(b + "\n" for b in blocks) != text_out:
        problems.append("text lines differ from the JSON blocks")
    for block in blocks:
        if bad_block(block):
            problems.append("bad text block: " + repr(block[:60]))
            break
    spans = [tuple(map(int, line.split("\t"))) for line in span_out.split("\n") if line]
    if spans != [(o["begin"], o["end"]) for o in objects if o.get("type") == "span"]:
        problems.append("span lines differ from the JSON spans")
    previous_end = 0
    for begin, end in spans:
        if begin >= end or begin < previous_end or end > size:
            problems.append(f"span [{begin}, {end}) after {previous_end}, input {size}")
            break
        previous_end = end
    if blocks and not spans:
        problems.append("text without a span")
    if markdown:
        html = render(run(winnow, base + ["--format", "markdown", page]))
        problems.extend(structure_problems(html, shapes))
        # The " | " between a table row's cells is the one word markdown
        # adds; a "|" of the text's own goes with it.
        shown = [w for w in rendered_words(html) if w != "|"]
        words = [w for w in text_out.split() if w != "|"]
        if shown != words:
            at = next((k for k, (a, b) in enumerate(zip(shown, words)) if a != b), min(len(shown), len(words)))
            problems.append(f"markdown renders {shown[at:at + 4]} where the text has {words[at:at + 4]}")
    if reader:
        problems.extend(reader_problems(reader, algorithm, page, text_out))
    return problems


def main():
    parser = argparse.ArgumentParser(description="Check that winnow's output formats agree.")
    parser.add_argument("corpus", nargs="?", default="build/corpus")
    parser.add_argument("--winnow", default="build/winnow")
    parser.add_argument("--reader", default="build/winnow-reader")
    parser.add_argument("--every", type=int, default=7)
    options = parser.parse_args()
    if not os.path.isdir(options.corpus):
        print(f"check_formats: no corpus at {options.corpus} (make corpus); nothing checked")
        return 2
    if not os.access(options.winnow, os.X_OK):
        print(f"check_formats: no winnow at {options.winnow} (make build)")
        return 2
    listing = run(options.winnow, ["--list-algos"]).decode()
    algorithms = [line.split()[0] for line in listing.split("\n") if line.strip()]
    pages = sorted(
        os.path.join(folder, name)
        for folder, _, names in os.walk(options.corpus)
        for name in names
        if name.endswith(".html")
    )[:: max(1, options.every)]
    markdown = shutil.which("cmark") is not None
    if not markdown:
        print("check_formats: no cmark (make deps); the markdown format is not checked")
    reader = options.reader if os.access(options.reader, os.X_OK) else None
    if not reader:
        print(f"check_formats: no winnow-reader at {options.reader}; the reader is not checked")
    failures = 0
    for page in pages:
        for algorithm in algorithms:
            for problem in check_page(options.winnow, algorithm, page, markdown, reader):
                failures += 1
                print(f"{algorithm} {page}: {problem}")
    print(f"check_formats: {len(pages)} pages x {len(algorithms)} algorithms, {failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
