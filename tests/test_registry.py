"""The registry loads a game only when it is used (``tutor/games/__init__.py``), and the package
loads only what a page needs (issue 22: a lesson opens about as fast as a blank ipywidgets page).

Each check runs in a fresh interpreter: this one has long since loaded every game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tutor
from tutor.games import GAMES, SPECS, make_game, spec
from tutor.play.session import table_choices, table_games

ROOT = Path(__file__).resolve().parents[1]
#: a game's own modules, as sys.modules names them
GAME_PACKAGES = tuple(s.folder for s in SPECS)


def loaded_after(code: str, tmp_path: Path) -> dict[str, list[str]]:
    """Run ``code`` in a fresh interpreter and list, by game id, the modules of each game's
    folder it loaded (a package's docstring-only ``__init__`` left out). ``code`` may print
    one line of JSON after ``RESULT``, returned under ``"result"``."""
    tail = ("\nimport json, sys\nfrom tutor.games import SPECS\n"
            "print('LOADED' + json.dumps({s.id: sorted(m for m in sys.modules "
            "if m.startswith(s.folder + '.')) for s in SPECS}))\n")
    out = subprocess.run([sys.executable, "-c", code + tail], capture_output=True, text=True,
                         check=False, cwd=ROOT, env={**os.environ, "IPYTHONDIR": str(tmp_path),
                                                     "TUTOR_PREWARM": "0"})
    assert out.returncode == 0, out.stderr
    found: dict[str, list[str]] = json.loads(out.stdout.split("LOADED", 1)[1])
    if "RESULT" in out.stdout:
        found["result"] = json.loads(out.stdout.split("RESULT", 1)[1].splitlines()[0])
    return found


def test_the_registry_knows_every_game_by_id_and_name_without_loading_it(
        tmp_path: Path) -> None:
    loaded = loaded_after("from IPython.core.interactiveshell import InteractiveShell\n"
                          "InteractiveShell.instance()\n"
                          "import tutor\n"
                          "from tutor.games import SPECS, spec\n"
                          "names = [(s.id, s.name, spec(s.id).folder) for s in SPECS]\n",
                          tmp_path)
    assert loaded == {s.id: [] for s in SPECS}  # import tutor, under IPython too: no game


def test_a_game_used_is_the_only_game_loaded(tmp_path: Path) -> None:
    loaded = loaded_after("import tutor\nstate = tutor.make_game('frog').new_deal(1)\n",
                          tmp_path)
    assert loaded["frog"] == ["tutor.games.frog.presentation", "tutor.games.frog.rules"]
    assert not any(loaded[s.id] for s in SPECS if s.id != "frog")
    # Six-Bid Solo's lesson page at the table: Six-Bid Solo's rooms only
    loaded = loaded_after("from tutor.widgets import TableWidget, lesson_style\n"
                          "lesson_style()\nTableWidget()\n", tmp_path)
    assert "tutor.games.six_bid_solo.rules" in loaded["six-bid-solo"]
    assert not any(loaded[s.id] for s in SPECS if s.id != "six-bid-solo"), loaded


def test_the_facade_gives_every_public_name() -> None:
    for name in tutor.__all__:
        assert getattr(tutor, name) is not None, name
    from tutor import FrogState, SeatView, SixBidSolo

    assert SixBidSolo is spec("six-bid-solo").game and FrogState.__name__ == "FrogState"
    assert SeatView.__module__ == "tutor.games.tapp"
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _ = tutor.Nothing  # type: ignore[attr-defined]


def test_each_spec_loads_its_own_game_once() -> None:
    for s in SPECS:
        assert s.game is s.game and s.presentation is s.presentation
        assert s.game.id == s.id == s.presentation.game_id  # type: ignore[attr-defined]
        assert s.presentation.name == s.name
        assert GAMES[s.id] is s.game and type(make_game(s.id)) is s.game


def test_the_tables_game_picker_offers_exactly_the_games_it_deals() -> None:
    """The picker lists games by their folders' files (loading none); each of them must be a
    game the table deals, or picking it would be refused (TABLE-2)."""
    assert [s.id for s in table_choices()] == [s.id for s in table_games()]


def test_a_page_that_has_asked_nothing_yet_loads_no_question_generators(tmp_path: Path) -> None:
    """Lesson 15 as a page first shows it (the advisor, the learner box, two decision quizzes
    waiting for a first click): the quiz generators and the bots under them load with the first
    question, not while the page renders (issue 22: render time)."""
    loaded = loaded_after(
        f"import os\nos.environ['TUTOR_PROGRESS_DIR'] = {str(tmp_path / 'progress')!r}\n"
        "from tutor.widgets import AdvisorPanel, DecisionQuiz, LearnerBox, lesson_style\n"
        "lesson_style()\nAdvisorPanel(hand='AS TS KS JS 9S AH KH 7H KD QC 7C')\n"
        "LearnerBox()\nDecisionQuiz(['bid-decision'], start=False)\n"
        "q = DecisionQuiz(['play-decision'], start=False)\n"
        "import json, sys\n"
        "print('RESULT' + json.dumps(sorted(m for m in sys.modules if m.startswith(("
        "'tutor.quiz.generators', 'tutor.bots', 'tutor.solver', 'tutor.engine.sampler', "
        "'tutor.games.six_bid_solo.quiz')))))\n"
        "q.new_question()\n"
        "assert 'tutor.quiz.generators' in sys.modules  # the first question brings them\n",
        tmp_path)
    assert loaded.pop("result") == []


def test_the_problems_page_loads_no_solver_before_its_first_problem(tmp_path: Path) -> None:
    """Lesson 16's cells (``ProblemWidget(start=False)``) in a fresh interpreter: the problem
    list needs no solver; numba and the double-dummy search load with the first problem."""
    loaded = loaded_after(
        f"import os\nos.environ['TUTOR_PROGRESS_DIR'] = {str(tmp_path / 'progress')!r}\n"
        "from tutor.widgets import LearnerBox, lesson_style\n"
        "from tutor.widgets.problem import ProblemWidget\n"
        "lesson_style()\nLearnerBox()\nw = ProblemWidget(start=False)\n"
        "import json, sys\n"
        "print('RESULT' + json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == "
        "'numba' or m.startswith(('tutor.solver.search', 'tutor.problems.defence', "
        "'tutor.problems.sure')))[:5]))\n"
        "w.start_button.click()\n"
        "assert w.session.problem is not None and 'numba' in sys.modules\n",
        tmp_path)
    assert loaded.pop("result") == []
