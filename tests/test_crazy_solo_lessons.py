"""Crazy Solo's lessons (30 to 33) and quizzes.

- The notebooks are what ``notebooks/make_crazy_solo_lessons.py`` writes, name the game, define
  their terms before using them and cite rule ids in one "Rules:" line per section.
- Every worked number of the lessons (the deck table, the rule file's checks, the gang split, the
  worked deal's story) is worked out again by the engine.
- The worked deal replays from its record, and its partner is hidden in every replay step before
  the called card is played and shown from that step on.
- Every quiz kind, over many seeds at tables of 3 to 12: the answer agrees with one recomputed
  here from the rule file and the question's public exhibit alone, the right answer is graded
  right and every other wrong, and no answer sits in the question's public form or in a quiz
  widget's traits before it is answered.

(``tests/test_notebooks.py`` executes these lessons with the others and checks their rule ids and
links; ``tests/test_browser_crazy_solo.py`` opens one in a browser.)
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import nbformat
import pytest
from conftest_lesson import LESSONS, NOTEBOOKS, lesson_source, markdown, plain, widget_calls

import tutor
from tutor.cards import Card, Suit
from tutor.engine.record import state_of
from tutor.games import spec
from tutor.games.crazy_solo.lessons import reveal_words
from tutor.games.crazy_solo.quiz import bot_deal, bot_play, exact_holders, table
from tutor.games.crazy_solo.rules import (
    CrazySolo,
    CrazySoloState,
    CrazySoloView,
    deck_for,
    payment,
    possible_partners,
    settle,
)
from tutor.games.tapp import CARD_INDEX, SUIT_OF
from tutor.quiz import Question, generate, grade, kinds
from tutor.widgets.common import state_text, subtree

SOURCE = lesson_source("make_crazy_solo_lessons")
NAMES = list(SOURCE.LESSON_CELLS)
GAME = "crazy-solo"
GAME_NAME = spec(GAME).name  # "Crazy Solo"
RULE_ID = re.compile(r"\b(?:CS-\d+a?|SBS-\d+a?|FR-\d+)\b")
WORKED = SOURCE.WORKED_DEAL


def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / WORKED).read_text(encoding="utf-8"))
    return data


def answer_of(q: Question) -> str | list[str]:
    ans = q.key().answer
    return sorted(ans) if q.multi else next(iter(ans))


# --- the notebooks and their source --------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_what_its_source_writes(name: str) -> None:
    committed = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
    assert committed == SOURCE.render(name), \
        f"{name}.ipynb differs: run `python notebooks/make_crazy_solo_lessons.py`"
    nb = nbformat.reads(committed, as_version=4)
    assert "widgets" not in nb.metadata and nb.metadata["title"].startswith(GAME_NAME)
    for c in nb.cells:
        if c.cell_type == "code":  # thin notebooks: a line or two of code per cell, no outputs
            assert c.outputs == [] and c.execution_count is None
            assert len(c.source.splitlines()) <= 3, c.source
    text = markdown(name)
    assert text.startswith("# " + GAME_NAME)
    # one "Rules:" line per section, and every rule id cited in one
    for section in re.split(r"\n(?=## )", text)[1:]:
        assert len(re.findall(r"^\*Rules: .*\.\*$", section, re.M)) == 1, section[:80]
    outside = [m for line in text.splitlines() if not line.startswith("*Rules:")
               for m in RULE_ID.findall(line)]
    assert outside == [], outside


def test_the_terms_are_defined_before_they_are_used() -> None:
    """Lesson 30 defines the words all four lessons use: each one's first appearance is its
    definition, in bold."""
    text = markdown("30-crazy-solo").split("\n", 1)[1]  # after the page title
    for term in ("leader", "bidder", "called card", "partner", "soloists", "gang"):
        first = re.search(rf"\b{term}\b", text)
        assert first is not None, term
        assert text[first.start() - 2:first.end() + 2] == f"**{term}**", (
            term, text[max(first.start() - 60, 0):first.end() + 10])


def test_the_lessons_are_on_the_map_and_chained() -> None:
    welcome = markdown("00-welcome")
    assert f"### {GAME_NAME}" in welcome
    for name in NAMES:
        assert f"({name}.ipynb)" in welcome and f"{name}.ipynb" in LESSONS
    links = [re.findall(r"Next: [^]]*\]\(([^)]+)\.ipynb\)", markdown(n)) for n in NAMES]
    # 30 → 31 → 32 → 33 → 14 (the table, where Crazy Solo is picked in the Game list)
    assert links == [[NAMES[1]], [NAMES[2]], [NAMES[3]], ["14-play-against-the-engine"]]


# --- the worked numbers --------------------------------------------------------------------------
def test_the_deck_table_is_the_engines() -> None:
    """CS-2: the cards out, the deck and the hand size for every table of 3 to 12."""
    words = {"none": set(), "6♠": {"6S"}, "all four 6s": {"6C", "6S", "6H", "6D"},
             "all four 6s, 7♠ and 7♣": {"6C", "6S", "6H", "6D", "7C", "7S"},
             "6♠, 6♣ and 6♦": {"6C", "6S", "6D"}}
    for n, (gone, cards, each) in SOURCE.DECK_TABLE.items():
        game = CrazySolo({"players": n})
        kept = set(deck_for(game.options).cards)
        removed = {c.text for c in tutor.cards.DECK_36.cards if c not in kept}
        assert removed == words[gone.split(" (")[0]], n
        assert (len(game.deck_cards), game.hand_size) == (cards, each), n
        assert sum(tutor.cards.DECK_36.points(c) for c in game.deck_cards.cards) == 120
    three = CrazySolo({"players": 3, "three_handed_deck": 24})
    assert (len(three.deck_cards), three.hand_size) == (24, 8)
    assert all(c.rank.letter in "678" for c in tutor.cards.DECK_36.cards
               if c not in three.deck_cards.cards)
    text = markdown("30-crazy-solo")
    assert SOURCE.deck_table() in text and "four cards go to the spit and the four 6s" in text
    assert len(deck_for(CrazySolo({"players": 8}).options).cards) == 32


def test_every_check_of_the_rule_file_is_the_engines() -> None:
    """CS-11: the lesson's table of the rule file's checks, row by row, against ``payment``."""
    text = markdown("32-crazy-solo-payment")
    rule_file = [("♠", 61, 0), ("♥", 61, 5), ("♣", 58, -5), ("♥", 59, -5), ("♠", 59, 0),
                 ("♥", 58, -5), ("♥", 57, -10), ("♠", 64, 10), ("♥", 62, 5), ("♥", 46, -40)]
    assert [(t, p) for t, p, _ in rule_file] == SOURCE.CHECK_ROWS
    for trump, points, want in rule_file:
        suit = "♣♠♥♦".index(trump)
        assert payment(suit, points) == want
        row = SOURCE.check_row(trump, points)
        assert f"**{SOURCE.minus(want)}**" in row and row in text
    # the draw at 61, and the words around it
    assert payment(1, 61) == 0 and payment(1, 62) == 5 and payment(1, 59) == 0
    assert payment(2, 61) == 5
    assert "The soloists need 62 to win anything" in text and "at 59, −2 rounds to 0" in text


@pytest.mark.parametrize("case", SOURCE.SPLIT_CASES, ids=lambda c: "-".join(map(str, c)))
def test_every_worked_split_is_the_engines(case: tuple[int, str, int, str]) -> None:
    """CS-12: the chips of each worked settlement, from the rules' ``settle``."""
    players, trump, points, partner = case
    p5 = payment("♣♠♥♦".index(trump), points)
    bidder = 0
    mate = 1 if partner == "called" else None
    chips = settle(players, bidder, mate, p5)
    assert sum(chips) == 0
    gang = [s for s in range(players) if s not in (bidder, mate)]
    assert {chips[s] for s in gang} == {-p5}
    row = SOURCE.split_row(*case)
    assert f"| {SOURCE.signed(chips[bidder])} (" in row
    if mate is not None:
        assert f"| {SOURCE.signed(chips[mate])} (" in row
    assert row in markdown("32-crazy-solo-payment")


