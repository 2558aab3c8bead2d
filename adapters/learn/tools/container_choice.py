#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What choosing one container for the whole page, as Readability does at the
end of the page, would add to the default extractor's held-out block scores:
whether the information a streaming extractor cannot wait for is what issue
11's readability-testpages gap is made of.

It is an extractor command for `winnow-eval --extractor-cmd`: it reads a page
on stdin, finds the page's held-out decisions (`train_blocks --no-write
--decisions DIR`: DIR/<package>/<id>.tsv, begin, end, kept, score) by the
page's MD5, and writes the HTML of the blocks it chooses, one `<p>` each
(`--extractor-output html`). The page's elements are read from its bytes with
Python's html.parser (void elements and the usual optional end tags closed;
script, style, head and the like never chosen). An element scores the words of
the blocks inside it weighed by their P(content) less --tau, the streaming
counterpart of which would be Readability's content score; the best-scoring
element is the page's container. With --siblings, its siblings that score
above zero join it, as Readability joins the top candidate's siblings (an
article whose paragraphs sit beside its comments in one element would
otherwise be cut down to its longest paragraph).

Variants (--variant):
  written         the blocks the default wrote, rendered here: the baseline,
                  which says what this rendering costs against train_blocks'
                  own figures (block HTML cut from the input bytes and decoded
                  by the page's declared charset)
  written-inside  of those, the ones inside the container: the container as a
                  filter on what the default decided
  written-unless-outside
                  what the default wrote, less the blocks outside the
                  container under P(content) --sure: the container as a veto
                  on the doubtful blocks only
  inside          every block inside the container with P(content) >= --low,
                  whatever the smoothing decided: Readability's keeping of a
                  container's whole content, on the default's scores
A page with no element scoring above zero keeps what the default wrote.

usage (from the project root, after `train_blocks --no-write --decisions DIR`):
  build/adapters/eval/winnow-eval --packages build/corpus/readability-testpages \\
    --extractor-cmd "python3 adapters/learn/tools/container_choice.py DIR --variant inside [--siblings]" \\
    --extractor-name inside --extractor-output html --no-report --out-dir OUT
Pages are matched by MD5; the table is built from --corpus (default
build/corpus) on first use and kept as DIR/pages-by-md5.json. A page whose
decisions are missing writes nothing. An analysis, outside the build and the
tests.
"""
import argparse
import bisect
import hashlib
import html.parser
import json
import os
import re
import sys

VOID = frozenset('area base br col embed hr img input link meta param source track wbr keygen'.split())
# An open element of these closes when one of its set opens.
CLOSED_BY = {'p': {'p'}, 'li': {'li'}, 'td': {'td', 'th'}, 'th': {'td', 'th'}, 'tr': {'tr'},
             'option': {'option'}, 'dt': {'dt', 'dd'}, 'dd': {'dt', 'dd'}}
NEVER_CHOSEN = frozenset('html head title script style noscript template svg math'.split())
CJK = re.compile('[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]')


class ElementSpans(html.parser.HTMLParser):
    """Every element's [start, end) in the text and its parent, the text
    being the page's bytes read as Latin-1 so that offsets are byte offsets."""

    def __init__(self, text):
        super().__init__(convert_charrefs=False)
        self.line_starts = [0] + [m.end() for m in re.finditer('\n', text)]
        self.length = len(text)
        self.open = []       # indexes into elements, innermost last
        self.elements = []   # [start, end, tag, parent index or -1]

    def position(self):
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def close_innermost(self, at):
        self.elements[self.open.pop()][1] = at

    def innermost_tag(self):
        return self.elements[self.open[-1]][2] if self.open else None

    def handle_starttag(self, tag, attrs):
        at = self.position()
        if tag in VOID:
            return
        if self.innermost_tag() in CLOSED_BY.get(tag, ()):
            self.close_innermost(at)
        self.elements.append([at, None, tag, self.open[-1] if self.open else -1])
        self.open.append(len(self.elements) - 1)

    def handle_endtag(self, tag):
        at = self.position()
        if all(self.elements[i][2] != tag for i in self.open):
            return  # a stray end tag
        while self.open:
            closed = self.innermost_tag()
            self.close_innermost(at)
            if closed == tag:
                return

    def finish(self):
        while self.open:
            self.close_innermost(self.length)


def declared_charset(raw):
    if raw.startswith(b'\xef\xbb\xbf'):
        return 'utf-8'
    if raw.startswith((b'\xff\xfe', b'\xfe\xff')):
        return 'utf-16'
    match = re.search(rb'charset\s*=\s*["\']?\s*([A-Za-z0-9_.:-]+)', raw[:4096], re.I)
    name = match.group(1).decode('ascii').lower() if match else 'utf-8'
    if name in ('gb2312', 'gbk', 'x-gbk'):
        name = 'gb18030'
    try:
        ''.encode(name)
    except LookupError:
        name = 'utf-8'
    return name


def word_count(fragment):
    """Words of a block's HTML, a CJK character counting as one."""
    count = 0
    for word in re.sub(r'<[^>]*>', ' ', fragment).split():
        characters = len(CJK.findall(word))
        count += characters if characters else 1
    return count


def pages_by_md5(decisions, corpus):
    path = os.path.join(decisions, 'pages-by-md5.json')
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    table = {}
    for package in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, package)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith('.html'):
                continue
            relative = os.path.join(package, name[:-5] + '.tsv')
            if os.path.exists(os.path.join(decisions, relative)):
                with open(os.path.join(folder, name), 'rb') as f:
                    table[hashlib.md5(f.read()).hexdigest()] = relative
    # Written whole, then renamed: winnow-eval runs pages in parallel.
    temporary = '%s.%d' % (path, os.getpid())
    with open(temporary, 'w') as f:
        json.dump(table, f)
    os.replace(temporary, path)
    return table


def read_blocks(path, raw):
    """(begin, end, written, p, html, words) per block, in page order. A
    block reported twice (a headline or fallback written later) is written if
    either report says so."""
    reports = {}
    with open(path) as f:
        for line in f:
            fields = line.rstrip('\n').split('\t')
            if not fields[0].isdigit():
                continue
            span = (int(fields[0]), int(fields[1]))
            written, p = reports.get(span, (False, 0.0))
            reports[span] = (written or fields[2] == '1', max(p, float(fields[3])))
    charset = declared_charset(raw)
    blocks = []
    for (begin, end), (written, p) in sorted(reports.items()):
        fragment = raw[begin:end].decode(charset, 'replace')
        blocks.append((begin, end, written, p, fragment, word_count(fragment)))
    return blocks


def best_container(raw, blocks, tau, siblings):
    """The spans of the element whose blocks' words weighed by p - tau sum
    highest and, with siblings, of its siblings that sum above zero (as
    Readability adds the top candidate's siblings); [] when no element sums
    above zero."""
    text = raw.decode('latin-1')
    parser = ElementSpans(text)
    try:
        parser.feed(text)
        parser.close()
    except Exception:  # html.parser gives up on some broken markup: keep what it read
        pass
    parser.finish()
    begins = [b[0] for b in blocks]
    ends = [b[1] for b in blocks]
    prefix = [0.0]
    for b in blocks:
        prefix.append(prefix[-1] + b[5] * (b[3] - tau))

    def score(element):
        start, end, tag, _ = element
        if tag in NEVER_CHOSEN:
            return 0.0
        first, last = bisect.bisect_left(begins, start), bisect.bisect_right(ends, end)
        return prefix[last] - prefix[first] if last > first else 0.0

    scores = [score(e) for e in parser.elements]
    best = max(range(len(scores)), key=scores.__getitem__, default=None)
    if best is None or scores[best] <= 0:
        return []
    chosen = [best]
    parent = parser.elements[best][3]
    if siblings and parent >= 0:
        chosen += [i for i, e in enumerate(parser.elements)
                   if e[3] == parent and i != best and scores[i] > 0]
    return [(parser.elements[i][0], parser.elements[i][1]) for i in chosen]


def choose(blocks, containers, variant, low, sure):
    if variant == 'written' or not containers:
        return [b for b in blocks if b[2]]
    def inside(b):
        return any(start <= b[0] and b[1] <= end for start, end in containers)

    if variant == 'written-inside':
        return [b for b in blocks if b[2] and inside(b)]
    if variant == 'written-unless-outside':
        return [b for b in blocks if b[2] and (b[3] >= sure or inside(b))]
    return [b for b in blocks if b[3] >= low and inside(b)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('decisions')
    parser.add_argument('--corpus', default='build/corpus')
    parser.add_argument('--variant', choices=('written', 'written-inside', 'written-unless-outside', 'inside'),
                        default='written-inside')
    parser.add_argument('--tau', type=float, default=0.5)
    parser.add_argument('--low', type=float, default=0.1)
    parser.add_argument('--sure', type=float, default=0.8)
    parser.add_argument('--siblings', action='store_true')
    args = parser.parse_args()
    raw = sys.stdin.buffer.read()
    relative = pages_by_md5(args.decisions, args.corpus).get(hashlib.md5(raw).hexdigest())
    if relative is None:
        return
    blocks = read_blocks(os.path.join(args.decisions, relative), raw)
    containers = [] if args.variant == 'written' else best_container(raw, blocks, args.tau, args.siblings)
    chosen = choose(blocks, containers, args.variant, args.low, args.sure)
    sys.stdout.write('\n'.join('<p>' + b[4] + '</p>' for b in chosen))


if __name__ == '__main__':
    main()
