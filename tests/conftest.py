"""Shared pytest set-up. Each room keeps its fixtures in its own plugin module, loaded here."""

import os

from hypothesis import settings

pytest_plugins = ["conftest_lesson"]

# `make test` draws the same examples every run, so a red run is a real failure anyone can
# reproduce; `make explore` (TUTOR_HYPOTHESIS=explore) draws fresh ones to find new failures.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("TUTOR_HYPOTHESIS", "ci"))
