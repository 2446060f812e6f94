"""Shared pytest set-up. Each room keeps its fixtures in its own plugin module, loaded here."""

pytest_plugins = ["conftest_lesson"]
