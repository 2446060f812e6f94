"""The lesson widgets driven from Python: set values, click, read the feedback.

No browser here: a click is ``button.click()`` or, for a forged one, the comm message a browser
would send (``_handle_custom_msg({"event": "click"})``), which ipywidgets obeys even on a
disabled button. Every forged event must change nothing and leave a friendly notice naming the
rule. Hidden information is checked on the synced state of each widget's subtree — exactly
what a browser would receive.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import NOTEBOOKS, forge, mentions, plain

from tutor.cards import Card
from tutor.engine.match import cut_order
from tutor.engine.record import replay, state_of
from tutor.games.frog.rules import FROG, FrogState, multiplier
from tutor.games.six_bid_solo.rules import call_action
from tutor.games.tapp import CALL_BASE, CARDS, PASS, POINTS, mask_cards, mask_points
from tutor.quiz import KINDS, Progress, generate
from tutor.widgets import (
    AuctionExplorer,
    CutForDealer,
    DealReplay,
    DealStepper,
    Learner,
    LearnerBox,
    QuizWidget,
)
from tutor.widgets.common import Panel, guarded, state_text, subtree
from tutor.widgets.quiz import players_of
from tutor.widgets.replay import build_steps

pytestmark = pytest.mark.usefixtures("clean_widgets")
ALL = [c.text for c in CARDS]
DEALS = sorted((NOTEBOOKS / "deals").glob("*.json"))


def forged_click(button: Any) -> None:
    """What a browser's comm message does: ipywidgets clicks even a disabled button."""
    button._handle_custom_msg({"event": "click"}, [])


def text_of(panel: Panel) -> str:
    """The panel's synced state as plain text (strings unescaped): what a browser receives."""
    return plain(state_text(subtree(panel.box)))


def right_answer(q: Any) -> str | list[str]:
    answer = sorted(q.key().answer)
    return answer if q.multi else answer[0]


def pick(quiz: QuizWidget, answer: str | list[str]) -> None:
    """Pick as a learner would: the boxes or cards' faces (one or several), else a toggle."""
    if quiz.box_values:
        wanted = answer if isinstance(answer, list) else [answer]
        for cb, value in zip(quiz.boxes, quiz.box_values, strict=True):
            cb.value = value in wanted
    else:
        quiz.single.value = answer


# --- quizzes -------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_quiz_round_trip_right_and_wrong(kind: str) -> None:
    quiz = QuizWidget([kind], learner=Learner("ada", seed=11))
    q = quiz.question
    assert q is not None and quiz.result.value == "" and quiz.next.disabled
    pick(quiz, right_answer(q))
    quiz.check.click()
    fb = quiz.feedback
    assert fb is not None and fb.correct
    assert "Right!" in quiz.result.value and all(r in quiz.result.value for r in fb.rules)
    assert "1 of 1 right" in quiz.score.value
    assert quiz.check.disabled and not quiz.next.disabled and not quiz.next.disabled
    quiz.next.click()
    q2 = quiz.question
    assert q2 is not None and q2.id != q.id and quiz.feedback is None and quiz.result.value == ""
    wrong = [v for v in q2.values if v not in q2.key().answer]
    pick(quiz, wrong[:1] if q2.multi else wrong[0])
    quiz.check.click()
    # a wrong pick: the likely mistake and another try, the answer not shown yet
    assert quiz.feedback is None and len(quiz.attempts) == 1 and not quiz.attempts[0].correct
    assert "try again" in quiz.result.value and quiz.attempts[0].mistake
    assert quiz.question.key().explanation not in quiz.result.value
    assert not quiz.next.disabled and not quiz.show.disabled
    quiz.show.click()  # Show the answer
    fb2 = quiz.feedback
    assert fb2 is not None and not fb2.correct
    # the feedback gives the correct answer, why (the rule ids) and the session score
    assert "Not quite" in quiz.result.value
    for label in fb2.correct_answer:
        assert label in quiz.result.value
    assert all(r in quiz.result.value for r in fb2.rules)
    assert "1 of 2 right" in quiz.score.value