def test_the_worked_deal_is_what_the_lesson_says() -> None:
    """Lesson 33's story, fact by fact, from the engine: the spit, the take-over, the called
    card and its holder, the seats ruled out by the play, the reveal, P, p₅ and the chips."""
    rec = record()
    assert widget_calls("33-crazy-solo-worked-deal", "DealReplay") == [([WORKED], {})]
    out = tutor.replay(rec)
    assert out["phase"] == "done" and rec["game"] == GAME
    state = state_of(rec)
    assert isinstance(state, CrazySoloState)
    text = markdown("33-crazy-solo-worked-deal")
    assert state.n == 5 and state.game.hand_size == 7 and "6♠ comes out, 35 cards, 7 each" in text
    assert [c.text for c in tutor.cards.DECK_36.cards
            if c not in state.game.deck_cards.cards] == ["6S"]
    assert rec["calls"] == ["pass", "solo-in-hearts", "pass", "solo-in-hearts", "pass"]
    assert state.active[0] == 0 and state.dealer == 4 and state.bidder == 3
    assert "Seat 0, the leader, passes; seat 1 calls Solo in hearts; seat 2 passes;\n   seat 3" \
        in text
    assert out["called"] == "AH" and state.partner == 1 == out["partner"]
    assert "AH" in rec["hands"][1] and "Seat 1 holds it" in text and "**seat 3**" in text
    # the seats the play rules out, seen from the bidder's seat, trick by trick
    walk = state.game.from_record_deal(rec)
    for a in state.history()[:6]:  # the calls and the called card
        walk.apply(a)
    possible = []
    for _ in range(3):
        for _ in range(5):
            walk.apply(state.history()[len(walk.history())])
        view = walk.view(3)
        assert isinstance(view, CrazySoloView) and not view.partner_revealed
        possible.append(possible_partners(view))
    assert possible == [(0, 1, 2, 4), (0, 1, 4), (0, 1)]
    assert "only seat 0 or seat 1 can hold A♥" in text
    trick2, trick3 = state.tricks[1][1], state.tricks[2][1]
    assert SUIT_OF[trick2[0]] == 1 and SUIT_OF[trick2[3]] == 0  # seat 2: a club on spades
    assert SUIT_OF[trick3[0]] == 0 and SUIT_OF[trick3[1]] == 1  # seat 4: a spade on clubs
    reveal = next(k for k, (_, cards, _) in enumerate(state.tricks) if CARD_INDEX[
        Card.parse("AH")] in cards) + 1
    assert reveal == 4 and "In trick 4 seat 1 cannot follow diamonds and trumps with A♥" in text
    leader, cards, winner = state.tricks[5]  # trick 6: seat 0 feeds A♦ to seat 2's trick
    assert winner == 2 and cards[(0 - leader) % 5] == CARD_INDEX[Card.parse("AD")]
    assert "seat 0 throws A♦ onto the trick its gang-mate seat 2 is winning" in text
    assert (state.won_points[3], state.won_points[1], state.bidder_points()) == (45, 22, 67)
    assert state.payment() == out["payment"] == 20 and "p = 3 × 7 = 21, rounded\n   down to " \
        "**20**" in text
    assert state.chips() == out["chips"] == [-20, 20, -20, 40, -20]
    assert "seats 4 and 0\n   pay the bidder (+40), seat 2 pays the partner (+20)" in text


