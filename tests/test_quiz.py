"""Quiz generators and grading.

For every kind and many seeds: the question is well-formed, its answer (computed by the engine
when the question was made) agrees with an answer recomputed here from the rules text and the
question's public exhibit alone, every other choice is graded wrong, explanations cite their
rule ids, and bad answers raise typed errors.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Card
from tutor.display import feedback_html, question_html
from tutor.errors import TutorError
from tutor.quiz import (
    KINDS,
    TITLES,
    Question,
    QuizError,
    Session,
    games,
    generate,
    grade,
    kinds,
    titles,
)
from tutor.quiz import core as quiz_core

SEEDS = range(120)
ORDER = ["A", "T", "K", "Q", "J", "9", "8", "7", "6"]  # SBS-2, highest first
PTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}  # SBS-3
CONTRACTS = ["solo", "heart-solo", "misere", "guarantee-solo", "spread-misere", "call-solo"]
WIDOW_COUNTS = {"solo", "heart-solo", "guarantee-solo", "call-solo"}  # SBS-12
RULE_ID = re.compile(r"^SBS-(\d+a?|V\d)$")


def questions(kind: str) -> list[Question]:
    return [generate(kind, seed) for seed in SEEDS]


def higher(a: str, b: str) -> bool:
    """Does rank letter ``a`` outrank ``b`` (SBS-2)?"""
    return ORDER.index(a) < ORDER.index(b)


def best_of(cards: list[Card]) -> Card:
    best = cards[0]
    for c in cards[1:]:
        if higher(c.text[0], best.text[0]):
            best = c
    return best


def points(cards: list[Card]) -> int:
    return sum(PTS.get(c.text[0], 0) for c in cards)


def answer_of(q: Question) -> str | list[str]:
    """The right answer in the shape ``grade`` takes."""
    ans = q.key().answer
    return sorted(ans) if q.multi else next(iter(ans))


# --- shape and rule ids, every kind --------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_questions_are_well_formed(kind: str) -> None:
    for q in questions(kind):
        assert q.kind == kind and q.id == f"{kind}#{q.seed}" and kind in TITLES
        values = q.values
        assert len(values) == len(set(values)) >= 2, q.id
        assert all(isinstance(v, str) and v for v in values)
        assert all(isinstance(c.label, str) and c.label for c in q.choices)
        key = q.key()
        assert key.answer <= set(values), q.id
        if not q.multi:
            assert len(key.answer) == 1, q.id
        assert key.rules and q.rules
        for rule in key.rules:
            assert RULE_ID.match(rule), rule
            assert rule in key.explanation, (q.id, rule)
        json.dumps(q.public())  # JSON-safe


@pytest.mark.parametrize("kind", KINDS)
def test_the_right_answer_is_graded_right_and_every_other_wrong(kind: str) -> None:
    for q in questions(kind)[:60]:
        fb = grade(q, answer_of(q))
        assert fb.correct and fb.rules == q.key().rules
        assert fb.headline == "Right!"
        assert all(r in fb.message for r in fb.rules)
        right = q.key().answer
        if q.multi:
            for v in q.values:  # flip one choice: wrong
                flipped = right ^ {v}
                assert not grade(q, sorted(flipped)).correct
        else:
            for v in q.values:
                if v not in right:
                    fb = grade(q, v)
                    assert not fb.correct
                    assert fb.correct_answer == tuple(q.label_of(x) for x in q.values
                                                      if x in right)
                    assert fb.your_answer == (q.label_of(v),)
                    assert "Not quite" in fb.headline


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_question_and_seeds_vary(kind: str) -> None:
    a, b = generate(kind, 42), generate(kind, 42)
    assert a.public() == b.public() and a.key() == b.key()
    distinct = {json.dumps(q.public(), sort_keys=True) for q in questions(kind)[:40]}
    assert len(distinct) >= 30


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32 - 1))
def test_any_seed_gives_a_gradable_question(kind: str, seed: int) -> None:
    q = generate(kind, seed)
    assert q.key().answer <= set(q.values)
    assert grade(q, answer_of(q)).correct


# --- the answers, recomputed from the rules and the public exhibit only --------------------------
@pytest.mark.rule("SBS-2")
def test_card_order_answers() -> None:
    seen = set()
    for q in questions("card-order"):
        variant = q.context["variant"]
        seen.add(variant)
        cards = list(q.cards)
        assert len({c.suit for c in cards}) == 1
        if variant == "order":
            ranked = sorted(cards, key=lambda c: ORDER.index(c.text[0]))
            assert q.key().answer == {" ".join(c.text for c in ranked)}, q.id
            assert len(q.values) == 4
            continue
        top = best_of(cards)
        low = next(c for c in cards if all(c == d or higher(d.text[0], c.text[0])
                                           for d in cards))
        want = low if variant == "lowest" else top
        assert q.key().answer == {want.text}, q.id
    assert seen == {"higher", "highest", "lowest", "order"}


@pytest.mark.rule("SBS-3", "SBS-12")
def test_points_answers() -> None:
    seen = set()
    for q in questions("points"):
        variant = q.context["variant"]
        seen.add(variant)
        total = points(list(q.cards))
        if variant == "bidder":
            assert q.context["contract"] in WIDOW_COUNTS
            total += points([Card.parse(t) for t in q.context["widow"]])
        assert q.key().answer == {str(total)}, q.id
    assert seen == {"trick", "cards", "bidder"}


def active_seats(players: int, dealer: int, sitout: str) -> list[int]:
    """SBS-5 and SBS-V2 in words: clockwise from the dealer's left, skipping who sits out."""
    out = {dealer} if players > 3 else set()
    if players == 5:
        out.add({"hoyle": dealer - 2, "next_dealer": dealer + 1,
                 "second_next_dealer": dealer + 2}[sitout] % 5)
    seats = [(dealer + i) % players for i in range(1, players + 1)]
    return [s for s in seats if s not in out][:3]


