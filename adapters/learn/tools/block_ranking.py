# SPDX-License-Identifier: MIT
"""What the tools that ask "would this signal rank the default's held-out
blocks better?" share (algorithm_vote.py, lexical_odds.py, layout_signals.py,
section_headings.py): the pages of a decisions folder, a weighted logistic
regression to stack a signal on the held-out P(content), the area under the
ROC curve with blocks weighed by their words, and the word F1 of what a fit
keeps. numpy is passed in, so importing this needs no numpy.
"""


def fit(np, x, y, weight, l2=1.0):
    """Logistic regression by Newton's method, rows weighed, an L2 penalty on
    every coefficient."""
    beta = np.zeros(x.shape[1])
    for _ in range(25):
        p = 1 / (1 + np.exp(-(x @ beta)))
        gradient = x.T @ (weight * (p - y)) + l2 * beta
        hessian = (x * (weight * p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        beta -= np.linalg.solve(hessian, gradient)
    return beta


def held_out_log_odds(np, probabilities):
    """The log-odds of the held-out P(content) scores, clipped away from 0
    and 1 (the decisions file rounds to 4 decimals)."""
    probability = np.clip(np.array(probabilities), 1e-4, 1 - 1e-4)
    return np.log(probability / (1 - probability))


def weighted_auc(np, score, label, weight):
    """The chance that a content block (label 1) scores above a boilerplate
    one, pairs weighed by the product of their weights."""
    order = np.argsort(score, kind="stable")
    score, label, weight = score[order], label[order], weight[order]
    negatives_below = np.cumsum(weight * (1 - label)) - weight * (1 - label)
    positives, negatives = (weight * label).sum(), (weight * (1 - label)).sum()
    return (weight * label * negatives_below).sum() / (positives * negatives)


def mean_page_f1(np, pages, beta):
    """The mean over pages of the word F1 of the blocks a fit keeps at
    P(content) 0.5 against their labels: what a better ranking does to
    decisions, with no smoothing, headline or fallback, and a weak one: the
    elements between blocks raised it on every package and left the margin
    by package level when built (adapters/learn/README.md, stop 101).
    pages: (design matrix, labels, words) per page."""
    total = 0.0
    for x, label, weight in pages:
        keep = (x[:, :len(beta)] @ beta) > 0
        hits = (weight * keep * label).sum()
        kept, content = (weight * keep).sum(), (weight * label).sum()
        total += 2 * hits / (kept + content) if kept + content > 0 else 0.0
    return total / max(len(pages), 1)


def held_out_figures(np, pages, held, page_matrix, band):
    """Fits the default's held-out log-odds alone (a design's first two
    columns: 1 and the log-odds) and with a signal (every column) on every
    package but `held`, blocks weighed by the square root of their words and
    pages by their package's size^-0.5 (as train_blocks weighs them), and
    scores `held`. page_matrix(package, page) gives a page's design, labels
    and words, or None for a page without blocks. Returns, tab-separated:
    the word-weighted AUC of each fit; how many blocks have a held-out
    P(content) within band (low, high) and the AUC of each fit on them; the
    word F1 of what each fit keeps (mean_page_f1)."""
    x, y, fit_weight = [], [], []
    for package in pages:
        if package == held:
            continue
        for page in pages[package]:
            matrix = page_matrix(package, page)
            if matrix is None:
                continue
            x.append(matrix[0])
            y.append(matrix[1])
            fit_weight.append(np.sqrt(matrix[2]) * len(pages[package]) ** -0.5)
    x, y, fit_weight = np.vstack(x), np.concatenate(y), np.concatenate(fit_weight)
    base, full = fit(np, x[:, :2], y, fit_weight), fit(np, x, y, fit_weight)
    held_pages = [m for m in (page_matrix(held, page) for page in pages[held]) if m is not None]
    xt = np.vstack([m[0] for m in held_pages])
    yt = np.concatenate([m[1] for m in held_pages])
    wt = np.concatenate([m[2] for m in held_pages])
    low, high = (np.log(p / (1 - p)) for p in band)
    inside = (xt[:, 1] >= low - 1e-9) & (xt[:, 1] <= high + 1e-9)
    return "\t".join([
        f"{weighted_auc(np, xt[:, :2] @ base, yt, wt):.4f}", f"{weighted_auc(np, xt @ full, yt, wt):.4f}",
        f"{int(inside.sum())}",
        f"{weighted_auc(np, xt[inside][:, :2] @ base, yt[inside], wt[inside]):.4f}",
        f"{weighted_auc(np, xt[inside] @ full, yt[inside], wt[inside]):.4f}",
        f"{mean_page_f1(np, held_pages, base):.4f}", f"{mean_page_f1(np, held_pages, full):.4f}"])


def read_pages(corpus, decisions, read_page):
    """Per package of the decisions folder, in name order, what
    read_page(corpus, decisions, package, name) reads of each of its pages,
    in name order."""
    import os
    return {package: [read_page(corpus, decisions, package, name)
                      for name in sorted(os.listdir(os.path.join(decisions, package)))]
            for package in sorted(os.listdir(decisions))}


def analysis_parser(doc):
    """The arguments every such tool takes: the decisions folder, the corpus
    (default build/corpus) and --band, the P(content) range of the blocks
    near the threshold."""
    import argparse
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("decisions")
    parser.add_argument("corpus", nargs="?", default="build/corpus")
    parser.add_argument("--band", default="0.2,0.8")
    return parser


def parse_and_read(parser, read_page):
    """Parses the arguments (--band into a pair of numbers) and, when the
    corpus, the decisions and numpy are there, reads every page with
    read_pages: (arguments, numpy, pages). Else None, having said what is
    missing."""
    args = parser.parse_args()
    args.band = tuple(map(float, args.band.split(",")))
    np = numpy_for(args.corpus, args.decisions)
    if np is None:
        return None
    return args, np, read_pages(args.corpus, args.decisions, read_page)


def numpy_for(corpus, decisions):
    """numpy, when the corpus and the decisions are there and numpy is
    installed; else None, having said what is missing (the tool then exits 0:
    an analysis, not a test)."""
    import os
    if not os.path.isdir(corpus) or not os.path.isdir(decisions):
        print(f"no corpus at {corpus} or no decisions at {decisions}: "
              "run `make corpus` and `train_blocks --no-write --decisions DIR`")
        return None
    try:
        import numpy
    except ImportError:
        print("needs numpy (Debian: apt-get install python3-numpy)")
        return None
    return numpy