# --- the replay: the partner hidden until its card ------------------------------------------------
@pytest.mark.usefixtures("clean_widgets")
@pytest.mark.parametrize("seat", [3, 4, 2, 1])
def test_the_partner_is_hidden_before_the_called_card_and_shown_from_it(seat: int) -> None:
    """CS-9, from the bidder (3), two gang members (4, 2) and the partner (1): every step before
    the trick of the called card holds no word naming the partner (the reveal sentence, the
    partner fact) — except the partner's own view, which knows from its hand — and every step
    from it on does; the widget's secrets are the reveal sentence until then."""
    from tutor.widgets import DealReplay

    rec = record()
    final = state_of(rec)
    assert isinstance(final, CrazySoloState) and final.partner is not None
    mate = final.partner  # seat 1
    called = final.called
    trick = next(k for k, (_, cards, _) in enumerate(final.tricks) if called in cards)
    reveal = reveal_words(final)
    widget = DealReplay(rec, seat=seat)
    at = next(i for i, s in enumerate(widget.steps) if reveal in s.words)
    assert widget.steps[at].title == f"Trick {trick + 1}" == "Trick 4"
    named = re.compile(rf"seat {mate} is the partner|<dt>Partner</dt><dd>seat {mate}</dd>")
    for i in range(len(widget.steps)):
        widget.go(i)
        held = plain(state_text(subtree(widget.box)))
        view = widget.steps[i].state.view(seat)
        assert isinstance(view, CrazySoloView)
        if i < at:
            assert not named.search(held), (i, widget.steps[i].title)
            assert not view.partner_revealed
            assert view.partner == (mate if seat == mate and i >= 2 else None)
            if seat != mate and i >= 2:  # after the call: the reveal is the step's secret
                assert widget.secrets() == [reveal] and reveal not in held
            if i >= 2:
                assert ("Partner</dt><dd>you — a secret" in held) == (seat == mate)
        else:
            assert named.search(held) or seat == mate, (i, widget.steps[i].title)
            assert view.partner_revealed and view.partner == mate and widget.secrets() == []
            assert "<dt>Partner</dt><dd>" + ("you" if seat == mate else f"seat {mate}") in held
    assert reveal in widget.steps[at].words and all(
        reveal not in s.words for s in widget.steps if s is not widget.steps[at])


