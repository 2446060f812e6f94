"""Imports flow one way (design.md, README "Layout"), with no exception and no circle.

The rooms stand in this order, each importing only rooms to its left (:data:`FORBIDDEN`; the
display, drawing for the quizzes, also stays clear of the solver and the bots)::

    errors, cards, facts, state -> rules -> engine -> solver -> bots -> quiz -> problems
        -> display -> play -> widgets

Cards and rules know nothing of the solver, the bots, the quizzes, the drawings or the widgets;
the solver knows nothing of the bots that use it; only the widgets import ipywidgets and only
the widgets import the UI-free table session (:mod:`tutor.play`). A notebook still shows a card
as a picture: the display room registers IPython formatters for the engine's types
(:mod:`tutor.display.ipython`), so nothing below it imports the display, not even lazily.

Every ``import`` and ``from ... import`` counts, wherever it stands: at the top, inside a
function (a lazy import), under ``if TYPE_CHECKING:``, and ``importlib.import_module`` with a
literal name. Names built at run time cannot be read: ``import_module(f".{name}", __name__)``
in the lazy ``__getattr__`` of :mod:`tutor.quiz` and :mod:`tutor.widgets` (both packages name
the same modules in an ``if TYPE_CHECKING:`` block, which is read) and the solver modules
:mod:`tutor.widgets.engine` warms up (the top room: any import from it runs downward).

Two entry points stand above every room and are treated apart: the package's ``__init__`` (the
public façade, ``tutor.replay``, ``tutor.SixBidSolo``; it may import any room, and under IPython
it asks the display room to register its formatters) and ``__main__`` (the command line). No
module of a room imports them: the façade imports every room, so that would be a circle.

Besides the table of forbidden rooms, the whole module graph must be free of circles — between
rooms and between the modules of one room — so each module can be read, tested and imported
after the modules it names and never in the middle of them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

TUTOR = Path(__file__).resolve().parent.parent / "tutor"

#: The entry points above every room (see the module docstring).
FACADE = "tutor"
ENTRY_POINTS = {FACADE, "tutor.__main__"}

#: for each room, the rooms it must never import (directly or inside a function)
FORBIDDEN: dict[str, set[str]] = {
    "cards": {"facts", "rules", "engine", "solver", "bots", "quiz", "problems", "display", "play",
              "widgets"},
    "errors": {"cards", "facts", "state", "rules", "engine", "solver", "bots", "quiz", "problems",
               "display", "play", "widgets"},
    # a game's facts (deck, players, action kinds): on cards and errors, below state and rules
    "facts": {"rules", "engine", "solver", "bots", "quiz", "problems", "display", "play",
              "widgets"},
    "state": {"rules", "engine", "solver", "bots", "quiz", "problems", "display", "play",
              "widgets"},
    "rules": {"engine", "solver", "bots", "quiz", "problems", "display", "play", "widgets"},
    "engine": {"solver", "bots", "quiz", "problems", "display", "play", "widgets"},
    "solver": {"bots", "quiz", "problems", "display", "play", "widgets"},
    "bots": {"quiz", "problems", "display", "play", "widgets"},
    "quiz": {"problems", "display", "play", "widgets"},
    # play problems: made by the solver and the bots, kept with the quiz's progress
    "problems": {"display", "play", "widgets"},
    "display": {"solver", "bots", "problems", "play", "widgets"},
    "play": {"widgets"},
    "widgets": set(),
}

#: Outside packages only some rooms may import.
ONLY: dict[str, set[str]] = {
    "ipywidgets": {"widgets"},
    "IPython": {"display", "widgets"},  # display: the formatters of tutor.display.ipython
}


# --- reading one module's imports ----------------------------------------------------------------
@dataclass(frozen=True)
class Import:
    """One import found in a module: the module or package it loads, and where it stands."""

    target: str  # a dotted name: ``tutor.quiz.core``, ``tutor.quiz`` (a package) or ``numpy``
    line: int
    lazy: bool  # inside a function: runs only when that function runs
    typing_only: bool = False  # under ``if TYPE_CHECKING:``: read by mypy, never run

    def where(self) -> str:
        how = " (lazy)" if self.lazy else " (type checking)" if self.typing_only else ""
        return f"line {self.line}{how}"


def module_name(path: Path) -> str:
    """``tutor/quiz/core.py`` -> ``tutor.quiz.core``; a package's ``__init__`` -> the package."""
    parts = list(path.relative_to(TUTOR.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _resolve(level: int, module: str | None, package: str) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``package``."""
    if not level:
        return module or ""
    base = package.split(".")
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


class _Finder(ast.NodeVisitor):
    def __init__(self, package: str, modules: Iterable[str]) -> None:
        self.package = package
        self.modules = set(modules)
        self.found: list[Import] = []
        self.depth = 0  # > 0 inside a function
        self.typing = 0  # > 0 under ``if TYPE_CHECKING:``

    def _add(self, target: str, node: ast.AST) -> None:
        self.found.append(Import(target, getattr(node, "lineno", 0), self.depth > 0,
                                 self.typing > 0))

    def _nested(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _nested

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", "")
        if name != "TYPE_CHECKING":
            self.generic_visit(node)
            return
        self.typing += 1
        for child in node.body:
            self.visit(child)
        self.typing -= 1
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _resolve(node.level, node.module, self.package)
        for alias in node.names:
            # ``from tutor.solver import search``: the submodule when there is one, else the
            # package's __init__ (a name defined there)
            sub = f"{base}.{alias.name}"
            self._add(sub if sub in self.modules else base, node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in ("import_module", "__import__") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            text = node.args[0].value
            dots = len(text) - len(text.lstrip("."))
            self._add(_resolve(dots, text[dots:] or None, self.package) if dots else text, node)
        self.generic_visit(node)


def imports_of(text: str, name: str, *, package: bool = False,
               modules: Iterable[str] = ()) -> list[Import]:
    """Every import in module source ``text`` of the module called ``name`` (``package``: it is a
    package's ``__init__``); ``modules`` are the known module names, to tell a submodule
    imported by ``from package import sub`` from a name defined in the package."""
    finder = _Finder(name if package else name.rpartition(".")[0], modules)
    finder.visit(ast.parse(text))
    return finder.found


#: A game's folder (``tutor/games/<game>/``) holds one module per room it adapts; the file's
#: name says the room. The registry (``tutor.games``), the Tapp family's core
#: (``tutor.games.tapp``) and each game's package stand in the rules room.
GAME_FILES: dict[str, str] = {
    "rules": "rules", "presentation": "rules", "sampling": "engine", "solver": "solver",
    "advisor": "solver", "bots": "bots", "quiz": "quiz", "lessons": "quiz", "display": "display",
    "decisions": "quiz",
    "hand": "engine", "pimc": "bots",
    "discard": "solver",
    "match": "engine",  # a game's match to its end (Crazy Solo's, Auction Pitch's PI-12)
    "bid_bank": "quiz",  # Auction Pitch's bid questions, found offline
}


def room_of(name: str) -> str:
    """``tutor.quiz.core`` -> ``quiz``; ``tutor.cards`` -> ``cards``; a game's module by its
    file (``tutor.games.frog.rules`` -> ``rules``); an outside package -> its top-level name;
    the façade -> ``""``."""
    bits = name.split(".")
    if bits[0] != "tutor":
        return bits[0]
    if len(bits) > 1 and bits[1] == "games":
        return GAME_FILES[bits[3]] if len(bits) > 3 else "rules"
    return bits[1] if len(bits) > 1 else ""


def _imports_of(text: str, package: list[str]) -> set[str]:
    """The rooms (and outside top-level packages) imported by module source ``text`` living in
    ``package`` (e.g. ``["tutor", "solver"]``)."""
    return {room_of(i.target) for i in imports_of(text, ".".join([*package, "_"]), modules=NAMES)}


# --- the whole package ---------------------------------------------------------------------------
PATHS: dict[str, Path] = {module_name(p): p for p in sorted(TUTOR.rglob("*.py"))}
NAMES = set(PATHS)
#: module -> its imports
IMPORTS: dict[str, list[Import]] = {
    name: imports_of(path.read_text(encoding="utf-8"), name, package=_is_package(path),
                     modules=NAMES)
    for name, path in PATHS.items()
}

Graph = Mapping[str, Mapping[str, Import]]


def module_graph(imports: Mapping[str, list[Import]]) -> dict[str, dict[str, Import]]:
    """module -> {imported module of the package: the first import of it}. Only imports of the
    package's own modules are edges; importing ``tutor.x.y`` also loads the packages ``tutor``
    and ``tutor.x`` first, but that is Python's doing, not the module's, and is no edge."""
    graph: dict[str, dict[str, Import]] = {}
    for name, found in imports.items():
        edges = graph.setdefault(name, {})
        for imp in found:
            if imp.target in imports and imp.target != name:
                edges.setdefault(imp.target, imp)
    return graph


def room_graph(graph: Graph) -> dict[str, dict[str, tuple[str, str, Import]]]:
    """room -> {imported room: (module, imported module, import)}: the module graph seen room
    by room, without the entry points (they may import any room)."""
    rooms: dict[str, dict[str, tuple[str, str, Import]]] = {}
    for name, edges in graph.items():
        if name in ENTRY_POINTS:
            continue
        here = rooms.setdefault(room_of(name), {})
        for target, imp in edges.items():
            there = room_of(target)
            if there != room_of(name) and target not in ENTRY_POINTS:
                here.setdefault(there, (name, target, imp))
    return rooms


@dataclass(frozen=True)
class Circle:
    """Nodes that import each other (a strongly connected group) and one circle among them."""

    group: tuple[str, ...]  # sorted
    path: tuple[str, ...]  # (a, b, ..., a), following the edges


def circles(edges: Mapping[str, Iterable[str]]) -> list[Circle]:
    """Each strongly connected group of two or more nodes (Tarjan) with its shortest circle
    through its first node; [] when the graph has no circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:  # recursive: the package has a few dozen modules
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [Circle(tuple(g), tuple(_circle_through(g[0], set(g), edges))) for g in sorted(groups)]


def _circle_through(start: str, group: set[str], edges: Mapping[str, Iterable[str]]
                    ) -> list[str]:
    """The shortest path from ``start`` back to itself inside ``group`` (breadth first)."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges.get(v, ())):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start] if v != start else [start, start]
                if w in group and w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{start} is in a strongly connected group but on no circle")


def describe_module_circle(circle: Circle, graph: Graph) -> str:
    path = circle.path
    steps = [f"{a} imports {b} ({graph[a][b].where()})" for a, b in pairwise(path)]
    return (f"{', '.join(circle.group)} import each other; one circle: {' -> '.join(path)}"
            "\n    " + "\n    ".join(steps))


def describe_room_circle(circle: Circle,
                         rooms: Mapping[str, Mapping[str, tuple[str, str, Import]]]) -> str:
    path = circle.path
    steps = []
    for a, b in pairwise(path):
        module, target, imp = rooms[a][b]
        steps.append(f"{a} -> {b}: {module} imports {target} ({imp.where()})")
    return (f"rooms {', '.join(circle.group)} import each other; one circle: "
            f"{' -> '.join(path)}\n    " + "\n    ".join(steps))


GRAPH = module_graph(IMPORTS)
ROOMS = room_graph(GRAPH)
MODULES = sorted(n for n in PATHS if n not in ENTRY_POINTS)


# --- the checks ----------------------------------------------------------------------------------
def test_every_room_is_in_the_table() -> None:
    """A new room must say where it stands before it can import anything."""
    rooms = {room_of(n) for n in MODULES}
    missing = rooms - set(FORBIDDEN)
    assert not missing, f"rooms missing from FORBIDDEN (where do they stand?): {sorted(missing)}"


@pytest.mark.parametrize("name", MODULES)
def test_imports_flow_one_way(name: str) -> None:
    room = room_of(name)
    bad = [f"{i.target} ({i.where()})" for i in IMPORTS[name]
           if room_of(i.target) in FORBIDDEN.get(room, set())]
    assert not bad, f"{name} ({room}) imports a room above it: {', '.join(bad)}"


@pytest.mark.parametrize("name", MODULES)
def test_no_room_imports_the_entry_points(name: str) -> None:
    bad = [f"{i.target} ({i.where()})" for i in IMPORTS[name] if i.target in ENTRY_POINTS]
    assert not bad, (f"{name} imports the package's entry point {', '.join(bad)}: import the "
                     "room's own module instead (the façade imports every room)")


@pytest.mark.parametrize("package", sorted(ONLY))
def test_outside_packages_only_where_allowed(package: str) -> None:
    bad = [f"{n} ({i.where()})" for n in MODULES for i in IMPORTS[n]
           if room_of(i.target) == package and room_of(n) not in ONLY[package]]
    assert not bad, f"only {sorted(ONLY[package])} may import {package}: {', '.join(bad)}"


def test_no_circle_between_modules() -> None:
    found = circles(GRAPH)
    assert not found, "import circles between modules:\n" + "\n".join(
        describe_module_circle(c, GRAPH) for c in found)


def test_no_circle_between_rooms() -> None:
    found = circles(ROOMS)
    assert not found, "import circles between rooms:\n" + "\n".join(
        describe_room_circle(c, ROOMS) for c in found)


def test_the_facade_may_import_any_room_but_is_imported_by_none() -> None:
    """The façade's own imports are real edges of the graph (a lazy one included), and no
    module is found importing it."""
    assert {"tutor.cards", "tutor.games", "tutor.engine.record"} <= set(GRAPH[FACADE])
    assert GRAPH[FACADE]["tutor.solver.api"].lazy
    assert not any(FACADE in edges for n, edges in GRAPH.items() if n != FACADE)


# --- the checks can fail -------------------------------------------------------------------------
def test_the_checker_sees_a_violation() -> None:
    """A solver module importing a bot at the top and a quiz inside a function is caught; the
    same imports from a widget are fine."""
    text = "from ..bots.hand import call_card\n\ndef f():\n    from ..quiz import core\n"
    assert _imports_of(text, ["tutor", "solver"]) & FORBIDDEN["solver"] == {"bots", "quiz"}
    assert not _imports_of(text, ["tutor", "widgets"]) & FORBIDDEN["widgets"]
    assert "ipywidgets" in _imports_of("import ipywidgets as w\n", ["tutor", "quiz"])
    # the display imported lazily by a card hook, as the engine once did, is caught
    hook = "class Card:\n    def _repr_svg_(self):\n        from .display.cards import card_svg\n"
    assert _imports_of(hook, ["tutor"]) & FORBIDDEN["cards"] == {"display"}
    assert "display" in _imports_of("from ...display.table import deal_html\n",
                                    ["tutor", "rules", "x"]) & FORBIDDEN["rules"]


def test_imports_are_resolved_and_placed() -> None:
    modules = {"tutor", "tutor.solver", "tutor.solver.search", "tutor.quiz", "tutor.quiz.core",
               "tutor.quiz.bank"}
    text = ("from ..solver import search, Advice\n"
            "import tutor.quiz.core\n"
            "from . import bank\n"
            "from .. import replay\n"
            "if TYPE_CHECKING:\n    from .core import Question\n"
            "def f():\n    import_module('.bank', __name__)\n    import_module('tutor.solver')\n")
    found = imports_of(text, "tutor.quiz.decisions", modules=modules)
    assert [(i.target, i.line, i.lazy) for i in found] == [
        ("tutor.solver.search", 1, False), ("tutor.solver", 1, False),
        ("tutor.quiz.core", 2, False), ("tutor.quiz.bank", 3, False), ("tutor", 4, False),
        ("tutor.quiz.core", 6, False), ("tutor.quiz.bank", 8, True), ("tutor.solver", 9, True)]
    # in a package's __init__, "." is the package itself
    init = imports_of("from .core import grade\nfrom . import bank\n", "tutor.quiz",
                      package=True, modules=modules)
    assert [i.target for i in init] == ["tutor.quiz.core", "tutor.quiz.bank"]


def test_the_circle_finder_finds_a_planted_circle() -> None:
    """Three quiz modules importing each other in a ring (one of the imports lazy, as the
    decision quizzes once did), and two rooms importing each other, are found and named."""
    sources = {
        "tutor.quiz.bank": ("tutor/quiz/bank.py", "from .decisions import DecisionQuestion\n"),
        "tutor.quiz.decisions": ("tutor/quiz/decisions.py",
                                 "from .decision_session import KINDS\n"),
        "tutor.quiz.decision_session": ("tutor/quiz/decision_session.py",
                                        "def make():\n    from .bank import bank_question\n"),
        "tutor.quiz.core": ("tutor/quiz/core.py", "from ..cards import Card\n"),
        "tutor.cards": ("tutor/cards.py",
                        "def _repr_svg_(self):\n    from .display.cards import card_svg\n"),
        "tutor.display.cards": ("tutor/display/cards.py", "from ..cards import Card\n"),
        "tutor.display": ("tutor/display/__init__.py", "from .cards import card_svg\n"),
    }
    imports = {name: imports_of(text, name, package=path.endswith("__init__.py"),
                                modules=sources)
               for name, (path, text) in sources.items()}
    graph = module_graph(imports)
    found = circles(graph)
    assert [c.path for c in found] == [
        ("tutor.cards", "tutor.display.cards", "tutor.cards"),
        ("tutor.quiz.bank", "tutor.quiz.decisions", "tutor.quiz.decision_session",
         "tutor.quiz.bank"),
    ]
    assert found[1].group == ("tutor.quiz.bank", "tutor.quiz.decision_session",
                              "tutor.quiz.decisions")
    text = describe_module_circle(found[1], graph)
    assert "tutor.quiz.decision_session imports tutor.quiz.bank (line 2 (lazy))" in text
    rooms = room_graph(graph)
    (room_circle,) = circles(rooms)
    assert room_circle.path == ("cards", "display", "cards")
    assert "tutor.cards imports tutor.display.cards (line 2 (lazy))" in describe_room_circle(
        room_circle, rooms)
    # the same modules without the lazy imports: no circle
    del imports["tutor.cards"][0], imports["tutor.quiz.decision_session"][0]
    assert circles(module_graph(imports)) == []


def test_the_real_graph_is_read() -> None:
    """The graph of the package itself holds the imports it should (so a check finding nothing
    is not a check reading nothing)."""
    assert len(GRAPH) == len(PATHS) > 40
    assert "tutor.cards" in GRAPH["tutor.games.six_bid_solo.rules"]
    assert "tutor.solver.advisor" in GRAPH["tutor.quiz.decisions"]
    assert "tutor.display.table" in GRAPH["tutor.display.ipython"]
    assert {"cards", "errors", "state"} <= set(ROOMS["rules"])


# --- a game's modules are named only in its folder and the registry ------------------------------
def _game_modules_named(name: str) -> set[str]:
    """The modules of a game's folder that ``name`` imports (the shared core and the registry
    are not a game's)."""
    return {i.target for i in IMPORTS[name]
            if i.target.startswith("tutor.games.") and i.target.count(".") >= 3}


@pytest.mark.parametrize("name", [n for n in MODULES if not n.startswith("tutor.games")])
def test_only_a_games_folder_and_the_registry_name_its_modules(name: str) -> None:
    """Generic rooms ask the registry (``tutor.games.spec``) or load a game's adapter from its
    folder by their own room's file name; they never import a game's modules."""
    named = _game_modules_named(name)
    assert not named, (f"{name} names {sorted(named)}: ask the registry (tutor.games.spec) or "
                       "put the code in the game's folder")


def test_a_games_folder_names_no_other_game() -> None:
    for name in MODULES:
        bits = name.split(".")
        if len(bits) > 3 and bits[1] == "games" and bits[2] != "tapp":
            others = {t for t in _game_modules_named(name) if t.split(".")[2] != bits[2]}
            assert not others, f"{name} names another game's modules: {sorted(others)}"
