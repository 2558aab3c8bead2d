#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the README's two tables of every algorithm from a winnow-eval summary.tsv."""
import csv
import sys


def f3(x):
    """A figure as the README writes it: three decimals, no leading zero below 1."""
    if x in ("NA", ""):
        return "NA"
    text = f"{float(x):.3f}"
    return text[1:] if text.startswith("0.") else text


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: readme_tables.py SUMMARY_TSV")
    with open(sys.argv[1], encoding="utf-8") as summary:
        rows = list(csv.DictReader(summary, delimiter="\t"))
    algos = list(dict.fromkeys(r["algorithm"] for r in rows))
    packages = [p for p in dict.fromkeys(r["package"] for r in rows) if p != "ALL"]
    by = {(r["package"], r["algorithm"]): r for r in rows}
    cols = packages + ["ALL"]
    print("| algo | " + " | ".join(cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for a in algos:
        cells = []
        for p in cols:
            r = by[(p, a)]
            cells.append(" / ".join(f3(r[m + "_f1"]) for m in ("chars", "seq", "bag", "set", "shingle")))
        print(f"| `{a}` | " + " | ".join(cells) + " |")
    print()
    n = by[("ALL", algos[0])]["documents"]
    print(f"| algo (ALL, {n} docs) | seq P / R / F1 (sd) | bag P / R / F1 (sd) | set F1 | shingle P / R / F1 (sd) | s/kB |")
    print("|---|---|---|---|---|---|")
    for a in algos:
        r = by[("ALL", a)]

        def prf(m):
            return f"{f3(r[m + '_p'])} / {f3(r[m + '_r'])} / **{f3(r[m + '_f1'])}** ({f3(r[m + '_f1_sd'])})"

        print(f"| `{a}` | {prf('seq')} | {prf('bag')} | {f3(r['set_f1'])} | {prf('shingle')} | {float(r['s_per_kb']):.4g} |")


if __name__ == "__main__":
    main()