# --- quizzes -------------------------------------------------------------------------------------
CS_KINDS = list(kinds(GAME))
SEEDS = range(120)


def questions(kind: str) -> list[Question]:
    return [generate(kind, seed, GAME) for seed in SEEDS]


def _players(q: Question) -> int | None:
    """The table of a question (none for a payment worked from trump and P alone)."""
    n = q.context.get("players")
    assert isinstance(n, int) or (q.kind == "payment" and q.context["variant"] == "round")
    return n


def _recomputed(q: Question) -> set[str]:
    """The answer from the rule file and the question's public exhibit alone."""
    c = q.context
    if q.kind == "legal-plays":  # CS-10: follow suit, else trump, else any card
        v = q.view
        assert v is not None
        hand = list(v.hand)
        if not v.trick:
            return {x.text for x in hand}
        led = v.trick[0].suit
        follow = [x for x in hand if x.suit is led]
        trumps = [x for x in hand if x.suit is v.trump]
        return {x.text for x in (follow or trumps or hand)}
    if q.kind == "trick-winner":  # CS-10: the highest trump, else the highest of the led suit
        trump = "CSHD".index(c["trump"])
        cards = [(s, CARD_INDEX[x]) for s, x in q.trick]
        led = SUIT_OF[cards[0][1]]
        pool = [t for t in cards if SUIT_OF[t[1]] == trump] or [
            t for t in cards if SUIT_OF[t[1]] == led]
        return {str(min(pool, key=lambda t: t[1])[0])}  # a lower card int ranks higher
    if q.kind == "deck":
        n = c["players"]
        table = {3: 0, 4: 0, 5: 1, 6: 0, 7: 1, 8: 4, 9: 0, 10: 6, 11: 3, 12: 0}  # CS-2: out
        gone = 12 if c["three_handed_deck"] == 24 else table[n]
        if c["variant"] == "each":
            return {str((36 - gone) // n)}
        if c["variant"] == "spit":
            return {str(gone)}
        if c["variant"] == "leader":  # CS-3: the dealer's left
            return {str((c["dealer"] + 1) % n)}
        return {v for v in q.values if (0 if v == "none" else len(v.split())) == gone}
    if q.kind == "calls":
        calls = [t for _, t in q.calls]
        order = ["pass", "solo", "solo-in-hearts", "alone", "alone-in-hearts"]
        if c["variant"] == "bidder":  # CS-4a, CS-6
            bids = [s for s, t in q.calls if t != "pass"]
            return {str(bids[-1]) if bids else "none"}
        high = max((order.index(t) for t in calls), default=0)
        levels = [3, 4] if c["players"] == 3 else [1, 2, 3, 4]  # CS-5
        return {"pass"} | {order[k] for k in levels if k > high or k == high == 2}
    if q.kind == "partner":
        return {str(s) for s in _holders_read_here(q)}
    # payment
    trump = "CSHD".index(c["trump"])
    k = 3 if trump == 2 else 2
    p = k * (c["points"] - 60)
    p5 = (1 if p > 0 else -1) * 5 * ((abs(p) + 2) // 5)
    if c["variant"] == "round":
        return {str(p5)}
    n, bidder, mate = c["players"], c["bidder"], c["partner"]
    gang = [(bidder + i) % n for i in range(1, n) if (bidder + i) % n != mate]
    first = gang[:(len(gang) + 1) // 2] if mate is not None else gang
    if c["variant"] == "split":
        return {str(s) for s in first}
    seat = c["seat"]
    if seat == bidder:
        return {str(p5 * len(first))}
    if seat == mate:
        return {str(p5 * (len(gang) - len(first)))}
    return {str(-p5)}


def _holders_read_here(q: Question) -> list[int]:
    """Who may hold the called card, read here from the view: not the viewer (unless it holds
    it), no seat without cards, no seat that failed to follow its suit or, with it trump, to
    trump a side lead."""
    v = q.view
    assert isinstance(v, CrazySoloView) and v.called is not None
    n = len(v.hand_sizes)
    if v.called in v.hand:
        return [v.seat]
    out = set()
    tricks = [(ld, cs) for ld, cs, _ in v.tricks]
    if v.trick:
        assert v.trick_leader is not None
        tricks.append((v.trick_leader, v.trick))
    suit = v.called.suit
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            s = (leader + i) % n
            led = cards[0].suit
            if card.suit is not led and (led is suit or (suit is v.trump and
                                                         card.suit is not v.trump)):
                out.add(s)
    return [s for s in range(n) if s != v.seat and s not in out and v.hand_sizes[s]]


@pytest.mark.parametrize("kind", CS_KINDS)
def test_every_kind_is_graded_right_and_wrong_over_many_seeds(kind: str) -> None:
    tables: Counter[int] = Counter()
    variants: Counter[str] = Counter()
    for q in questions(kind):
        assert q.game == GAME and q.id == f"{GAME}/{kind}#{q.seed}"
        key = q.key()
        assert key.answer == _recomputed(q), (q.id, key.answer, q.public())
        assert grade(q, answer_of(q)).correct
        if q.multi:  # any one choice more or less is wrong
            for v in q.values:
                assert not grade(q, sorted(set(key.answer) ^ {v})).correct
        else:
            assert all(not grade(q, v).correct for v in q.values if v not in key.answer)
        assert key.rules and all(r in key.explanation for r in key.rules), q.id
        assert all(r.startswith(("CS-", "SBS-")) for r in key.rules)
        # no answer in what the browser may receive
        public = json.dumps(q.public(), ensure_ascii=False)
        assert key.explanation not in public
        assert "partner" not in q.context or q.kind == "payment"  # only once the deal is over
        n = _players(q)
        if n is not None:
            tables[n] += 1
        variants[str(q.context.get("variant", ""))] += 1
    # every table of CS-2 (a partner needs four players or more: CS-5)
    assert set(tables) == set(range(4 if kind == "partner" else 3, 13)), (kind, sorted(tables))
    if kind in ("deck", "calls", "payment"):
        assert len(variants) >= 2, variants


def test_the_partner_question_is_sound_and_asks_from_one_seat() -> None:
    """The seats possible for a view always include the called card's real holder, for every
    viewer at every moment before it is played (4..12 players), and the question's view holds
    no partner unless the asking seat holds the card."""
    import random

    rng = random.Random(19)
    checked = brute = 0
    for _ in range(20):
        state = bot_deal(rng, table(rng, partner=True), partner=True)
        bit = 1 << state.called
        for pos in bot_play(state)[::2]:
            holder = next((s for s in range(pos.n) if pos.hands[s] & bit), None)
            if holder is None:
                continue
            for seat in range(pos.n):
                view = pos.view(seat)
                assert isinstance(view, CrazySoloView)
                exact = exact_holders(view)
                assert holder in exact and set(exact) <= set(possible_partners(view))
                assert view.partner == (seat if seat == holder else None)
                unseen = _unseen(pos, seat)
                if seat != holder and len(unseen) <= 12:  # the deals the view allows
                    assert exact == _holders_by_listing(view, unseen), (seat, unseen)
                    brute += 1
                checked += 1
    assert checked > 600 and brute > 30, (checked, brute)
    for q in questions("partner")[:40]:
        v = q.view
        assert isinstance(v, CrazySoloView) and not v.partner_revealed and v.legal == ()
        assert v.partner is None or v.partner == v.seat
        assert q.context["show_tricks"] is True and "view" in q.public()


def _unseen(state: CrazySoloState, seat: int) -> list[int]:
    return [c for s in range(state.n) if s != seat for c in range(36) if state.hands[s] >> c & 1]


def _holders_by_listing(view: CrazySoloView, unseen: list[int]) -> tuple[int, ...]:
    """The seats holding the called card in some deal of the ``unseen`` cards to the other seats
    (their hand sizes, no card of a suit a seat has failed to follow or, for trump, to trump):
    a search through the deals, card by card."""
    n = len(view.hand_sizes)
    voids: dict[int, set[Suit]] = {s: set() for s in range(n)}
    tricks = [(ld, cs) for ld, cs, _ in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, view.trick))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            if card.suit is not cards[0].suit:
                voids[(leader + i) % n].add(cards[0].suit)
                if view.trump is not None and card.suit is not view.trump:
                    voids[(leader + i) % n].add(view.trump)
    assert view.called is not None
    called = CARD_INDEX[view.called]
    rest = [c for c in unseen if c != called]

    def deal(i: int, room: dict[int, int]) -> bool:
        if i == len(rest):
            return True
        for s in room:
            if room[s] and Suit(SUIT_OF[rest[i]]) not in voids[s]:
                room[s] -= 1
                ok = deal(i + 1, room)
                room[s] += 1
                if ok:
                    return True
        return False

    found = []
    for s in range(n):
        if s == view.seat or not view.hand_sizes[s] or view.called.suit in voids[s]:
            continue
        room = {x: view.hand_sizes[x] - (x == s) for x in range(n) if x != view.seat}
        if deal(0, room):
            found.append(s)
    return tuple(found)


@pytest.mark.usefixtures("clean_widgets")
def test_the_quizzes_ask_about_crazy_solo_and_hold_no_answer_before_it_is_given() -> None:
    from tutor.widgets import Learner, QuizWidget

    asked: set[str] = set()
    for name in NAMES:
        for args, kw in widget_calls(name, "QuizWidget"):
            assert kw["game"] == GAME, name
            asked |= set(args[0])
    assert asked == set(CS_KINDS)
    for seed in range(6):
        quiz = QuizWidget(["partner", "payment", "calls"], game=GAME,
                          learner=Learner("ada", seed=seed))
        for _ in range(3):
            q = quiz.question
            assert q is not None and q.game == GAME and GAME_NAME in quiz.heading.value
            held = plain(state_text(subtree(quiz.box)))
            secrets = quiz.secrets()
            assert secrets and all(s not in held for s in secrets)
            fb = quiz.answer(answer_of(q))
            assert fb is not None and fb.correct
            assert q.key().explanation in plain(state_text(subtree(quiz.box)))
            quiz.new_question()