def test_forged_clicks_and_values_change_nothing(tmp_path: Path) -> None:
    learner = Learner("bo", root=tmp_path)
    quiz = QuizWidget(["trick-winner"], learner=learner)
    q = quiz.question
    assert q is not None and not q.multi and quiz.check.disabled
    before = (q.id, quiz.exhibit.value, learner.progress.answered if learner.progress else -1)

    forged_click(quiz.check)  # nothing picked: Check is disabled
    assert quiz.feedback is None and quiz.result.value == ""
    assert "Pick an answer first" in quiz.notice.value
    forged_click(quiz.next)  # disabled until answered
    assert quiz.question is q and "Answer this question first" in quiz.notice.value
    for forged in ({"index": 99}, {"index": -1}, {"index": "abc"}, {"disabled": "yes"},
                   {"value": "seat 0"}):  # not a choice, or not the page's to set
        refusal = forge(quiz.single, forged)  # the guard refuses it first: no TraitError
        assert refusal is not None and refusal.rule in ("PAGE-1", "PAGE-2")
        assert refusal.rule in quiz.notice.value and "Traceback" not in quiz.notice.value
    assert quiz.single.value is None and quiz.single.index is None
    quiz.answer("not-a-seat")  # a forged answer straight to the grader: QUIZ-1
    assert quiz.feedback is None and "QUIZ-1" in quiz.notice.value
    assert learner.progress is not None and learner.progress.answered == before[2]
    assert (q.id, quiz.exhibit.value) == before[:2]

    pick(quiz, right_answer(q))
    quiz.check.click()
    assert quiz.feedback is not None and learner.progress.answered == 1
    score = quiz.score.value
    forged_click(quiz.check)  # answered already: a second click changes nothing
    forged_click(quiz.check)
    assert learner.progress.answered == 1 and quiz.score.value == score
    assert "Already answered" in quiz.notice.value


def test_a_failing_handler_shows_no_traceback() -> None:
    class Boom(Panel):
        @guarded
        def act(self) -> None:
            raise RuntimeError("internal detail")

    panel = Boom()
    panel.act()  # must not raise
    assert "Something went wrong" in panel.notice.value
    assert "internal detail" not in panel.notice.value and "Traceback" not in panel.notice.value


def test_progress_survives_a_kernel_restart(tmp_path: Path) -> None:
    first = Learner("Ada L.", root=tmp_path)
    quiz = QuizWidget(["points"], learner=first)
    q = quiz.question
    assert q is not None
    pick(quiz, right_answer(q))
    quiz.check.click()
    assert first.progress is not None
    path = first.progress.path
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["answered"] == 1 and data["correct"] == 1
    # a new kernel: a new Learner object reading the same file
    again = Learner("Ada L.", root=tmp_path)
    assert again.progress is not None and again.progress.answered == 1
    assert again.progress.kind_stats()["points"] == (1, 1)
    quiz2 = QuizWidget(["points"], learner=again)
    assert quiz2.question is not None and quiz2.question.id != q.id  # fresh questions


def test_learner_box_switches_the_progress_file(tmp_path: Path) -> None:
    learner = Learner("learner", root=tmp_path)
    box = LearnerBox(learner)
    quiz = QuizWidget(["card-order"], learner=learner)
    box.name.value = "Grace"
    assert learner.name == "Grace" and learner.progress is not None
    q = quiz.question
    assert q is not None
    pick(quiz, right_answer(q))
    quiz.check.click()
    assert Progress.for_learner(tmp_path, "Grace").answered == 1
    assert "Grace" in box.status.value
    box.name.value = " "  # an empty name is refused with its rule, and nothing changes
    assert learner.name == "Grace" and "QUIZ-4" in box.notice.value


@pytest.mark.parametrize("kind", KINDS)
def test_quiz_state_holds_no_answer_and_no_card_beyond_the_question(kind: str) -> None:
    learner = Learner("cy", seed=5)
    for _ in range(6):
        quiz = QuizWidget([kind], learner=learner)
        q = quiz.question
        assert q is not None
        state = text_of(quiz)
        public = json.dumps(q.public(), ensure_ascii=False)
        assert mentions(state, ALL) <= mentions(public, ALL)  # the widget adds no card
        for secret in quiz.secrets():
            assert secret not in state
        assert q.key().explanation in quiz.secrets()
        pick(quiz, right_answer(q))
        assert q.key().explanation not in text_of(quiz)  # picking reveals nothing
        quiz.check.click()
        assert q.key().explanation in text_of(quiz)  # ... the answer does


