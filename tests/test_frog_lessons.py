"""The Frog (game) lessons, 20 to 23: exactly what ``notebooks/make_frog_lessons.py`` writes,
labels that tell the game from its lowest contract, quizzes that ask about Frog, and every worked
number of the lessons worked out again by the engine.

(``tests/test_notebooks.py`` executes every lesson, these included, and checks their rule ids
and links; ``tests/test_voila.py`` and ``tests/test_browser.py`` serve and draw them.)
"""

from __future__ import annotations

import json
import re
from typing import Any

import nbformat
import pytest
from conftest_lesson import LESSONS, NOTEBOOKS, code_cells, lesson_source, markdown, widget_calls
from test_rules_frog import deal_reaching

import tutor
from tutor.engine.record import state_of
from tutor.games import spec
from tutor.games.frog.hand import BID_FROM, EXCHANGE, MIN_TRUMPS, discard_choice
from tutor.games.frog.rules import CHICO, DISCARD_BASE, FROG, GRAND, FrogState
from tutor.games.tapp import CARD_INDEX, CARDS, HEARTS, SUIT_MASK, mask_cards, mask_points

SOURCE = lesson_source("make_frog_lessons")
NAMES = list(SOURCE.LESSON_CELLS)
GAME_NAME = spec("frog").name  # "Frog (game)", the presentation's name for learners


def cards(texts: str) -> list[int]:
    return [CARD_INDEX[tutor.Card.parse(t)] for t in texts.split()]


def mask(texts: str) -> int:
    return sum(1 << c for c in cards(texts))


# --- the notebooks and their source --------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_what_its_source_writes(name: str) -> None:
    committed = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
    assert committed == SOURCE.render(name), \
        f"{name}.ipynb differs: run `python notebooks/make_frog_lessons.py`"
    nb = nbformat.reads(committed, as_version=4)
    assert "widgets" not in nb.metadata
    assert nb.metadata["title"].startswith(GAME_NAME)  # the page title names the game
    for c in nb.cells:
        if c.cell_type == "code":  # thin notebooks: a few lines of code per cell, no outputs
            assert c.outputs == [] and c.execution_count is None
            assert len(c.source.splitlines()) <= 6, c.source
    text = markdown(name)
    assert set(re.findall(r"\bFR-\d\b", text)), "a Frog lesson cites Frog's rules"
    assert text.startswith("# " + GAME_NAME)


def test_the_lessons_are_on_the_map_and_chained() -> None:
    welcome = markdown("00-welcome")
    assert f"### {GAME_NAME}" in welcome and "### Six-Bid Solo" in welcome
    for name in NAMES:
        assert f"({name}.ipynb)" in welcome, name
        assert f"{name}.ipynb" in LESSONS
    # 15 → 20 → 21 → 22 → 23 → 14 (the table, where Frog is picked in the Game list)
    links = [re.findall(r"Next: [^]]*\]\(([^)]+)\.ipynb\)", markdown(n)) for n in
             ("15-decisions", *NAMES)]
    assert links == [["20-frog"], ["21-frog-discard"], ["22-frog-settlement"],
                     ["23-frog-worked-deals"], ["14-play-against-the-engine"]]
    assert GAME_NAME in markdown("14-play-against-the-engine")


def test_every_label_tells_frog_the_game_from_the_frog_bid() -> None:
    """"Frog" alone is ambiguous: every lesson says *Frog (game)* for the game and *Frog bid*
    for the contract (the presentation's names), or quotes the word when it talks about it."""
    presentation = spec("frog").presentation
    assert presentation.contract_name("frog") == "Frog bid"
    bare = re.compile(r'(?<!")\bFrog\b(?!\s\(game\)|\sbid)(?!")')
    for nb in LESSONS:
        text = markdown(nb.removesuffix(".ipynb"))
        assert not bare.findall(text), (nb, [text[max(m.start() - 30, 0):m.end() + 30]
                                             for m in bare.finditer(text)])


