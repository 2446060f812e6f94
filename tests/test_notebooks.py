"""The lesson notebooks: committed clean, in sync with their source, and every one runs.

``notebooks/make_lessons.py`` is the source of truth; the ``.ipynb`` files are what it writes,
with no outputs and no widget state. Each notebook is executed top to bottom with nbclient (a
fresh kernel, the notebook's folder as working directory), well under a minute each.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import nbformat
import pytest
from conftest_lesson import LESSONS, NOTEBOOKS
from nbclient import NotebookClient

from tutor.engine.record import replay

RULE_ID = re.compile(r"\b(?:SBS-(?:\d+a?|V\d)|FR-\d+|CS-\d+a?|SS-\d+[ab]?|PI-\d+b?)\b")
KNOWN_RULES = ({f"SBS-{n}" for n in range(1, 29)} | {"SBS-16a"} | {f"SBS-V{n}" for n in range(1, 7)}
               | {f"FR-{n}" for n in range(1, 6)} | {f"CS-{n}" for n in range(1, 15)}
               | {"CS-3a", "CS-4a"} | {f"SS-{n}" for n in range(1, 18)} | {"SS-13a", "SS-13b"}
               | {f"PI-{n}" for n in range(1, 13)} | {"PI-4b"})


def source() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_lessons", NOTEBOOKS / "make_lessons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_notebooks_are_what_the_source_writes() -> None:
    make = source()
    for name in make.LESSON_CELLS:
        assert f"{name}.ipynb" in LESSONS, f"{name}.ipynb is missing: run the source"
    generators = [p.read_text(encoding="utf-8") for p in NOTEBOOKS.glob("make_*.py")]
    for nb in LESSONS:  # every notebook has a source (lessons of other rooms: their own make_*)
        assert any(nb.removesuffix(".ipynb") in g for g in generators), nb
    for name in make.LESSON_CELLS:
        committed = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
        assert committed == make.render(name), (
            f"{name}.ipynb differs from notebooks/make_lessons.py: run "
            "`python notebooks/make_lessons.py`")


def test_the_points_chart_is_what_matplotlib_draws() -> None:
    from tutor.widgets.pictures import POINTS_CHART, draw_points_chart

    committed = (NOTEBOOKS / POINTS_CHART).read_text(encoding="utf-8")
    assert committed == draw_points_chart(), "run `python notebooks/make_lessons.py`"
    assert "currentColor" in committed and "SBS-3" in committed


@pytest.mark.parametrize("name", LESSONS)
def test_committed_without_outputs_or_widget_state(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    assert "widgets" not in nb.metadata
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


@pytest.mark.parametrize("name", LESSONS)
def test_explanations_cite_rule_ids_and_links_resolve(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    cited = set(RULE_ID.findall(text))
    assert cited, "a lesson explains rules: it cites their ids"
    assert cited <= KNOWN_RULES, cited - KNOWN_RULES
    for link in re.findall(r"\]\(([^)]+\.ipynb)\)", text):
        assert (NOTEBOOKS / link).exists(), link


def test_every_contract_lesson_replays_a_finished_deal_of_its_contract() -> None:
    make = source()
    for lesson, contract in make.CONTRACT_LESSON.items():
        nb = nbformat.read(NOTEBOOKS / f"{lesson}.ipynb", as_version=4)
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        m = re.search(r'DealReplay\("(deals/[^"]+)"', code)
        assert m, lesson
        record = json.loads((NOTEBOOKS / m.group(1)).read_text(encoding="utf-8"))
        out = replay(record)
        assert out["phase"] == "done" and out["contract"] == contract
        assert f"contract={contract!r}" in code  # and its quiz asks about that contract


@pytest.mark.parametrize("name", LESSONS)
def test_notebook_runs(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTOR_PROGRESS_DIR", str(tmp_path))
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    client = NotebookClient(nb, timeout=60, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # CellExecutionError on any failing cell
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            assert out.output_type != "error", out
            assert not (out.output_type == "stream" and out.name == "stderr"), out.text
    shown = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert shown, "a lesson shows something"
    assert "widgets" not in nb.metadata