def test_contract_and_table_filters() -> None:
    learner = Learner("di", seed=2)
    for contract in ("misere", "call-solo"):
        quiz = QuizWidget(["settlement", "trick-winner"], contract=contract, players=3,
                          learner=learner)
        for _ in range(3):
            q = quiz.question
            assert q is not None and q.context["contract"] == contract and players_of(q) == 3
            quiz.answer(right_answer(q))
            quiz.next.click()
    assert players_of(generate("legal-plays", 1)) in (3, 4, 5)


@pytest.mark.parametrize("kind", ["legal-plays", "trick-winner", "settlement", "discard",
                                  "contracts"])
def test_quiz_of_frog_round_trip_and_progress(kind: str, tmp_path: Path) -> None:
    import html

    from tutor.quiz import titles

    learner = Learner("ed", root=tmp_path)
    quiz = QuizWidget([kind], game="frog", learner=learner)
    q = quiz.question
    assert q is not None and q.game == "frog" and q.id.startswith(f"frog/{kind}#")
    heading = html.unescape(quiz.heading.value)
    assert "Frog (game)" in heading and titles("frog")[kind] in heading  # the game is named
    state = text_of(quiz)
    for secret in quiz.secrets():
        assert secret not in state
    pick(quiz, right_answer(q))
    quiz.check.click()
    assert quiz.feedback is not None and quiz.feedback.correct
    assert all(r in quiz.result.value for r in quiz.feedback.rules)
    assert learner.progress is not None and learner.progress.game_stats("frog") == (1, 1)
    assert learner.progress.game_stats() == (0, 0)  # counted for Frog, not Six-Bid Solo
    quiz.next.click()
    assert quiz.question is not None and quiz.question.game == "frog"


def test_quiz_game_defaults_and_refusals() -> None:
    from tutor.quiz import QuizError, kinds

    learner = Learner("fa", seed=1)
    assert QuizWidget(learner=learner).kinds == KINDS  # Six-Bid Solo's, as before
    assert "Frog" not in QuizWidget(["points"], learner=learner).heading.value
    assert QuizWidget(game="frog", learner=learner).kinds == tuple(kinds("frog"))
    with pytest.raises(QuizError, match="QUIZ-3"):
        QuizWidget(game="no-such-game", learner=learner)
    with pytest.raises(QuizError, match="QUIZ-3"):  # Frog's own kind is not Six-Bid Solo's
        QuizWidget(["discard"], learner=learner)
    quiz = QuizWidget(["settlement"], game="frog", contract="grand", players=5, learner=learner)
    q = quiz.question
    assert q is not None and q.context["contract"] == "grand" and players_of(q) == 5


# --- the worked deals ----------------------------------------------------------------------------
#: a rule id cited in a commentary sentence: ``(SBS-23)``, ``(FR-1, FR-5)``, ``(FR-4, SBS-V2)``
_ID = r"(?:SBS|FR|CS|SS|PI)-(?:\d+[ab]?|V\d)"
CITED = re.compile(rf"\({_ID}(?:, {_ID})*\)")
RULE_IDS = ({f"SBS-{n}" for n in range(1, 29)} | {"SBS-16a"} | {f"SBS-V{n}" for n in range(1, 7)}
            | {f"FR-{n}" for n in range(1, 6)} | {f"CS-{n}" for n in range(1, 15)}
            | {"CS-3a", "CS-4a"} | {f"SS-{n}" for n in range(1, 18)} | {"SS-13a", "SS-13b"}
            | {f"PI-{n}" for n in range(1, 13)} | {"PI-4b"})


def turned_up_at_the_end(record: dict[str, Any]) -> set[str]:
    """The cards laid face down that the result turns up, read off the record's text: a Frog
    bid's discard (FR-1), else the widow (SBS-12, FR-1); nothing in Crazy Solo, which has no
    widow (CS-2)."""
    if record["game"] == "frog" and record["calls"] and "discard" in record.get("declare", {}):
        return set(record["declare"]["discard"])
    return set(record.get("widow", []))