# --- quizzes -------------------------------------------------------------------------------------
@pytest.mark.usefixtures("clean_widgets")
def test_the_quizzes_ask_about_frog() -> None:
    from tutor.quiz import kinds
    from tutor.widgets import DecisionQuiz, Learner, QuizWidget
    from tutor.widgets.quiz import players_of

    asked: set[str] = set()
    for name in NAMES:
        for args, kw in widget_calls(name, "QuizWidget"):
            assert kw["game"] == "frog", name
            quiz = QuizWidget(*args, **kw, learner=Learner("ada", seed=3))
            q = quiz.question
            assert q is not None and q.game == "frog" and q.kind in args[0]
            assert GAME_NAME in quiz.heading.value
            if "players" in kw:
                assert players_of(q) == kw["players"]
            asked |= set(args[0])
    # legal plays, the trick winner, settlement, the discard and the bid (the auction, and which
    # contract pays what)
    assert {"legal-plays", "trick-winner", "settlement", "discard", "auction",
            "contracts"} <= asked <= set(kinds("frog"))
    # and the discard decision, graded by the solver, waiting for the learner's first click
    assert widget_calls("21-frog-discard", "DecisionQuiz") == [
        ([["discard-decision"]], {"game": "frog", "start": False})]
    quiz = DecisionQuiz(["discard-decision"], game="frog", start=False, prefetch=False,
                        learner=Learner("ada", seed=3))
    assert quiz.game_id == "frog" and quiz.kinds == ("discard-decision",) and quiz.question is None


# --- lesson 20: the rules of thumb quoted ------------------------------------------------------
def test_the_bidding_marks_quoted_are_the_bots() -> None:
    text = markdown("20-frog")
    assert (BID_FROM[FROG], BID_FROM[CHICO], BID_FROM[GRAND]) == (61, 66, 71)
    assert "from a count of 61" in text and "Chico from 66" in text and "Grand from\n71" in text
    assert (MIN_TRUMPS[FROG], MIN_TRUMPS[CHICO], MIN_TRUMPS[GRAND]) == (3, 4, 4)
    assert "at least 3, 4 and 4 trumps" in text
    assert EXCHANGE == 5 and "add about 5" in text


# --- lesson 21: the worked discard -------------------------------------------------------------
def test_the_worked_discard_is_the_rules_of_thumb_and_legal() -> None:
    ex = SOURCE.DISCARD_EXAMPLE
    dealt, widow, laid, kept = (cards(ex[k]) for k in ("dealt", "widow", "discard", "kept"))
    assert len(dealt) == 11 and len(widow) == 3 and len(laid) == 3
    fourteen = mask(ex["dealt"]) | mask(ex["widow"])
    assert fourteen.bit_count() == 14 and set(kept) == set(mask_cards(fourteen)) - set(laid)
    # the rules of thumb (the bots' discard) lay these away, in this order
    hand = fourteen
    for card in laid:
        choice, _why = discard_choice(hand)
        assert choice == card, (CARDS[choice].text, CARDS[card].text)
        hand &= ~(1 << card)
    assert mask_points(mask(ex["discard"])) == 14  # "10 + 0 + 4 = 14 points"
    assert (mask(ex["kept"]) & SUIT_MASK[HEARTS]).bit_count() == 6  # "all six trumps"
    # the engine: a deal with that hand and that widow, won with the Frog bid; the discard is
    # legal card by card, and it counts for the bidder (FR-1, FR-2)
    rest = [CARDS[c].text for c in range(36) if not (fourteen >> c & 1)]
    record = {"format": "tutor-record/1", "game": "frog", "dealer": 2,
              "hands": [ex["dealt"].split(), rest[:11], rest[11:]], "widow": ex["widow"].split(),
              "calls": ["frog", "pass", "pass"]}
    state = state_of(record)
    assert isinstance(state, FrogState) and state.hands[0] == fourteen
    for card in laid:
        assert DISCARD_BASE + card in state.legal_actions()
        state.apply(DISCARD_BASE + card)
    assert state.hands[0] == mask(ex["kept"]) and state.phase == "play" and state.to_move == 0
    text = markdown("21-frog-discard")
    for key in ("dealt", "widow"):
        assert all(CARDS[c].text in json.dumps(code_cells("21-frog-discard"))
                   for c in cards(ex[key]))
    assert "**14 points**" in text and "14 cards" in text


