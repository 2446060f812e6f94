"""The README's examples and the modules' doctests run as tests, so the docs cannot go stale."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["tutor", "tutor.cards", "tutor.engine.match", "tutor.facts",
           "tutor.games.sixty_six.match",
           "tutor.games.auction_pitch.match", "tutor.games.auction_pitch.sampling"]


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
