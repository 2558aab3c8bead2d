#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What a shift of the content log-odds chosen by the shape of the page's
declared address would score, from the page scores of a `train_blocks` sweep.

The companion of kind_bias.py (same tables, same exact scoring: a page's
outcome depends only on its own offset, so a rule that gives each page one of
the swept offsets is scored by picking that page's row). Where kind_bias.py
splits pages by their og:type, this splits them by the address the page
declares (canonical link, og:url, ...: the `url` field of the engine's page
metadata, read with `winnow --format json`):

  story     its last path segment reads like an article's: a slug of at
            least --slug-words words ("how-to-fix-a-tap"), or a number of 5 or
            more digits in that segment or in the query ("/item/4417123",
            "?t=1930933");
  overview  any other declared address: the site's root, a section
            ("/news", "/technology/"), a category or a product code;
  none      the page declares no address.

Each class gets a shift added to --base (the tables carry the kind's shift,
kind_bias_shift), so "story 0 overview +0.50 none 0" is one offset for
every page plus half a unit towards recall on overview addresses. Stop 51
chose its rule from tables swept on stop 50's build (`--base -1.25`: the
shipped rule is "story -0.25 overview +0.50 none -0.25" there). Tables
swept on a later build carry the address's shift too (+0.75 on overviews,
address_bias_shift), so with them "story 0 overview 0 none 0" at --base
-1.5 (the default) is the shipped rule. Printed: one offset for every page, the best shifts by the margin over
Readability.js (or the six packages' mean, --by mean), and each class's
shift varied with the others held; then, for the best, the packages' and
wcxb-dev-sample page types' figures.

With --known-address, a page that declares no address is given the one its
meta file records (`<id>.json`'s url: cleanportaleval's and
wcxb-dev-sample's pages have one), as `winnow --url` gives the caller's.

usage: address_bias.py PREFIX [--corpus DIR] [--winnow BIN] [--base B] [--slug-words N] [--by margin|mean] [--known-address]
Without the tables, the corpus or the binary, it says so and exits 0.
"""
import argparse
import itertools
import json
import os
import re
import subprocess
import sys

from kind_bias import figures_of_rows, load_tables, number, summary  # this folder: the script's own

CLASSES = ("story", "overview", "none")
# engine/page_address.cpp's rule, byte for byte on the address as written.
EXTENSIONS = (".html", ".htm", ".shtml", ".shtm", ".php", ".asp", ".aspx", ".jsp", ".cfm", ".php5")
LETTERS = re.compile(rb"[A-Za-z\x80-\xff]+")
LONG_NUMBER = re.compile(rb"[0-9]{5,}")


def address_class(url, slug_words):
    if not url:
        return "none"
    rest = url.encode("utf-8").split(b"#", 1)[0]
    rest, _, query = rest.partition(b"?")
    scheme = rest.find(b"://")
    host = scheme + 3 if scheme >= 0 else 2 if rest.startswith(b"//") else 0
    if host:
        path = rest.find(b"/", host)
        rest = rest[path:] if path >= 0 else b""
    last = rest.rstrip(b"/").rsplit(b"/", 1)[-1]
    for extension in EXTENSIONS:
        if len(last) > len(extension) and last[-len(extension):].lower() == extension.encode():
            last = last[: -len(extension)]
            break
    if len(LETTERS.findall(last)) >= slug_words or LONG_NUMBER.search(last) or LONG_NUMBER.search(query):
        return "story"
    return "overview"


def declared_metadata(winnow, path):
    """What the page declares about itself: the first line of `winnow --format json`
    (url, site_name, ...), or {} when winnow cannot say."""
    try:
        first = subprocess.run([winnow, "--format", "json", path], capture_output=True, timeout=60).stdout
        metadata = json.loads(first.split(b"\n", 1)[0])
    except (subprocess.TimeoutExpired, ValueError, IndexError):
        return {}
    return metadata if isinstance(metadata, dict) else {}


def declared_address(winnow, path):
    return declared_metadata(winnow, path).get("url")


def recorded_address(corpus, package, document):
    try:
        with open(os.path.join(corpus, package, document + ".json")) as f:
            return json.load(f).get("url")
    except (OSError, ValueError):
        return None


def page_types(corpus, keys):
    types = {}
    for package, document in keys:
        meta = os.path.join(corpus, package, document + ".json")
        if package == "wcxb-dev-sample" and os.path.exists(meta):
            with open(meta) as f:
                types[(package, document)] = json.load(f).get("page_type") or "?"
    return types


def pick(tables, offsets, base, shift):
    wanted = base + shift
    return min(offsets, key=lambda o: abs(o - wanted))


def rows_for(tables, offsets, classes, base, shifts):
    return ((key, tables[pick(tables, offsets, base, shifts[c])][key]) for key, c in classes.items())


def line(shifts, s):
    return "%s   margin %+.4f / %+.4f   mean %.4f / %.4f" % (
        " ".join("%s %+.2f" % (c, shifts[c]) for c in CLASSES), *s)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("prefix")
    parser.add_argument("--corpus", default=os.path.join(here, "../../../build/corpus"))
    parser.add_argument("--winnow", default=os.path.join(here, "../../../build/winnow"))
    parser.add_argument("--base", type=float, default=-1.5)
    parser.add_argument("--slug-words", type=int, default=3)
    parser.add_argument("--by", choices=("margin", "mean"), default="margin")
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--known-address", action="store_true",
                        help="a page declaring no address gets the one its meta file records")
    args = parser.parse_args()
    tables = load_tables(args.prefix)
    if not tables or not os.path.isdir(args.corpus) or not os.access(args.winnow, os.X_OK):
        print("address_bias: need sweep tables at %s-bias*.tsv, the corpus at %s and %s; nothing to do"
              % (args.prefix, args.corpus, args.winnow))
        return 0
    offsets = sorted(tables)
    if args.base not in tables:
        print("address_bias: the sweep has no offset %g" % args.base)
        return 2
    keys = list(next(iter(tables.values())).keys())
    classes = {}
    for package, document in keys:
        url = declared_address(args.winnow, os.path.join(args.corpus, package, document + ".html"))
        if not url and args.known_address:
            url = recorded_address(args.corpus, package, document)
        classes[(package, document)] = address_class(url, args.slug_words)
    by_package = {}
    for (package, _), c in classes.items():
        by_package.setdefault(package, dict.fromkeys(CLASSES, 0))[c] += 1
    for package in sorted(by_package):
        print("%-22s %s" % (package, " ".join("%s %d" % (c, by_package[package][c]) for c in CLASSES)))
    types = page_types(args.corpus, keys)
    for t in sorted(set(types.values())):
        print("wcxb %-14s %s" % (t, " ".join("%s %d" % (c, sum(1 for k, v in types.items() if v == t and classes[k] == c))
                                          for c in CLASSES)))
    shipped = dict.fromkeys(CLASSES, 0.0)  # one offset, --base, for every page
    score = lambda shifts: summary(figures_of_rows(rows_for(tables, offsets, classes, args.base, shifts)))
    print("one offset:  " + line(shipped, score(shipped)))
    steps = sorted({round(o - args.base, 2) for o in offsets})
    rank = 0 if args.by == "margin" else 2
    scored = []
    for combination in itertools.product(steps, repeat=len(CLASSES)):
        shifts = dict(zip(CLASSES, combination))
        scored.append((score(shifts), shifts))
    scored.sort(key=lambda t: -(t[0][rank] + t[0][rank + 1]))
    print("best by the %s (bag + shingle):" % args.by)
    for s, shifts in scored[: args.top]:
        print("  " + line(shifts, s))
    best = scored[0][1]
    for c in CLASSES:
        print("%s varied, the others held at the best:" % c)
        for step in steps:
            shifts = dict(best, **{c: step})
            print("  " + line(shifts, score(shifts)))
    for name, shifts in (("one offset", shipped), ("best", best)):
        figures = figures_of_rows(rows_for(tables, offsets, classes, args.base, shifts))
        print("%s by package: %s" % (name, "  ".join("%s %.4f / %.4f" % (p, *figures[p]) for p in sorted(figures))))
        chosen = dict(rows_for(tables, offsets, classes, args.base, shifts))
        for t in sorted(set(types.values())):
            bags = [number(chosen[k]["bag_f1"]) or 0.0 for k, v in types.items() if v == t]
            print("  wcxb %-14s bag F1 %.4f (%d pages)" % (t, sum(bags) / len(bags), len(bags)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