@pytest.mark.parametrize("path", DEALS, ids=lambda p: p.stem)
def test_replay_shows_only_the_seat_view(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    for seat in ("bidder", "defender"):
        widget = DealReplay(record, seat=seat)
        assert widget.steps[-1].result
        for i in range(len(widget.steps)):
            widget.go(i)
            hidden = {c.text for c in widget.hidden_cards()}
            state = text_of(widget)
            assert not mentions(state, hidden), (widget.steps[i].title, mentions(state, hidden))
            cited = {r for m in CITED.findall(widget.words.value)
                     for r in m.strip("()").split(", ")}
            assert cited and cited <= RULE_IDS  # every step cites its rules
        # what lay face down is shown at the result, and the chips are the engine's
        laid = turned_up_at_the_end(record)
        assert laid <= mentions(text_of(widget), laid)
        out = replay(record)
        if out["chips"] is not None:  # the Tapp family's chips, as the engine settles them
            assert ", ".join(f"seat {s} {c:+d}" for s, c in enumerate(out["chips"])) \
                in widget.words.value
        elif out.get("score_change") is not None:  # Auction Pitch: PI-11's score changes
            for seat_, change in enumerate(out["score_change"]):
                said = f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "0"
                assert re.search(rf"seat {seat_}(?: \(you\))? {re.escape(said)}\b",
                                 widget.words.value)
        else:  # Sixty-Six: the game points of SS-13..15, the engine's
            scored = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(out["game_points"]) if p)
            assert f"Game points: {scored}" in widget.words.value


def test_replay_forged_navigation_changes_nothing() -> None:
    widget = DealReplay(NOTEBOOKS / "deals" / "solo.json")
    assert widget.back.disabled and widget.first.disabled
    table = widget.table.value
    forged_click(widget.back)
    assert widget.index == 0 and widget.table.value == table and "no step" in widget.notice.value
    widget.last.click()
    end = widget.index
    forged_click(widget.forward)
    assert widget.index == end
    widget.go(-5)
    assert widget.index == end


def test_replay_refuses_a_bad_record() -> None:
    record = json.loads((NOTEBOOKS / "deals" / "solo.json").read_text(encoding="utf-8"))
    record["play"][1], record["play"][4] = record["play"][4], record["play"][1]
    from tutor.errors import TutorError

    with pytest.raises(TutorError) as err:
        DealReplay(record)
    assert err.value.rule.startswith(("SBS-", "REC-"))


def test_spread_misere_defender_sees_the_exposed_hand() -> None:
    record = json.loads((NOTEBOOKS / "deals" / "spread-misere.json").read_text(encoding="utf-8"))
    widget = DealReplay(record, seat="defender")
    widget.go(3)  # the first trick: the bidder's hand is face up (SBS-21)
    bidder = widget.steps[-1].state.bidder
    assert bidder is not None and widget.seat != bidder
    exposed = set(widget.steps[3].state.view(widget.seat).exposed or ())
    assert exposed and {c.text for c in exposed} <= mentions(text_of(widget), ALL)


# --- Frog's worked deals -------------------------------------------------------------------------
FROG_RECORDS = sorted([*(NOTEBOOKS / "deals").glob("frog-*.json"),
                       *(p for p in (NOTEBOOKS.parent / "tests" / "records").glob("frog-*.json")
                         if not p.name.endswith(".expected.json"))])
#: the sentences that state a fact of the record without a rule: a call, a trick's lead
FACTS = re.compile(r"^Seat \d \((?:fore|middle|end)hand\) (?:passes|bids [\w ]+|leads \S+)\.$")


def frog_deal(path: Path) -> tuple[dict[str, Any], FrogState]:
    record = json.loads(path.read_text(encoding="utf-8"))
    final = state_of(record)
    assert isinstance(final, FrogState)
    return record, final


def played(state: FrogState) -> set[str]:
    return {CARDS[c].text for _, cards, _ in state.tricks for c in cards}