# --- lesson 22: the worked settlements ---------------------------------------------------------
@pytest.mark.parametrize("case", SOURCE.SETTLEMENT_CASES + SOURCE.BIG_TABLE_CASES,
                         ids=lambda c: f"{c[0]}-{c[1]}-{'-'.join(map(str, c[2].values()))}")
def test_every_worked_settlement_is_the_engines(case: tuple[str, int, dict[str, Any], str]
                                                ) -> None:
    contract, points, options, note = case
    if "discard" in note:  # the discard case of sources.md §3.3: A♠ 10♠ 6♣ and 45 in tricks
        s = deal_reaching(contract, points, options, discard=("AS", "TS", "6C"), trick_points=45)
    else:
        s = deal_reaching(contract, points, options)
    bidder = s.bidder
    assert bidder is not None and s.bidder_points() == points
    chips = s.chips()
    row = SOURCE.settlement_row(*case)
    each = s.opponent_amount()
    total = chips[bidder]
    signed = SOURCE.signed
    payers = [o for o in range(s.n) if o != bidder and chips[o]]
    assert all(chips[o] == -each for o in payers) and sum(chips) == 0
    assert f"= **{signed(each)}**" in row, (row, chips)
    assert f"| {signed(total)} ({len(payers) if each else s.n - 1} × {signed(each)}) |" in row, \
        (row, chips)
    assert row in markdown("22-frog-settlement")


# --- lesson 23: the worked deals ---------------------------------------------------------------
def record(path: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / path).read_text(encoding="utf-8"))
    return data


def test_the_worked_deals_are_finished_deals_of_their_contracts() -> None:
    deals = SOURCE.WORKED_DEALS
    assert widget_calls("23-frog-worked-deals", "DealReplay") == [([p], {}) for p, _ in deals]
    for path, contract in deals:
        rec = record(path)
        out = tutor.replay(rec)
        assert rec["game"] == "frog" and out["phase"] == "done" and out["contract"] == contract


def test_what_the_worked_deals_lesson_says_is_the_engines() -> None:
    text = markdown("23-frog-worked-deals")
    rec = record("deals/frog-bid.json")
    frog = state_of(rec)
    assert isinstance(frog, FrogState) and frog.bidder == frog.active[0]  # forehand bids
    bidder = frog.bidder
    assert set(rec["widow"]) == {"TC", "TS", "KD"} and "10♣, 10♠ and K♦" in text
    hand = mask(" ".join(rec["hands"][bidder] + rec["widow"]))
    laid = []
    for _ in range(3):  # the ideas of lesson 21: the rules of thumb's discard
        card, _why = discard_choice(hand)
        laid.append(card)
        hand &= ~(1 << card)
    assert sum(1 << c for c in laid) == frog.discarded
    assert {CARDS[c].text for c in laid} == {"TS", "QD", "7D"} and "10♠ Q♦\n7♦" in text
    points = (frog.won_points[bidder], mask_points(frog.discarded), frog.bidder_points())
    assert points == (48, 13, 61) and "48 card points" in text and "adds 13: P = 61" in text
    assert frog.opponent_amount() == 1 and "1 × (61 − 60) = 1" in text
    assert "AS" in rec["hands"][frog.active[1]] and "middlehand's A♠" in text
    rec = record("deals/frog-grand.json")
    grand = state_of(rec)
    assert isinstance(grand, FrogState) and grand.bidder == grand.active[2]  # endhand
    assert rec["calls"] == ["pass", "pass", "grand"] and "Endhand bids Grand after two" in text
    g = grand.bidder
    assert (grand.won_points[g], mask_points(grand.widow), grand.bidder_points()) == (47, 10, 57)
    assert grand.opponent_amount() == -12 and grand.chips()[g] == -24
    assert "47 card points in tricks and 10 in the widow: P = 57" in text
    assert "4 × 3 = 12 to each opponent, 24 in all" in text
