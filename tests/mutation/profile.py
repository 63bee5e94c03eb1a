"""A pytest plugin for the mutation runs (``run.py``).

Hypothesis draws the same examples for every mutant and keeps none between them, so a mutant's
fate does not depend on the ones before. Each test starts with the package's memo caches empty:
mutmut runs a mutant only against the tests it saw reach the mutated function, and a test that
finds its answer in a cache filled by an earlier test never reaches the function at all.
"""

from __future__ import annotations

import sys

import pytest
from hypothesis import settings

settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
settings.load_profile("mutation")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "yahtzee" or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
