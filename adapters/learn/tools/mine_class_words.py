#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Which class and id words mark main content, and which boilerplate, on the
development corpus: the evidence behind engine/semantics.cpp's cue words.

Each text node of every page (two or more words, outside script and style)
is labelled content when at least half of its word pairs occur in the page's
gold text; each class/id word of its ancestors (html and body left out, as
the engine leaves them out) is credited with the node's words, as content or
as boilerplate. Printed: the words engine/semantics.cpp does not read, most
boilerplate and most content first, as log-odds against the corpus's share
of content words; then what the two compound rules of bits_of_word() reach
(a cue numbered, "menu2"; two cues run together, "storybody"), by the cues
they give.

Only words on at least --min-pages pages of at least three packages are
listed, so one site's names stay out.

usage: mine_class_words.py [CORPUS] [--min-pages N] [--top N]
CORPUS defaults to build/corpus (`make corpus`); without it, it says so and
exits 0.
"""
import argparse
import collections
import glob
import math
import multiprocessing
import os
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr"}
UNREAD = {"script", "style"}
SEMANTICS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "engine", "semantics.cpp")


def class_words(value):
    """Words as engine/semantics.cpp splits them: at non-alphanumerics and
    lower-to-upper case changes, lower-cased."""
    words = []
    for part in re.split(r"[^A-Za-z0-9]+", value):
        for word in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", part):
            if len(word) >= 2 and not word.isdigit():
                words.append(word.lower())
    return words


class TextNodes(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open = []  # (tag, class/id words)
        self.unread = 0
        self.nodes = []  # (words, ancestors' class/id words)

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        words = set()
        if tag not in ("html", "body"):
            for name, value in attrs:
                if name in ("class", "id") and value:
                    words.update(class_words(value))
        self.open.append((tag, words))
        self.unread += tag in UNREAD

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                self.unread -= sum(t in UNREAD for t, _ in self.open[i:])
                del self.open[i:]
                return

    def handle_data(self, data):
        words = re.findall(r"\w+", data.lower())
        if self.unread or len(words) < 2:
            return
        ancestors = set()
        for _, w in self.open:
            ancestors |= w
        self.nodes.append((words, ancestors))


def labelled_nodes(html_path):
    """(package, [(words, is_content, ancestors' class/id words)]) of a page's
    text nodes: content when at least half their word pairs occur in the gold."""
    base = html_path[:-len(".html")]
    with open(html_path, "rb") as f:
        html = f.read().decode("utf-8", "replace")
    with open(base + ".txt", encoding="utf-8", errors="replace") as f:
        gold = re.findall(r"\w+", f.read().lower())
    gold_pairs = set(zip(gold, gold[1:]))
    parser = TextNodes()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # a page html.parser cannot finish still gave its nodes so far
        pass
    nodes = []
    for words, ancestors in parser.nodes:
        pairs = list(zip(words, words[1:]))
        found = sum(pair in gold_pairs for pair in pairs)
        nodes.append((words, 2 * found >= len(pairs), ancestors))
    return os.path.basename(os.path.dirname(html_path)), nodes


def read_page(html_path):
    package, nodes = labelled_nodes(html_path)
    content, boilerplate = collections.Counter(), collections.Counter()
    for words, is_content, ancestors in nodes:
        counter = content if is_content else boilerplate
        for word in ancestors:
            counter[word] += len(words)
    return package, content, boilerplate


def cue_words():
    with open(SEMANTICS, encoding="utf-8") as f:
        return dict(re.findall(r'\{"([a-z0-9]+)", (kSem\w+)\}', f.read()))


def compound_cues(word, cues):
    """What bits_of_word() gives a word that is no cue itself, or None."""
    stem = word.rstrip("0123456789")
    if stem != word and stem in cues:
        return ("numbered", cues[stem])
    for split in range(3, len(stem) - 2):
        if stem[:split] in cues and stem[split:] in cues:
            return ("run together", cues[stem[:split]] + "+" + cues[stem[split:]])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default="build/corpus")
    parser.add_argument("--min-pages", type=int, default=25)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    pages = sorted(glob.glob(os.path.join(args.corpus, "*", "*.html")))
    if not pages:
        print(f"no corpus at {args.corpus} (make corpus unpacks it): nothing to mine")
        return 0
    content, boilerplate = collections.Counter(), collections.Counter()
    page_count, packages = collections.Counter(), collections.defaultdict(set)
    with multiprocessing.Pool() as pool:
        for package, c, b in pool.imap_unordered(read_page, pages, chunksize=20):
            content.update(c)
            boilerplate.update(b)
            for word in set(c) | set(b):
                page_count[word] += 1
                packages[word].add(package)
    prior = math.log(sum(content.values()) / sum(boilerplate.values()))

    def log_odds(c, b):
        return math.log((c + 50) / (b + 50)) - prior

    cues = cue_words()
    general = [w for w in page_count if page_count[w] >= args.min_pages and len(packages[w]) >= 3]
    unread = sorted((log_odds(content[w], boilerplate[w]), w) for w in general
                    if w not in cues and compound_cues(w, cues) is None)
    print(f"{len(pages)} pages; log-odds against the corpus's content share (prior {prior:+.2f})")
    for title, rows in (("boilerplate", unread[:args.top]), ("content", unread[::-1][:args.top])):
        print(f"\nwords no cue reads, most {title} first:")
        for score, w in rows:
            print(f"  {score:+.2f} {w:<20} content {content[w]:>8} boilerplate {boilerplate[w]:>8} "
                  f"pages {page_count[w]:>5} packages {len(packages[w])}")
    reached = collections.defaultdict(lambda: [0, 0, 0, []])
    for w in set(content) | set(boilerplate):
        if w in cues:
            continue
        rule = compound_cues(w, cues)
        if rule is None:
            continue
        entry = reached[rule]
        entry[0] += content[w]
        entry[1] += boilerplate[w]
        entry[2] += page_count[w]
        entry[3].append((page_count[w], w))
    print("\nwords the compound rules reach, by the cues they give:")
    for (kind, bits), (c, b, n, words) in sorted(reached.items(), key=lambda kv: -kv[1][2])[:args.top]:
        examples = ", ".join(w for _, w in sorted(words, reverse=True)[:6])
        print(f"  {kind:<12} {bits:<30} {log_odds(c, b):+.2f} content {c:>8} boilerplate {b:>8} "
              f"pages {n:>5}  ({examples})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