@pytest.mark.parametrize("path", FROG_RECORDS, ids=lambda p: p.stem)
def test_replay_of_a_frog_deal_steps_through_it_citing_frogs_rules(path: Path) -> None:
    record, final = frog_deal(path)
    steps = build_steps(record, seat=final.bidder)
    titles = [s.title for s in steps]
    assert titles[:2] == ["The deal", "The auction"]
    if final.bidder is None:  # thrown in (SBS-17)
        assert titles == ["The deal", "The auction"] and "(SBS-17)" in steps[1].words[-1]
        return
    tricks = [f"Trick {k + 1}" for k in range(len(final.tricks))]
    done = final.phase == "done"
    assert titles == ["The deal", "The auction", "The declaration", *tricks,
                      *(["The result"] if done else [])]
    assert [s.result for s in steps] == [False] * (len(steps) - 1) + [done]
    assert steps[-1].state.key() == final.key()
    for step in steps:
        cited = {r for m in CITED.findall(" ".join(step.words)) for r in m.strip("()").split(", ")}
        assert cited <= RULE_IDS and set(step.rules) <= RULE_IDS, step.title
        assert cited <= set(step.rules) | {"SBS-3"}, (step.title, cited - set(step.rules))
        # every sentence cites its rule, but for the record's own facts (a call, a lead)
        bare = [x for x in step.words if not CITED.search(x) and not FACTS.match(x)]
        assert not bare, (step.title, bare)
    declaration = steps[2]
    assert "FR-2" in declaration.rules and "(FR-2)" in declaration.words[0]
    if final.phase != "declare":
        assert "(FR-3)" in declaration.words[-1]  # forehand leads the first trick
    if done:
        assert {"FR-1", "FR-5", "SBS-27"} <= set(steps[-1].rules)
        assert ("FR-4" in steps[-1].rules) == (final.n == 5)


@pytest.mark.parametrize("path", FROG_RECORDS, ids=lambda p: p.stem)
def test_replay_of_a_frog_deal_keeps_the_widow_and_the_discard_hidden(path: Path) -> None:
    """No seat but the bidder sees the widow or the discard before the result; the bidder's
    view names both at the declaration; the result turns up what counts."""
    record, final = frog_deal(path)
    if final.bidder is None:
        return
    widow, discard = set(record["widow"]), set(record.get("declare", {}).get("discard", []))
    for seat in range(final.n):
        widget = DealReplay(record, seat=seat)
        for i, step in enumerate(widget.steps):
            widget.go(i)
            text = text_of(widget)
            if seat == final.bidder or step.result:
                continue
            hidden = discard | (widow - played(step.state))  # a widow card played is seen
            assert not mentions(text, hidden), (seat, step.title, mentions(text, hidden))
        if seat == final.bidder and final.contract == FROG:
            widget.go(2)
            assert widow | discard <= mentions(" ".join(widget.steps[2].words), widow | discard)
        if widget.steps[-1].result:
            widget.go(len(widget.steps) - 1)
            shown = discard if final.contract == FROG else widow
            assert shown <= mentions(text_of(widget), shown)
            assert {c.text for c in widget.hidden_cards()} == set()  # every card is out


@pytest.mark.parametrize("path", FROG_RECORDS, ids=lambda p: p.stem)
def test_replay_of_a_frog_deal_counts_its_result_as_the_engine_does(path: Path) -> None:
    record, final = frog_deal(path)
    if final.phase != "done" or final.bidder is None:
        return
    words = " ".join(build_steps(record, seat=final.bidder)[-1].words)
    out = replay(record)
    laid = final.discarded if final.contract == FROG else final.widow
    m = re.search(r"P = (\d+) in tricks \+ (\d+) in the (discard|widow) = (\d+) \(FR-1\)", words)
    assert m, words
    assert int(m[1]) == final.won_points[final.bidder] and int(m[2]) == mask_points(laid)
    assert m[3] == ("discard" if final.contract == FROG else "widow")
    assert int(m[4]) == out["bidder_points"] == int(m[1]) + int(m[2])
    k = multiplier(final.options, final.contract)
    m = re.search(r"(\d) × \(P − 60\) = (\d) × \((\d+) − 60\) = (-?\d+)", words)
    assert m and int(m[1]) == int(m[2]) == k and int(m[3]) == out["bidder_points"], words
    assert int(m[4]) == final.opponent_amount() == k * (out["bidder_points"] - 60)
    verdict = "not made" if out["bidder_points"] == 60 else "made" if out["made"] else "lost"
    assert f"P ≥ 61: {verdict}" in words or f"is {verdict}" in words
    assert ", ".join(f"seat {s} {c:+d}" for s, c in enumerate(out["chips"])) in words
    assert ("option grand_multiplier: 3" in words) == (final.options.grand_multiplier == 3)
    assert ("With 5 players" in words) == (final.n == 5)
    assert ("With 4 players" in words) == (final.n == 4)
    if final.n == 5 and final.options.five_player_margin_exception and out["made"]:
        assert "only from the two defenders (FR-4, SBS-V2)" in words


