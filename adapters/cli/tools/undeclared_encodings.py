#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How often winnow guesses the encoding of a page that declares none.

Real pages stand in for undeclared legacy ones: each UTF-8 page of a language
in a package (daniel's file names start with the language) has its charset
declarations removed and is written in a legacy encoding of that language
(characters it lacks as character references); winnow reads it and its JSON
summary says which encoding it took (adapters/libxml/undeclared_encoding.h).
Pages whose first 4 KiB stay ASCII in the legacy encoding are counted apart:
they are read as UTF-8, as they should be.

  adapters/cli/tools/undeclared_encodings.py [--winnow build/winnow] [--pages 60] [CORPUS_PACKAGE_DIR]
"""
import argparse
import collections
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

# language prefix -> (Python codec, the name winnow reports)
PLAN = {
    "ru": [("cp1251", "WINDOWS-1251"), ("koi8_r", "KOI8-R")],
    "el": [("cp1253", "WINDOWS-1253"), ("iso8859_7", "WINDOWS-1253")],
    "pl": [("cp1250", "WINDOWS-1250"), ("iso8859_2", "ISO-8859-2")],
    "zh": [("gbk", "GB18030"), ("big5", "BIG5-HKSCS")],
    "en": [("cp1252", "WINDOWS-1252")],
}
DECLARATION = re.compile(r"charset\s*=\s*[\"']?[A-Za-z0-9_:.-]+", re.I)
SNIFF_BYTES = 4096


def encoding_taken(winnow, path):
    out = subprocess.run([winnow, "--format", "json", "--algo", "plain", path], capture_output=True).stdout
    return json.loads(out.strip().split(b"\n")[-1])["encoding"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("package", nargs="?", default="build/corpus/daniel")
    parser.add_argument("--winnow", default="build/winnow")
    parser.add_argument("--pages", type=int, default=60, help="pages per language (a seeded sample)")
    args = parser.parse_args()
    if not os.path.isdir(args.package):
        print(f"undeclared_encodings: no package at {args.package} (make corpus); skipped", file=sys.stderr)
        return 0
    rng = random.Random(0)
    with tempfile.TemporaryDirectory() as scratch:
        page_path = os.path.join(scratch, "page.html")
        print("language\tencoding\tpages\tguessed right\twrong (taken instead)\tprefix ASCII")
        for language, encodings in PLAN.items():
            files = sorted(glob.glob(os.path.join(args.package, f"{language}-*.html")))
            rng.shuffle(files)
            texts = []
            for f in files[: args.pages]:
                try:
                    texts.append(DECLARATION.sub("", open(f, "rb").read().decode("utf-8")))
                except UnicodeDecodeError:
                    continue
            for codec, expected in encodings:
                right, ascii_prefix, wrong = 0, 0, collections.Counter()
                for text in texts:
                    data = text.encode(codec, "xmlcharrefreplace")
                    if max(data[:SNIFF_BYTES], default=0) < 0x80:
                        ascii_prefix += 1
                        continue
                    with open(page_path, "wb") as out:
                        out.write(data)
                    taken = encoding_taken(args.winnow, page_path)
                    if taken == expected:
                        right += 1
                    else:
                        wrong[taken] += 1
                shown = ", ".join(f"{n} {name}" for name, n in wrong.most_common()) or "-"
                print(f"{language}\t{codec}\t{len(texts)}\t{right}\t{shown}\t{ascii_prefix}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