@pytest.mark.rule("SBS-5", "SBS-8", "SBS-V2")
def test_deal_answers() -> None:
    seen = set()
    for q in questions("deal"):
        c = q.context
        variant = c["variant"]
        seen.add(variant)
        active = active_seats(c["players"], c["dealer"], c["five_player_sitout"])
        if variant == "position":
            pos = ["forehand", "middlehand", "endhand"].index(c["position"])
            want = {str(active[pos])}
        elif variant == "sitout":
            want = {str(s) for s in range(c["players"]) if s not in active}
        elif variant == "count":  # SBS-8: 4 + 3 + 4 to each active player; SBS-V2: 0 else
            want = {"11" if c["seat"] in active else "0"}
        else:  # SBS-8: 4-packets, 3-packets, the widow, 4-packets
            k = c["card_number"] - 1
            names = ["forehand", "middlehand", "endhand"]
            if k < 12:
                want = {names[k // 4]}
            elif k < 21:
                want = {names[(k - 12) // 3]}
            elif k < 24:
                want = {"widow"}
            else:
                want = {names[(k - 24) // 4]}
        assert q.key().answer == want, q.id
    assert seen == {"position", "sitout", "packet", "count"}


@pytest.mark.rule("SBS-23")
def test_legal_plays_answers_and_the_view_hides_them() -> None:
    situations = set()
    for q in questions("legal-plays"):
        view = q.view
        assert view is not None and q.multi
        assert view.legal == ()  # the engine's legal list would be the answer
        assert view.to_move == view.seat
        assert [c.text for c in view.hand] == list(q.values)
        hand = list(view.hand)
        trump = view.trump if view.contract not in ("misere", "spread-misere") else None
        if not view.trick:
            legal, situation = hand, "lead"
        else:
            led = view.trick[0].suit
            follow = [c for c in hand if c.suit == led]
            trumps = [c for c in hand if trump is not None and c.suit == trump]
            legal, situation = ((follow, "follow") if follow else
                                (trumps, "trump") if trumps else (hand, "discard"))
        situations.add(situation)
        assert q.key().answer == {c.text for c in legal}, q.id
        illegal = [c for c in hand if c not in legal]
        for c in illegal:  # the engine's own reason, with its rule id
            assert q.key().reasons[c.text].startswith("illegal — SBS-23"), q.id
        if illegal:
            fb = grade(q, [illegal[0].text])
            assert not fb.correct and "illegal — SBS-23" in fb.explanation
    assert situations == {"lead", "follow", "trump", "discard"}


@pytest.mark.rule("SBS-24")
def test_trick_winner_answers() -> None:
    for q in questions("trick-winner"):
        seats = [s for s, _ in q.trick]
        cards = [c for _, c in q.trick]
        assert len(cards) == 3 and seats[0] == q.context["leader"]
        assert "winner" not in q.context
        trump = q.context["trump"]
        trumps = [c for c in cards if trump is not None and c.suit.letter == trump]
        led = [c for c in cards if c.suit == cards[0].suit]
        win = best_of(trumps) if trumps else best_of(led)
        assert q.key().answer == {str(seats[cards.index(win)])}, q.id


def run_auction(active: list[int], tokens: list[str]) -> tuple[list[int], str, int | None]:
    """SBS-16a as written: who spoke each call, and then ('next', seat) / ('bidder', seat) /
    ('thrown', None)."""
    passed, spoken = [False] * 3, [False] * 3
    pos, high_pos = 0, -1
    speakers = []
    for t in tokens:
        speakers.append(active[pos])
        spoken[pos] = True
        if t == "pass":
            passed[pos] = True
        else:
            high_pos = pos
        if all(passed):
            return speakers, "thrown", None
        live = [p for p in range(3) if not passed[p]]
        if len(live) == 1 and live[0] == high_pos:
            return speakers, "bidder", active[high_pos]
        others = [p for p in range(3) if p != pos and not passed[p] and spoken[p]]
        # (3) after a bid: the other live player who has spoken; else (3)/(4): the first of
        # middlehand and endhand who has not spoken
        pos = others[0] if t != "pass" and others else (1 if not spoken[1] else 2)
    return speakers, "next", active[pos]


@pytest.mark.rule("SBS-13", "SBS-14", "SBS-16a", "SBS-17")
def test_auction_answers() -> None:
    seen = set()
    for q in questions("auction"):
        variant = q.context["variant"]
        seen.add(variant)
        active = list(q.active)
        tokens = [t for _, t in q.calls]
        speakers, outcome, seat = run_auction(active, tokens)
        assert speakers == [s for s, _ in q.calls], q.id
        if variant == "winner":
            assert outcome in ("bidder", "thrown")
            assert q.key().answer == {str(seat) if seat is not None else "none"}, q.id
        elif variant == "next":
            assert outcome == "next" and q.view is None
            assert q.key().answer == {str(seat)}, q.id
        else:
            assert outcome == "next" and seat == q.context["seat"]
            bids = [CONTRACTS.index(t) for t in tokens if t != "pass"]
            high = max(bids, default=-1)
            assert q.key().answer == {"pass", *CONTRACTS[high + 1:]}, q.id
    assert seen == {"winner", "next", "calls"}


def settle(c: dict[str, Any]) -> list[int]:
    """SBS-10, SBS-11, SBS-27 and SBS-V2 from the question's public facts."""
    contract, trump, n = c["contract"], c["trump"], c["players"]
    p = c["bidder_points"]
    if contract in ("solo", "heart-solo"):
        amount = (2 if contract == "solo" else 3) * (p - 60)
    else:
        if contract in ("misere", "spread-misere"):
            made = (c["bidder_tricks"] == 0 if c["misere"] == "no_tricks"
                    else c["bidder_card_points"] == 0)
            tariff = 30 if contract == "misere" else 60
        elif contract == "guarantee-solo":
            made, tariff = p >= (74 if trump == "H" else 80), 40
        else:
            made, tariff = p == 120, (150 if trump == "H" else 100)
        amount = tariff if made else -tariff
    bidder = c["bidder"]
    payers = [s for s in range(n) if s != bidder]
    if n == 5 and contract in ("solo", "heart-solo") and amount > 0:
        payers = [s for s in c["active"] if s != bidder]
    chips = [0] * n
    for s in payers:
        chips[s] -= amount
        chips[bidder] += amount
    return chips


@pytest.mark.rule("SBS-10", "SBS-11", "SBS-27", "SBS-V2")
def test_settlement_answers() -> None:
    seen = set()
    for q in questions("settlement"):
        c = q.context
        seen.add((c["players"], c["variant"]))
        chips = settle(dict(c))
        want = chips[c["bidder"]] if c["variant"] == "bidder" else chips[c["seat"]]
        assert q.key().answer == {str(want)}, q.id
    assert {n for n, _ in seen} == {3, 4, 5} and {v for _, v in seen} == {"bidder", "opponent"}


# --- bad answers ---------------------------------------------------------------------------------
def test_bad_answers_raise_typed_errors_naming_the_question() -> None:
    single = generate("trick-winner", 1)
    multi = generate("legal-plays", 1)
    cases: list[tuple[Question, object, str]] = [
        (single, 1, "QUIZ-2"), (single, None, "QUIZ-2"), (single, ["0"], "QUIZ-2"),
        (single, "7", "QUIZ-1"), (single, "", "QUIZ-1"),
        (multi, "AS", "QUIZ-2"), (multi, 5, "QUIZ-2"), (multi, None, "QUIZ-2"),
        (multi, ["XX"], "QUIZ-1"), (multi, [1], "QUIZ-1"),
    ]
    for q, bad, rule in cases:
        with pytest.raises(QuizError) as e:
            grade(q, bad)
        assert e.value.rule == rule, bad
        assert e.value.where == q.id
        assert isinstance(e.value, TutorError)
    assert grade(single, answer_of(single)).correct  # nothing was changed by the bad answers


def test_empty_pick_is_an_answer_and_wrong_when_cards_are_legal() -> None:
    q = generate("legal-plays", 2)
    fb = grade(q, [])
    assert not fb.correct and fb.your_answer == ()


def test_unknown_kind_or_bad_seed_is_QUIZ_3() -> None:
    for kind, seed in (("chess", 1), (None, 1), ("points", "1"), ("points", 1.0),
                       ("points", True)):
        with pytest.raises(QuizError) as e:
            generate(kind, seed)  # type: ignore[arg-type]
        assert e.value.rule == "QUIZ-3"


# --- what the learner may see ---------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_public_form_and_drawing_never_hold_the_answer(kind: str) -> None:
    for q in questions(kind)[:30]:
        pub = q.public()
        text = json.dumps(pub, ensure_ascii=False)
        assert "answer" not in pub and "_key" not in text
        assert q.key().explanation not in text
        html = question_html(q)
        root = ET.fromstring(html)
        cls = " ".join(e.get("class", "") for e in root.iter())
        assert "st-winner" not in cls and "st-legal" not in cls
        assert q.key().explanation not in html
        if kind == "auction":
            assert "To move" not in html
        fb = Session(seed=0).answer(q, answer_of(q))
        root = ET.fromstring(feedback_html(fb))
        assert root.get("role") == "status"
        badges = [e.text for e in root.iter() if e.get("class") == "st-rule"]
        assert badges == list(fb.rules)


def test_feedback_for_a_wrong_pick_lists_the_engine_reasons() -> None:
    q = next(q for q in questions("legal-plays") if len(q.key().answer) < len(q.values))
    wrong = next(v for v in q.values if v not in q.key().answer)
    fb = grade(q, [wrong])
    assert f"{q.label_of(wrong)}: illegal" in fb.explanation
    missed = [q.label_of(v) for v in q.values if v in q.key().answer]
    assert all(f"{m}: legal too." in fb.explanation for m in missed)


def test_after_grading_the_exhibit_shows_marks_and_the_winner() -> None:
    from tutor.display import DisplayError, feedback_emphasis

    q = next(q for q in questions("legal-plays") if 2 <= len(q.key().answer) < len(q.values))
    right = sorted(q.key().answer)
    illegal = next(v for v in q.values if v not in q.key().answer)
    fb = grade(q, [right[0], illegal])
    assert fb.your_values == tuple(v for v in q.values if v in {right[0], illegal})
    assert set(fb.correct_values) == q.key().answer
    marks = feedback_emphasis(fb)
    assert marks[right[0]] == "right" and marks[illegal] == "wrong"
    assert all(marks[v] == "missed" for v in right[1:])
    root = ET.fromstring(question_html(q, feedback=fb))
    drawn = {e.get("aria-label") for e in root.iter() if e.get("role") == "img"}
    assert f"{Card.parse(illegal).name} (wrong)" in drawn
    assert f"{Card.parse(right[-1]).name} (missed)" in drawn

    t = generate("trick-winner", 3)
    tfb = grade(t, answer_of(t))
    before = question_html(t)
    after = question_html(t, feedback=tfb)
    assert "st-winner" not in before and "st-winner" in after
    assert f"won by seat {answer_of(t)}" in after
    with pytest.raises(DisplayError):
        question_html(q, feedback=tfb)  # the feedback of another question
    assert feedback_emphasis(grade(t, answer_of(t))) == {}  # seat values are not cards


# --- Frog: the generic kinds through Frog's rules, and Frog's own kinds --------------------------
FROG_RULE_ID = re.compile(r"^(FR-\d|SBS-(\d+a?|V\d))$")
FROG_KINDS = list(kinds("frog"))
FROG_SEEDS = range(60)


def frog_questions(kind: str) -> list[Question]:
    return [generate(kind, seed, "frog") for seed in FROG_SEEDS]


def test_the_registry_lists_each_games_kinds() -> None:
    assert games() == ("six-bid-solo", "frog", "crazy-solo", "sixty-six", "auction-pitch")
    assert tuple(kinds()) == KINDS == tuple(kinds("six-bid-solo"))  # the default game
    # the generic kinds, then each game's own: Six-Bid Solo's hand count, Frog's two
    assert [*KINDS[:-1], "discard", "contracts"] == FROG_KINDS and KINDS[-1] == "hand-count"
    assert titles("frog")["discard"] and set(titles()) == set(TITLES)
    assert all(k.game == "frog" for k in kinds("frog").values())


@pytest.mark.parametrize("kind", FROG_KINDS)
def test_frog_questions_are_well_formed_and_cite_frogs_rules(kind: str) -> None:
    cited = set()
    for q in frog_questions(kind):
        assert q.kind == kind and q.game == "frog" and q.id == f"frog/{kind}#{q.seed}"
        assert q.public()["game"] == "frog" and q.public()["id"] == q.id
        values = q.values
        assert len(values) == len(set(values)) >= 2, q.id
        key = q.key()
        assert key.answer <= set(values) and (q.multi or len(key.answer) == 1), q.id
        for rule in key.rules:
            assert FROG_RULE_ID.match(rule), rule
            assert rule in key.explanation, (q.id, rule)
        cited |= set(key.rules)
        json.dumps(q.public())
        fb = grade(q, answer_of(q))
        assert fb.correct and fb.game == "frog" and fb.question_id == q.id
        for v in values:
            if v not in key.answer and not q.multi:
                assert not grade(q, v).correct
        assert key.explanation not in json.dumps(q.public(), ensure_ascii=False)
    if kind in ("settlement", "discard", "contracts"):  # Frog's own rules, not only SBS's
        assert any(r.startswith("FR-") for r in cited), cited
    assert generate(kind, 7, "frog").public() == generate(kind, 7, "frog").public()


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(FROG_KINDS), seed=st.integers(0, 2**32 - 1))
def test_any_seed_gives_a_gradable_frog_question(kind: str, seed: int) -> None:
    q = generate(kind, seed, "frog")
    assert q.key().answer <= set(q.values)
    assert grade(q, answer_of(q)).correct


@pytest.mark.rule("FR-1", "FR-4", "FR-5")
def test_FR_settlement_answers_recomputed_from_the_rule_file() -> None:
    """FR-1 and FR-5: each opponent pays k × (P − 60), k = 1, 2, 4 (or grand_multiplier);
    FR-4: with 5 players all four opponents settle, unless five_player_margin_exception."""
    seen = set()
    for q in frog_questions("settlement") + [generate("settlement", s, "frog")
                                             for s in range(60, 200)]:
        c = q.context
        k = {"frog": 1, "chico": 2, "grand": c["grand_multiplier"]}[c["contract"]]
        amount = k * (c["bidder_points"] - 60)
        bidder, n = c["bidder"], c["players"]
        payers = [s for s in range(n) if s != bidder]
        if n == 5 and c["five_player_margin_exception"] and amount > 0:
            payers = [s for s in c["active"] if s != bidder]
        chips = [0] * n
        for s in payers:
            chips[s] -= amount
            chips[bidder] += amount
        want = chips[bidder] if c["variant"] == "bidder" else chips[c["seat"]]
        assert q.key().answer == {str(want)}, q.id
        seen.add((n, c["contract"], c["five_player_margin_exception"]))
    assert {n for n, _, _ in seen} == {3, 4, 5} and {c for _, c, _ in seen} == {
        "frog", "chico", "grand"}
    assert (5, "frog", True) in seen or (5, "chico", True) in seen or (5, "grand", True) in seen


@pytest.mark.rule("FR-1", "FR-2")
def test_FR_points_count_the_discard_or_the_widow() -> None:
    seen = set()
    for q in frog_questions("points"):
        total = points(list(q.cards))
        if q.context["variant"] == "bidder":
            laid = "discard" if q.context["contract"] == "frog" else "widow"  # FR-1
            assert set(q.context) & {"discard", "widow"} == {laid}, q.id
            total += points([Card.parse(t) for t in q.context[laid]])
            seen.add(laid)
        assert q.key().answer == {str(total)}, q.id
    assert seen == {"discard", "widow"}


@pytest.mark.rule("FR-2")
def test_FR_2_discard_questions() -> None:
    seen = set()
    for q in frog_questions("discard"):
        variant = q.context["variant"]
        seen.add(variant)
        if variant == "hand":  # 11 cards and the three of the widow
            assert q.key().answer == {"14"}, q.id
        elif variant == "which":  # any three: widow cards or not, point cards allowed
            assert q.view is not None and q.view.legal == () and len(q.values) == 14
            assert q.key().answer == set(q.values), q.id
        else:
            assert len(q.cards) == 3
            assert q.key().answer == {str(points(list(q.cards)))}, q.id
    assert seen == {"hand", "which", "points"}


@pytest.mark.rule("FR-1", "FR-2", "FR-5")
def test_FR_contracts_questions() -> None:
    seen = set()
    for q in frog_questions("contracts"):
        c = q.context
        seen.add((c["variant"], c["contract"]))
        if c["variant"] == "multiplier":
            want = {"frog": 1, "chico": 2, "grand": c["grand_multiplier"]}[c["contract"]]
        elif c["variant"] == "widow":
            want = "discard" if c["contract"] == "frog" else "counts"
        else:
            want = ("hearts" if c["contract"] != "chico" else
                    "named-any" if c["chico_trump"] == "any" else "named-no-hearts")
        assert q.key().answer == {str(want)}, q.id
    assert {v for v, _ in seen} == {"multiplier", "widow", "trump"}
    assert {c for _, c in seen} == {"frog", "chico", "grand"}


def test_frog_sessions_cycle_frogs_kinds_and_grade() -> None:
    s = Session(seed=3, game="frog")
    qs = s.questions(len(FROG_KINDS))
    assert [q.kind for q in qs] == FROG_KINDS and all(q.game == "frog" for q in qs)
    fb = s.answer(qs[0], answer_of(qs[0]))
    assert fb.correct and fb.score is not None and fb.score.answered == 1


def test_an_unknown_game_or_one_without_a_quiz_is_QUIZ_3(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from tutor.quiz import registry

    for game in ("poker", None):
        with pytest.raises(QuizError) as e:
            generate("points", 1, game)  # type: ignore[arg-type]
        assert e.value.rule == "QUIZ-3" and e.value.where == "game"
    with pytest.raises(QuizError):
        Session(game="poker")
    with pytest.raises(QuizError) as e:
        generate("discard", 1)  # Frog's own kind is not Six-Bid Solo's
    assert e.value.rule == "QUIZ-3"

    def missing(name: str) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    registry._game_quiz.cache_clear()
    monkeypatch.setattr(quiz_core, "import_module", missing)
    try:
        with pytest.raises(QuizError) as e:
            registry.game_quiz("frog")
        assert "does not know Frog (game) yet" in str(e.value)
        assert registry.games() == ()
    finally:
        monkeypatch.undo()
        registry._game_quiz.cache_clear()
    assert registry.games() == ("six-bid-solo", "frog", "crazy-solo", "sixty-six",
                                "auction-pitch")
