"""Shared pytest set-up. Each room keeps its fixtures in its own plugin module, loaded here."""

import os

from hypothesis import settings

pytest_plugins = ["conftest_lesson"]

# `make test` draws the same examples every run, so a red run is a real failure anyone can
# reproduce; `make explore` (TUTOR_HYPOTHESIS=explore) draws fresh ones to find new failures.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("TUTOR_HYPOTHESIS", "ci"))


def pytest_terminal_summary(terminalreporter):  # type: ignore[no-untyped-def]
    """Say why each retried test failed the first time (``--reruns``): a retry is never
    silent, and a race it hid can be found from the log."""
    reruns = terminalreporter.stats.get("rerun", [])
    if reruns:
        terminalreporter.section("why each rerun test failed first")
        for report in reruns:
            crash = getattr(report.longrepr, "reprcrash", None)
            why = crash.message if crash is not None else str(report.longrepr)[-600:]
            terminalreporter.write_line(f"{report.nodeid}: {why[:600]}")
