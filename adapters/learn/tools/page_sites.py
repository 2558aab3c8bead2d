#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The site each corpus page comes from, and how many sites each package draws on.

Held-out, the default extractor loses most on sites whose templates it has
not seen, so how many sites a package really holds says how much it can
teach about others. A page's site is the registrable part of its host
("www.bbc.co.uk" -> "bbc.co.uk", "x.blogspot.com" -> "blogspot.com"), taken
from the first of:

- its meta file: `host` (daniel), `domain` (wcxb-dev-sample), `url`;
- what the page declares, as winnow's own metadata reads it (`winnow --format
  json`'s first line): its `url` (canonical link, og:url, JSON-LD; a Wayback
  Machine address stands for the page it archived), else its `site_name`, as
  "name:<the name>";
- for readability-testpages, whose ids name the site ("nytimes-3"), the id
  without its number, as "id:<site>";
- otherwise the page alone, as "page:<id>".

Prints, per package: pages, sites, the effective number of sites (pages^2 /
the sum of each site's pages^2: what the package weighs as, if each site's
pages taught one thing), the five largest sites and where the sites were
found. With --out FILE, writes `package <TAB> id <TAB> site` for every page.

usage: page_sites.py [CORPUS] [--out FILE] [--winnow BIN]   (CORPUS defaults to build/corpus:
`make corpus`; BIN to build/winnow)
"""
import argparse
import collections
import json
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlparse

from address_bias import declared_metadata  # this folder: the script's own

WAYBACK = re.compile(r'archive\.org/web/\d+[a-z_]*/(.+)')


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


def page_site(package, page_id, meta, declared):
    """(site, how) of a page from its meta file and what it declares."""
    for key in ('host', 'domain', 'url'):
        if meta.get(key):
            site = site_of_address(meta[key])
            if site:
                return site, 'meta ' + key
    if declared.get('url'):
        site = site_of_address(declared['url'])
        if site:
            return site, 'declared url'
    if (declared.get('site_name') or '').strip():
        return 'name:' + declared['site_name'].strip().lower(), 'declared site_name'
    if package == 'readability-testpages':
        return 'id:' + re.sub(r'-\d+$', '', page_id), 'id'
    return 'page:' + page_id, 'none'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('corpus', nargs='?', default='build/corpus')
    parser.add_argument('--out', help='write package, id and site of every page here')
    parser.add_argument('--winnow', default=os.path.join(here, '../../../build/winnow'))
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        sys.exit(f'page_sites.py: no corpus at {args.corpus} (run `make corpus`)')
    if not os.access(args.winnow, os.X_OK):
        sys.exit(f'page_sites.py: no winnow at {args.winnow} (run `make build`, or give --winnow)')
    out = open(args.out, 'w', encoding='utf-8') if args.out else None
    pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    for package in sorted(os.listdir(args.corpus)):
        folder = os.path.join(args.corpus, package)
        if not os.path.isfile(os.path.join(folder, 'PACKAGE.json')):
            continue
        pages = []  # (id, meta, html path)
        for name in sorted(os.listdir(folder)):
            page_id, ext = os.path.splitext(name)
            html_path = os.path.join(folder, page_id + '.html')
            if ext != '.json' or not os.path.isfile(html_path):
                continue
            with open(os.path.join(folder, name), encoding='utf-8') as f:
                pages.append((page_id, json.load(f), html_path))
        # winnow reads only the pages whose meta file names no address.
        declared = pool.map(lambda page: {} if any(page[1].get(k) for k in ('host', 'domain', 'url'))
                            else declared_metadata(args.winnow, page[2]), pages)
        sites, hows = collections.Counter(), collections.Counter()
        for (page_id, meta, _), page_declared in zip(pages, declared):
            site, how = page_site(package, page_id, meta, page_declared)
            sites[site] += 1
            hows[how] += 1
            if out:
                out.write(f'{package}\t{page_id}\t{site}\n')
        count = sum(sites.values())
        effective = count * count / sum(n * n for n in sites.values()) if count else 0
        largest = ', '.join(f'{s} {n}' for s, n in sites.most_common(5))
        found = ', '.join(f'{h} {n}' for h, n in hows.most_common())
        print(f'{package}: {count} pages, {len(sites)} sites, effectively {effective:.1f}; '
              f'largest: {largest}; found by: {found}')
    pool.shutdown()
    if out:
        out.close()


if __name__ == '__main__':
    main()