def test_replay_of_a_frog_bid_counts_the_discard() -> None:
    """The lessons' Frog bid: the bidder lays away point cards, and they make the contract."""
    record, final = frog_deal(NOTEBOOKS / "deals" / "frog-bid.json")
    assert final.contract == FROG and final.bidder is not None and final.made()
    discard = [c for c in mask_cards(final.discarded) if POINTS[c]]
    assert len(discard) >= 2 and final.won_points[final.bidder] < 61
    bidder, defender = (DealReplay(record, seat=s) for s in ("bidder", "defender"))
    assert bidder.steps[2].words != defender.steps[2].words  # one view names the discard
    assert "three cards face down" in defender.steps[2].words[2]


def test_replay_finds_each_games_commentary_in_its_folder(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from tutor.errors import TutorError
    from tutor.widgets import replay as room

    assert room.replay_words("frog").tally is not room.replay_words("six-bid-solo").tally
    crazy = room.replay_words("crazy-solo")  # with its own deal, auction, cards and rule ids
    assert crazy.deal is not room.replay_words("frog").deal and crazy.rules.follow == "CS-10"
    with pytest.raises(TutorError) as err:
        room.replay_words("auction-pitch")  # planned, not written
    assert err.value.rule == "REC-2"

    class Nowhere:
        id, name, folder = "nowhere", "Nowhere", "tutor.games.nowhere"

    monkeypatch.setattr(room, "spec", lambda game: Nowhere)
    with pytest.raises(TutorError) as err:
        room.replay_words("nowhere")
    assert err.value.rule == "REC-2" and "does not know Nowhere yet" in str(err.value)
    room._replay_words.cache_clear()


# --- the auction ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("calls", "bidder_pos", "contract"), [
    (["solo", "pass", "pass"], 0, "Solo"),
    (["pass", "pass", "misere"], 2, "Misère"),
    (["solo", "heart-solo", "pass", "misere", "pass"], 2, "Misère"),
    (["call-solo", "pass", "pass"], 0, "Call Solo"),
])
def test_auction_explorer_follows_sbs_16a(calls: list[str], bidder_pos: int,
                                          contract: str) -> None:
    widget = AuctionExplorer(dealer=2)
    for token in calls:
        action = PASS if token == "pass" else call_action(token)
        assert not widget.buttons[action].disabled
        widget.buttons[action].click()
    assert widget.called() == calls
    bidder = widget.state.active[bidder_pos]
    assert widget.state.bidder == bidder
    assert f"seat {bidder} is the bidder" in widget.words.value and contract in widget.words.value
    assert all(b.disabled for b in widget.buttons.values())
    forged_click(widget.buttons[PASS])  # the auction is over
    assert widget.called() == calls and "SBS-16a" in widget.notice.value


def test_auction_forged_low_bid_is_refused_by_the_engine() -> None:
    widget = AuctionExplorer(dealer=2)
    widget.buttons[call_action("guarantee-solo")].click()
    solo = widget.buttons[call_action("solo")]
    assert solo.disabled
    words = widget.words.value
    forged_click(solo)
    assert widget.called() == ["guarantee-solo"] and widget.words.value == words
    assert "SBS-14" in widget.notice.value and "strictly higher" in widget.notice.value
    widget.take_back()
    assert widget.called() == [] and not solo.disabled
    assert not mentions(text_of(widget), ALL)  # no card of the deal is ever shown


def test_auction_all_pass_is_thrown_in() -> None:
    widget = AuctionExplorer()
    for _ in range(3):
        widget.buttons[PASS].click()
    assert widget.state.phase == "done" and "SBS-17" in widget.words.value
    assert widget.buttons[CALL_BASE + 1].disabled


def test_auction_explorer_plays_frogs_auction_in_its_words() -> None:
    """Frog's auction is Six-Bid Solo's duel (SBS-13..18) with Frog's three contracts: the
    buttons and the commentary say them in Frog's words (its presentation)."""
    widget = AuctionExplorer(game="frog", dealer=2)
    labels = [b.description for b in widget.buttons.values()]
    assert labels == ["Pass", "Frog bid", "Chico", "Grand"]
    for token in ("frog", "chico", "pass", "pass"):
        action = next(a for a, t in widget._tokens.items() if t == token)
        widget.buttons[action].click()
        assert widget.notice.value == ""
    assert widget.called() == ["frog", "chico", "pass", "pass"]
    assert widget.state.bidder == widget.state.active[1] and "Chico" in widget.words.value
    assert not mentions(text_of(widget), ALL)


