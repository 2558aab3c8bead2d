# SPDX-License-Identifier: MIT
"""The reference figures the tools here compare against.

Readability.js on the development corpus's packages (bag-of-words F1,
shingle F1), from ../shared/corpus/README.md; issue 11's margin is the mean
of the default's figure minus these over the five packages.
"""
READABILITY = {
    "cleanportaleval": (0.906, 0.834),
    "daniel": (0.888, 0.888),
    "dragnet": (0.885, 0.889),
    "readability-testpages": (0.996, 0.993),
    "utomo-big9-chaos": (0.936, 0.926),
}
