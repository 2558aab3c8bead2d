#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The site each corpus page comes from, and how many sites each package draws on.

Held-out, the default extractor loses most on sites whose templates it has
not seen, so how many sites a package really holds says how much it can
teach about others. A page's site is the registrable part of its host
("www.bbc.co.uk" -> "bbc.co.uk", "x.blogspot.com" -> "blogspot.com"), taken
from the first of:

- its meta file: `host` (daniel), `domain` (wcxb-dev-sample), `url`;
- its HTML: the address of `<link rel=canonical>` or `og:url` (a Wayback
  Machine address stands for the page it archived);
- its HTML's `og:site_name`, as "name:<the name>";
- for readability-testpages, whose ids name the site ("nytimes-3"), the id
  without its number, as "id:<site>";
- otherwise the page alone, as "page:<id>".

Prints, per package: pages, sites, the effective number of sites (pages^2 /
the sum of each site's pages^2: what the package weighs as, if each site's
pages taught one thing), the five largest sites and where the sites were
found. With --out FILE, writes `package <TAB> id <TAB> site` for every page.

usage: page_sites.py [CORPUS] [--out FILE]   (CORPUS defaults to build/corpus: `make corpus`)
"""
import argparse
import collections
import json
import os
import re
import sys
from urllib.parse import urlparse

CANONICAL = re.compile(rb'<link[^>]*\brel=["\']?canonical\b[^>]*>', re.I)
OG_URL = re.compile(rb'<meta[^>]*\bproperty=["\']og:url["\'][^>]*>', re.I)
OG_SITE_NAME = re.compile(rb'<meta[^>]*\bproperty=["\']og:site_name["\'][^>]*>', re.I)
HREF = re.compile(rb'\bhref=["\']?([^"\'\s>]+)', re.I)
CONTENT = re.compile(rb'\bcontent=["\']([^"\']+)', re.I)
WAYBACK = re.compile(r'archive\.org/web/\d+[a-z_]*/(.+)')
HEAD_BYTES = 200_000  # the head of nearly every page; a canonical link further down is rare


def site_of_address(address):
    """The registrable part of an address's host, or None."""
    wayback = WAYBACK.search(address)
    if wayback:
        address = wayback.group(1)
    try:
        host = urlparse(address if '//' in address else 'http://' + address).hostname or ''
    except ValueError:
        return None
    labels = host.lower().removeprefix('www.').split('.')
    # "co.uk", "com.au": a short second-level label under a country code.
    keep = 3 if len(labels) >= 3 and len(labels[-2]) <= 3 and len(labels[-1]) == 2 else 2
    return '.'.join(labels[-keep:]) or None


def site_in_html(html):
    """(site, how) from a page's canonical address, og:url or og:site_name."""
    for pattern in (CANONICAL, OG_URL):
        element = pattern.search(html)
        if not element:
            continue
        value = HREF.search(element.group(0)) or CONTENT.search(element.group(0))
        if value and value.group(1).lower().startswith(b'http'):
            site = site_of_address(value.group(1).decode('latin-1'))
            if site:
                return site, 'html address'
    element = OG_SITE_NAME.search(html)
    if element:
        value = CONTENT.search(element.group(0))
        if value and value.group(1).strip():
            return 'name:' + value.group(1).decode('latin-1').strip().lower(), 'og:site_name'
    return None, None


def page_site(package, page_id, meta, html_path):
    for key in ('host', 'domain', 'url'):
        if meta.get(key):
            site = site_of_address(meta[key])
            if site:
                return site, 'meta ' + key
    with open(html_path, 'rb') as f:
        site, how = site_in_html(f.read(HEAD_BYTES))
    if site:
        return site, how
    if package == 'readability-testpages':
        return 'id:' + re.sub(r'-\d+$', '', page_id), 'id'
    return 'page:' + page_id, 'none'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('corpus', nargs='?', default='build/corpus')
    parser.add_argument('--out', help='write package, id and site of every page here')
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        sys.exit(f'page_sites.py: no corpus at {args.corpus} (run `make corpus`)')
    out = open(args.out, 'w', encoding='utf-8') if args.out else None
    for package in sorted(os.listdir(args.corpus)):
        folder = os.path.join(args.corpus, package)
        if not os.path.isfile(os.path.join(folder, 'PACKAGE.json')):
            continue
        sites, hows = collections.Counter(), collections.Counter()
        for name in sorted(os.listdir(folder)):
            page_id, ext = os.path.splitext(name)
            html_path = os.path.join(folder, page_id + '.html')
            if ext != '.json' or not os.path.isfile(html_path):
                continue
            with open(os.path.join(folder, name), encoding='utf-8') as f:
                meta = json.load(f)
            site, how = page_site(package, page_id, meta, html_path)
            sites[site] += 1
            hows[how] += 1
            if out:
                out.write(f'{package}\t{page_id}\t{site}\n')
        pages = sum(sites.values())
        effective = pages * pages / sum(n * n for n in sites.values()) if pages else 0
        largest = ', '.join(f'{s} {n}' for s, n in sites.most_common(5))
        found = ', '.join(f'{h} {n}' for h, n in hows.most_common())
        print(f'{package}: {pages} pages, {len(sites)} sites, effectively {effective:.1f}; '
              f'largest: {largest}; found by: {found}')
    if out:
        out.close()


if __name__ == '__main__':
    main()
