"""Lessons 14 and 15 (the table, the advisor, the decision quizzes) are exactly what
``notebooks/make_play_lessons.py`` writes, without outputs or widget state, and cite rule ids.
(``tests/test_notebooks.py`` executes every lesson, these two included.)"""

from __future__ import annotations

import importlib.util
from types import ModuleType

import nbformat
import pytest
from conftest_lesson import NOTEBOOKS


def source() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_play_lessons",
                                                  NOTEBOOKS / "make_play_lessons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SOURCE = source()
NAMES = list(SOURCE.LESSON_CELLS)


@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_what_its_source_writes(name: str) -> None:
    committed = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
    assert committed == SOURCE.render(name), \
        f"{name}.ipynb differs: run `python notebooks/make_play_lessons.py`"
    nb = nbformat.reads(committed, as_version=4)
    assert "widgets" not in nb.metadata
    assert all(c.outputs == [] and c.execution_count is None
               for c in nb.cells if c.cell_type == "code")
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "SBS-25" in text or "SBS-14" in text
    for c in nb.cells:  # thin notebooks: a few lines of code per cell
        if c.cell_type == "code":
            assert len(c.source.splitlines()) <= 6, c.source


def test_teacher_deals_replay() -> None:
    from tutor.engine.record import load, state_of

    deals = sorted((NOTEBOOKS / "table-deals").glob("*.json"))
    assert {p.name for p in deals} == {"solo-to-bid.json", "solo-mid-play.json"}
    for p in deals:
        state = state_of(load(p))
        assert not state.is_terminal()