# --- the deal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_stepper_hides_other_hands(players: int) -> None:
    widget = DealStepper(seed=3, dealer=1, players=players)
    engine = widget.engine_deal
    for i in range(len(widget.steps)):
        widget.go(i)
        hidden = {c.text for c in widget.hidden_cards()}
        assert not mentions(text_of(widget), hidden)
    mine = {CARDS[c].text for c in range(36) if engine.hands[widget.seat] >> c & 1}
    assert len(mine) == 11 and mine <= mentions(text_of(widget), ALL)
    assert "3 × 11 + 3 = 36" in widget.words.value
    if players > 3:
        assert "SBS-V2" in widget.words.value
    forged_click(widget.forward)  # past the last packet
    assert widget.index == len(widget.steps) - 1 and "SBS-8" in widget.notice.value


def test_deal_stepper_deals_frog_through_the_registry() -> None:
    """Frog deals Six-Bid Solo's packets (SBS-8) under its default options: the stepper's
    packets give the engine's own Frog deal."""
    widget = DealStepper(seed=5, dealer=0, game="frog")
    assert widget.game.id == "frog" and widget.engine_deal.game.id == "frog"
    for i in range(len(widget.steps)):
        widget.go(i)
        assert not mentions(text_of(widget), {c.text for c in widget.hidden_cards()})
    assert "3 × 11 + 3 = 36" in widget.words.value


def test_cut_for_dealer_lowest_card_deals() -> None:
    widget = CutForDealer(players=3, seed=9)
    for _ in range(5):
        widget.again.click()
        cut = widget.cut
        assert cut.cards[cut.dealer] == min(cut.cards, key=cut_order)  # SBS-6, SBS-4 tie-break
        assert "SBS-6" in widget.words.value
    widget.tie.click()
    low = widget.cut.cards[widget.cut.dealer]
    assert sum(c.rank == low.rank for c in widget.cut.cards) > 1 and "SBS-4" in widget.words.value
    assert isinstance(low, Card)


def test_decision_quiz_survives_an_engine_that_fails_to_load(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver is loaded on the first click (tutor.widgets.engine.warm_up). Should that
    fail, the page shows a notice — no traceback — and the learner may press the button again:
    it must not stay disabled, nor the status say the engine is still warming up."""
    from tutor.widgets import decisions as decisions_module
    from tutor.widgets.decisions import DecisionQuiz

    def broken(show: Any = None) -> bool:
        if show is not None:
            show("Warming up the engine…")
        raise RuntimeError("no compiled kernel")

    monkeypatch.setattr(decisions_module, "warm_up", broken)
    quiz = DecisionQuiz(["bid-decision"], seed=3, start=False, prefetch=False)
    quiz.next.click()
    assert quiz.notice.value and "Traceback" not in quiz.notice.value
    assert not quiz.next.disabled and quiz.question is None
    assert "Warming" not in quiz.status.value


def test_a_reset_learner_is_told_on_the_page_what_was_kept_and_where(tmp_path: Path) -> None:
    """A progress file nested 1,000 deep (or any unreadable one) is set aside, and every quiz and
    the name box say so on the page — not a silent "0 of 0 right"."""
    import html as html_text

    from tutor.quiz import progress_path

    path = progress_path(tmp_path, "ada")
    junk = "[" * 1000 + "]" * 1000
    path.write_text(junk)
    learner = Learner("ada", root=tmp_path)
    assert learner.progress is not None and learner.progress.set_aside is not None
    aside = learner.progress.set_aside
    assert aside.read_text() == junk  # nothing the learner had is destroyed
    quiz, box = QuizWidget(["trick-winner"], learner=learner), LearnerBox(learner)
    for panel, line in ((quiz, quiz.score), (box, box.status)):
        words = html_text.unescape(line.value)
        assert "QUIZ-5" in words and "starts afresh" in words and str(aside) in words
        assert "not valid progress" in words and str(aside) in text_of(panel)
    fresh = Learner("bo", root=tmp_path)
    assert fresh.reset() is None and "QUIZ-5" not in QuizWidget(learner=fresh).score.value
