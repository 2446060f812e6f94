"""Imports flow one way (design.md, README "Layout"): cards and rules know nothing of the
solver, the bots, the quizzes or the widgets; the solver knows nothing of the bots that use it;
only the widgets import ipywidgets.

The one sanctioned exception is Jupyter's rich display: ``Card._repr_svg_`` and the state's
``_repr_html_`` import :mod:`tutor.display` lazily inside the hook, so a notebook shows a card
as a picture without the engine depending on the display at import time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TUTOR = Path(__file__).resolve().parent.parent / "tutor"

#: for each room, the rooms it must never import (directly or inside a function)
FORBIDDEN: dict[str, set[str]] = {
    "cards": {"rules", "engine", "solver", "bots", "quiz", "widgets"},
    "errors": {"cards", "rules", "engine", "solver", "bots", "quiz", "display", "widgets"},
    "state": {"rules", "engine", "solver", "bots", "quiz", "display", "widgets"},
    "rules": {"engine", "solver", "bots", "quiz", "widgets"},
    "engine": {"solver", "bots", "quiz", "display", "widgets"},
    "solver": {"bots", "quiz", "display", "widgets"},
    "bots": {"quiz", "display", "widgets"},
    "quiz": {"widgets"},
    "display": {"solver", "bots", "widgets"},
}


def _imports(path: Path) -> set[str]:
    """The ``tutor`` rooms (and outside top-level packages) a module imports, anywhere in it."""
    parts = list(path.relative_to(TUTOR.parent).with_suffix("").parts)
    return _imports_of(path.read_text(encoding="utf-8"), parts[:-1])


def _imports_of(text: str, package: list[str]) -> set[str]:
    """The rooms imported by module source ``text`` living in ``package`` (e.g. tutor.solver)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                # "from .. import search"-style: the imported names are the rooms
                names = ([f"tutor.{a.name}" for a in node.names] if target == "tutor"
                         else [target])
            else:
                names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            bits = name.split(".")
            found.add(bits[1] if bits[0] == "tutor" and len(bits) > 1 else bits[0])
    return found


def _room(path: Path) -> str:
    rel = path.relative_to(TUTOR)
    return rel.parts[0].removesuffix(".py") if rel.parts else ""


MODULES = sorted(TUTOR.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(TUTOR)))
def test_imports_flow_one_way(path: Path) -> None:
    room = _room(path)
    bad = _imports(path) & FORBIDDEN.get(room, set())
    assert not bad, f"{path.relative_to(TUTOR)} ({room}) imports {sorted(bad)}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(TUTOR)))
def test_only_widgets_import_ipywidgets(path: Path) -> None:
    if _room(path) != "widgets":
        assert "ipywidgets" not in _imports(path), str(path.relative_to(TUTOR))


def test_the_checker_sees_a_violation() -> None:
    """The check can fail: a solver module importing a bot at the top and a quiz inside a
    function is caught; the same imports from a widget are fine."""
    text = "from ..bots.hand import call_card\n\ndef f():\n    from ..quiz import core\n"
    assert _imports_of(text, ["tutor", "solver"]) & FORBIDDEN["solver"] == {"bots", "quiz"}
    assert not _imports_of(text, ["tutor", "widgets"]) & FORBIDDEN.get("widgets", set())
    assert "ipywidgets" in _imports_of("import ipywidgets as w\n", ["tutor", "quiz"])
