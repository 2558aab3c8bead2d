#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How the metadata winnow reads from a page's <head> compares with the
corpus's own meta files (the unpacked development corpus: DIR/<package>/
<id>.html beside <id>.json).

For every page it runs `winnow --format json` and takes the "metadata" line,
then reports, per package:
  - how many pages declare each field;
  - language: pages whose declared language's primary subtag ("en" of
    "en-GB", "en_US") is the meta file's "lang", of the pages where both are
    known;
  - url: pages whose address equals the meta file's "url" (after dropping a
    trailing '/', the scheme and "www."), of the pages where both are known;
  - title: pages whose title equals the meta file's "title" (whitespace
    collapsed; readability-testpages' is Readability.js's, wcxb-dev-sample's
    the page's headline), of the pages where both are known.

Usage: check_metadata.py [--winnow build/winnow] [--every N] [CORPUS]
(CORPUS defaults to build/corpus; --every N takes every Nth page).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

FIELDS = ["title", "description", "author", "site_name", "published", "modified", "language", "url",
          "image", "page_type"]


def metadata_of(winnow, path):
    out = subprocess.run([winnow, "--format", "json", path], capture_output=True, check=False).stdout
    for line in out.decode("utf-8", "replace").splitlines():
        record = json.loads(line)
        if record.get("type") == "metadata":
            return record
    return None


def primary_language(tag):
    return re.split(r"[-_]", tag.strip().lower())[0]


def plain_address(url):
    url = re.sub(r"^[a-z]+://", "", url.strip().lower())
    url = re.sub(r"^www\.", "", url)
    return url.rstrip("/")


def collapsed(text):
    return " ".join(text.split())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--winnow", default="build/winnow")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("corpus", nargs="?", default="build/corpus")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        print(f"check_metadata: no corpus at {args.corpus} (make corpus)", file=sys.stderr)
        return 0
    print("package\tpages\t" + "\t".join(FIELDS) + "\tlanguage agrees\turl agrees\ttitle agrees")
    for package in sorted(os.listdir(args.corpus)):
        directory = os.path.join(args.corpus, package)
        if not os.path.isdir(directory):
            continue
        ids = sorted(f[:-5] for f in os.listdir(directory) if f.endswith(".html"))[::args.every]
        declared = collections.Counter()
        agree = collections.Counter()
        known = collections.Counter()
        for page in ids:
            metadata = metadata_of(args.winnow, os.path.join(directory, page + ".html"))
            if metadata is None:
                print(f"check_metadata: {package}/{page}: no metadata line", file=sys.stderr)
                return 1
            with open(os.path.join(directory, page + ".json"), encoding="utf-8") as f:
                meta = json.load(f)
            for field in FIELDS:
                declared[field] += metadata[field] is not None
            checks = {
                "language": (meta.get("lang"), metadata["language"], primary_language),
                "url": (meta.get("url"), metadata["url"], plain_address),
                "title": (meta.get("title"), metadata["title"], collapsed),
            }
            for name, (expected, found, normal) in checks.items():
                if expected and found:
                    known[name] += 1
                    agree[name] += normal(expected) == normal(found)
        cells = [str(declared[field]) for field in FIELDS]
        for name in ("language", "url", "title"):
            cells.append(f"{agree[name]}/{known[name]}" if known[name] else "-")
        print(f"{package}\t{len(ids)}\t" + "\t".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
