# SPDX-License-Identifier: MIT
"""What the tools that ask "would this signal rank the default's held-out
blocks better?" share (algorithm_vote.py, lexical_odds.py, layout_signals.py):
the pages of a decisions folder, a weighted logistic regression to stack a
signal on the held-out P(content), and the area under the ROC curve with
blocks weighed by their words. numpy is passed in, so importing this needs no
numpy.
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


def read_pages(corpus, decisions, read_page):
    """Per package of the decisions folder, in name order, what
    read_page(corpus, decisions, package, name) reads of each of its pages,
    in name order."""
    import os
    return {package: [read_page(corpus, decisions, package, name)
                      for name in sorted(os.listdir(os.path.join(decisions, package)))]
            for package in sorted(os.listdir(decisions))}


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
