"""Auction Pitch's lessons (50 to 55), its replay, its quizzes and its bid bank.

- The notebooks are what ``notebooks/make_auction_pitch_lessons.py`` writes, name the game,
  define their terms before using them, cite rule ids in one "Rules:" line per section, and
  between them cite every PI rule; the course map names the lessons and every rule.
- Every worked number of the lessons (the table of cards never dealt, the game points and the
  Game example, the single-trump cases, the dealer's calls, the follow-or-trump example, the
  scoring table, the match stories, the worked deal's story) is worked out again by the engine.
- The worked hand replays from its record; from every seat no replay step names a card that
  seat may not see — another hand's unplayed card or a card never dealt.
- Every quiz kind, over many seeds: the answer agrees with one recomputed here from the rule
  file and the question's public exhibit alone (the bid question: from the bank's numbers, by
  this file's own arithmetic), the right answer is graded right and every other wrong, the
  explanation cites its rules and is not in the public form, a wrong pick gets the game's own
  hint without the answer, and no answer sits in a quiz widget's traits before it is answered.

(``tests/test_notebooks.py`` executes the lessons with the others and checks their rule ids and
links; ``tests/test_browser_auction_pitch_lessons.py`` opens lesson 55 in a browser.)
"""

from __future__ import annotations

import json
import math
import random
import re
import statistics
from collections import Counter
from functools import cache
from typing import Any

import nbformat
import pytest
from conftest_lesson import (
    LESSONS,
    NOTEBOOKS,
    lesson_source,
    markdown,
    mentions,
    plain,
    widget_calls,
)

import tutor
from tutor.cards import DECK_52, Card
from tutor.engine.record import state_of
from tutor.games import spec
from tutor.games.auction_pitch import bid_bank
from tutor.games.auction_pitch.hand import dealt_share
from tutor.games.auction_pitch.match import win_check
from tutor.games.auction_pitch.pimc import bid_values, rule_action
from tutor.games.auction_pitch.rules import (
    CARD_INDEX,
    AuctionPitch,
    HandOutcome,
    PitchOptions,
    PitchState,
    call_token,
    parse_call,
)
from tutor.quiz import Question, QuizError, game_quiz, generate, grade, kinds
from tutor.quiz.difficulty import difficulty
from tutor.quiz.mastery import course
from tutor.quiz.mistakes import NUDGE, likely_mistake
from tutor.widgets.common import state_text, subtree

SOURCE = lesson_source("make_auction_pitch_lessons")
NAMES = list(SOURCE.LESSON_CELLS)
GAME = "auction-pitch"
GAME_NAME = spec(GAME).name  # "Auction Pitch"
RULE_ID = re.compile(r"\bPI-\d+b?\b")
ALL_RULES = {f"PI-{n}" for n in range(1, 13)} | {"PI-4b"}
WORKED = SOURCE.WORKED_DEAL
#: PI-10 as the rule file states it: the game points by rank; PI-1: the ranks, highest first.
RANK_POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
RANKS = "AKQJT98765432"
SUITS = "CSHD"


def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / WORKED).read_text(encoding="utf-8"))
    return data


def points_of(texts: list[str]) -> int:
    return sum(RANK_POINTS.get(t[0], 0) for t in texts)


def answer_of(q: Question) -> str | list[str]:
    ans = q.key().answer
    return sorted(ans) if q.multi else next(iter(ans))


def played(hands: list[str], calls: list[str], play: list[str], **options: Any) -> PitchState:
    """A scripted hand, then the first legal card for every card not scripted."""
    rec = {"format": "tutor-record/1", "game": GAME, "options": {"players": len(hands),
                                                                 **options},
           "dealer": len(hands) - 1, "hands": [h.split() for h in hands], "calls": calls,
           "play": play}
    state = state_of(rec)
    assert isinstance(state, PitchState)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    return state


# --- the notebooks and their source -----------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_what_its_source_writes(name: str) -> None:
    committed = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
    assert committed == SOURCE.render(name), \
        f"{name}.ipynb differs: run `python notebooks/make_auction_pitch_lessons.py`"
    nb = nbformat.reads(committed, as_version=4)
    assert "widgets" not in nb.metadata and nb.metadata["title"].startswith(GAME_NAME)
    for c in nb.cells:
        if c.cell_type == "code":  # thin notebooks: a line or three of code per cell
            assert c.outputs == [] and c.execution_count is None
            assert len(c.source.splitlines()) <= 3, c.source
    text = markdown(name)
    assert text.startswith("# " + GAME_NAME)
    for section in re.split(r"\n(?=## )", text)[1:]:  # one "Rules:" line per section
        assert len(re.findall(r"^\*Rules: .*\.\*$", section, re.M)) == 1, section[:80]
    outside = [m for line in text.splitlines() if not line.startswith("*Rules:")
               for m in RULE_ID.findall(line)]
    assert outside == [], outside
    assert not re.search(r"(?<![\w\-])-\d", text)  # a score below zero: U+2212, never "-"


def test_the_terms_are_defined_before_they_are_used() -> None:
    """Lesson 50 defines the words all six lessons use: each one's first appearance is its
    definition, in bold."""
    text = markdown("50-auction-pitch").split("\n", 1)[1]  # after the page title
    for term in ("dealer", "eldest", "trick", "bid", "pitcher", "trump", "High", "Low", "Jack",
                 "Game", "game points", "set back", "match"):
        first = re.search(rf"(?<![\w-]){term}(?![\w-])", text)
        assert first is not None, term
        assert text[first.start() - 2:first.end() + 2] == f"**{term}**", (
            term, text[max(first.start() - 60, 0):first.end() + 10])


def test_the_lessons_are_on_the_map_chained_and_cite_every_rule() -> None:
    welcome = markdown("00-welcome")
    assert f"### {GAME_NAME}" in welcome and "PI-1" in welcome
    for name in NAMES:
        assert f"({name}.ipynb)" in welcome and f"{name}.ipynb" in LESSONS
    links = [re.findall(r"Next: [^]]*\]\(([^)]+)\.ipynb\)", markdown(n)) for n in NAMES]
    assert links == [[NAMES[1]], [NAMES[2]], [NAMES[3]], [NAMES[4]], [NAMES[5]],
                     ["14-play-against-the-engine"]]
    cited = {r for n in NAMES for r in RULE_ID.findall(markdown(n))}
    assert cited == ALL_RULES, ALL_RULES ^ cited
    assert "Auction Pitch (lessons 50 … 55)" in markdown("14-play-against-the-engine")
    glossary = markdown("glossary")
    assert "### Pitcher" in glossary and "### Setback" in glossary and "### Eldest" in glossary


def test_the_course_map_names_the_lessons_and_every_rule() -> None:
    lessons = course(GAME)
    assert [c.id for c in lessons] == NAMES
    assert {r for c in lessons for r in c.rules} == ALL_RULES
    for c in lessons:  # each lesson cites the rules its course entry says it teaches
        assert set(c.rules) <= set(RULE_ID.findall(markdown(c.id))), c.id


def test_the_quizzes_ask_auction_pitch_and_every_kind_is_asked() -> None:
    asked: set[str] = set()
    for name in NAMES:
        for args, kw in widget_calls(name, "QuizWidget"):
            assert kw["game"] == GAME, name
            asked |= set(args[0])
    assert asked == set(kinds(GAME))


# --- the worked numbers -------------------------------------------------------------------------
def test_the_table_of_cards_never_dealt_is_the_engines() -> None:
    """PI-3 at 3 to 7 players: the engine deals 6n cards and leaves 52 − 6n, and a card one
    does not hold was dealt to another player 6(n − 1) times in 46 (the bots' count agrees)."""
    text = markdown("50-auction-pitch")
    for n, (dealt, undealt, share) in SOURCE.TABLE_ROWS.items():
        state = AuctionPitch({"players": n}).new_deal(random.Random(n), 0)
        in_hands = sum(h.bit_count() for h in state.hands)
        assert (in_hands, 52 - in_hands) == (dealt, undealt)
        assert share == round(100 * dealt_share(n))
        assert f"| {n} | {dealt} | {undealt} | {share}% |" in text
    assert "28 are never seen" in text  # four players


def test_the_game_points_and_the_game_example_are_the_engines() -> None:
    """PI-10's table, lesson 51's Game example (a tie: no point) and the single-trump cases."""
    by_rank = {c.rank.letter: DECK_52.points(c) for c in DECK_52.cards}
    assert {r: p for r, p in by_rank.items() if p} == RANK_POINTS
    assert {("T" if k == "10" else k): v for k, v in SOURCE.GAME_POINTS.items()} == RANK_POINTS
    text = markdown("51-auction-pitch-points")
    assert "| game points | 10 | 4 | 3 | 2 | 1 |" in text
    mine, theirs, winner = SOURCE.GAME_EXAMPLE
    assert points_of(mine) == points_of(theirs) == 10 and winner is None
    # the engine: a hand in which seat 0's tricks hold ``mine`` and seat 1's ``theirs``
    state = played(["7C AH KS QS JC 5D", "TD 3D 4H 9S 2S 6H", "2C 3H 5H 7H 8H 9H"],
                   ["2", "pass", "pass"],
                   ["7C", "3D", "2C", "AH", "4H", "3H", "KS", "9S", "5H", "QS", "2S", "7H",
                    "JC", "6H", "8H", "5D", "TD", "9H"])
    o = state.outcome()
    won = [{state.token(c) for c in range(52) if state.won[s] >> c & 1 and points_of(
        [state.token(c)])} for s in (0, 1)]
    assert won == [set(mine), set(theirs)]
    assert o.game_points[0] == o.game_points[1] == 10 and o.game is None
    assert "A♥ 4 + K♠ 3 + Q♠ 2 + J♣ 1 = 10" in text and "10♦ 10 = 10" in text
    # a single trump: High and Low at once; A♥ and J♥ the only trumps: the lead draws the jack
    two = played(["2S AC KC QC JC TC", "3C 4C 5C 6C 7C 8C", "9C 2D 3D 4D 5D 6D"],
                 ["2", "pass", "pass"], ["2S"])
    o = two.outcome()
    assert (o.high, o.low) == (0, 0) and o.points_won[0] >= 2
    hearts = played(["AH 2C 3C 4C 5C 6C", "JH 2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S 7S"],
                    ["2", "pass", "pass"], ["AH", "JH"])
    o = hearts.outcome()
    assert (o.high, o.low, o.jack) == (0, 0, 0) and hearts.tricks[0][2] == 0
    assert "takes High, Low and Jack in one trick" in text


def test_the_dealers_calls_are_the_engines() -> None:
    """PI-4b's checks as lesson 52 tabulates them (4 players, the defaults)."""
    text = markdown("52-auction-pitch-bidding")
    for before, legal in SOURCE.CALL_CHECKS:
        state = AuctionPitch({"players": 4}).new_deal(random.Random(1), 3)
        for token in before:
            state.apply(parse_call(token))
        assert state.to_move == state.dealer
        assert [call_token(a) for a in state.legal_calls()] == legal
        assert f"| {', '.join(before)} | {', '.join(legal)} |" in text


def test_the_follow_or_trump_example_is_the_engines() -> None:
    """Lesson 53: K♠ led, 5♠ and A♥ held — clubs trump: only 5♠; hearts trump: either;
    strict_follow: only 5♠ (the rule file's check)."""
    def legal_after(first: str, options: dict[str, Any]) -> list[str]:
        rec = {"format": "tutor-record/1", "game": GAME, "options": {"players": 3, **options},
               "dealer": 2, "hands": [["KS", "AC", "KH", "2D", "3D", "4D"],
                                      ["5S", "AH", "2H", "9D", "8D", "7D"],
                                      ["QC", "JC", "TC", "3H", "4S", "6D"]],
               "calls": ["2", "pass", "pass"], "play": []}
        state = state_of(rec)
        assert isinstance(state, PitchState)
        follow = {"AC": ("9D", "QC"), "KH": ("2H", "3H")}[first]
        for card in (first, *follow):  # seat 0 names trump and wins the first trick
            state.apply(CARD_INDEX[Card.parse(card)])
        assert state.tricks[0][2] == 0
        state.apply(CARD_INDEX[Card.parse("KS")])  # seat 0 leads K♠
        return sorted(state.token(a) for a in state.legal_actions())

    assert legal_after("AC", {}) == ["5S"]
    assert legal_after("KH", {}) == ["5S", "AH"]
    assert legal_after("KH", {"strict_follow": True}) == ["5S"]
    text = markdown("53-auction-pitch-play")
    assert "You must play 5♠" in text and "you could play either" in text


def _hands_until(want: Any, tries: int = 6000) -> PitchState:
    rng = random.Random(54)
    game = AuctionPitch({"players": 4})
    for _ in range(tries):
        state = game.new_deal(rng, rng.randrange(4))
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < 0.3 else rule_action(state))
        if not state.thrown_in and want(state):
            return state
    raise AssertionError("no such hand")


def test_the_scoring_table_is_the_engines() -> None:
    """PI-11: each row of lesson 54's table is a hand the engine scores so."""
    text = markdown("54-auction-pitch-scoring")
    names = ("high", "low", "jack", "game")
    for bid, won, change in SOURCE.SCORING_CASES:
        want = {w.lower() for w in won}

        def fits(s: PitchState, bid: int = bid, want: set[str] = want) -> bool:
            o = s.outcome()
            return (o.bid == bid and o.pitcher is not None
                    and {p for p in names if o.awards[p] == o.pitcher} == want)

        o = _hands_until(fits).outcome()
        assert o.pitcher is not None and o.score_change[o.pitcher] == change
        row = SOURCE.scoring_row(bid, won, change)
        assert row in text and (("−" in row) == (change < 0))
    # a bid of 4 with the trump jack not dealt is always set back
    four = _hands_until(lambda s: s.outcome().bid == 4 and s.outcome().jack is None)
    assert four.outcome().made is False


def test_the_match_stories_are_the_engines() -> None:
    """PI-12: each story of lesson 54 worked by the engine's win check."""
    text = markdown("54-auction-pitch-scoring")
    for case in SOURCE.MATCH_CASES:
        check, smudge, before, pitcher, bid, awards, winner = case
        won = [sum(1 for a in awards if a == s) for s in range(3)]
        change = [w for w in won]
        change[pitcher] = won[pitcher] if won[pitcher] >= bid else -bid  # PI-11
        o = HandOutcome(pitcher, bid, False, *awards, (0, 0, 0), tuple(won), tuple(change))
        options = PitchOptions(players=3, win_check=check, smudge_wins_game=smudge)
        assert win_check(options, before, o).winner == winner, case
        assert SOURCE.match_story(case) in text


def test_the_worked_deal_is_what_the_lesson_says() -> None:
    """Lesson 55's story, fact by fact, from the engine."""
    rec = record()
    assert widget_calls("55-auction-pitch-worked-deal", "DealReplay") == [
        ([WORKED], {"seat": SOURCE.WORKED_SEAT})]
    out = tutor.replay(rec)
    assert out["phase"] == "done" and rec["game"] == GAME
    state = state_of(rec)
    assert isinstance(state, PitchState)
    text = markdown("55-auction-pitch-worked-deal")
    me = SOURCE.WORKED_SEAT
    assert state.dealer == me and state.calls() == [(3, "2"), (0, "pass"), (1, "pass"), (2, "2")]
    assert state.bidder == me and out["contract"] == "2" and out["trump"] == "C"
    assert "seat 3, bids 2; seats 0 and 1 pass" in text and "steal at 2" in text
    tricks = [(ld, [state.token(c) for c in cs], w) for ld, cs, w in state.tricks]
    assert tricks[0] == (2, ["7C", "4D", "3C", "9C"], 1)
    assert "seat 1 wins with 9♣" in text
    # 3♣ is the lowest club dealt, and seat 1 won it
    clubs = sorted((c for h in state.dealt for c in range(52) if h >> c & 1 and c // 13 == 0),
                   reverse=True)
    assert state.token(clubs[0]) == "3C" and out["awards"]["low"] == 1
    # trick 2: seat 0 trumps the spade lead holding spades (7♠, Q♠ led later)
    assert tricks[1] == (1, ["9S", "3S", "7D", "TC"], 0)
    assert {"QS", "7S"} <= {state.token(c) for c in range(52) if state.dealt[0] >> c & 1}
    assert tricks[2][1][0] == "7S" and tricks[4][1][0] == "QS"
    assert "seat 0 trumps with 10♣ — though it\n   still held spades" in text
    # trick 6: K♣, the highest club dealt (no A♣), catches J♣ from the pitcher
    assert tricks[5] == (1, ["KC", "JC", "QD", "QC"], 1)
    assert "AC" not in {state.token(c) for h in state.dealt for c in range(52) if h >> c & 1}
    assert out["awards"] == {"high": 1, "low": 1, "jack": 1, "game": 0}
    assert out["game_points"] == [16, 12, 0, 0] and "16 game points" in text
    assert out["score_change"] == [1, 3, -2, 0] and out["made"] is False
    assert "+3" in text and "+1" in text and "**−2**" in text


# --- the replay ---------------------------------------------------------------------------------
def never_dealt(state: PitchState) -> set[str]:
    dealt = 0
    for h in state.dealt:
        dealt |= h
    return {c.text for i, c in enumerate(DECK_52.cards) if not dealt >> i & 1}


@pytest.mark.usefixtures("clean_widgets")
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_the_replay_tells_each_seat_only_what_it_may_know(seat: int) -> None:
    """From every seat: no step's widget state names a card hidden from that seat (another
    hand's unplayed card, a card never dealt); the steps run deal, auction, tricks 1..6,
    result, each citing exactly the rules its words cite."""
    from tutor.widgets import DealReplay

    rec = record()
    final = state_of(rec)
    assert isinstance(final, PitchState)
    widget = DealReplay(rec, seat=seat)
    titles = [s.title for s in widget.steps]
    assert titles == ["The deal", "The auction", *(f"Trick {k}" for k in range(1, 7)),
                      "The result"]
    undealt = never_dealt(final)
    for i, step in enumerate(widget.steps):
        widget.go(i)
        held = plain(state_text(subtree(widget.box)))
        hidden = {c.text for c in widget.hidden_cards()}
        assert undealt <= hidden
        assert not mentions(held, hidden), (step.title, mentions(held, hidden))
        assert set(step.rules) == set(RULE_ID.findall(" ".join(step.words)))
    result = " ".join(widget.steps[-1].words)
    assert "set back by the bid: −2 (PI-11)" in result
    assert "the jack of trumps" not in result  # J♣ was dealt: it is named


def test_any_hand_replays_and_hides_what_it_must() -> None:
    """Seeded hands at 3 to 7 players under every option that changes the play: every step's
    state is the engine's, the last is the result, and no step's words name a card hidden from
    the viewing seat there."""
    from tutor.widgets.replay import build_steps

    rng = random.Random(5)
    for k in range(24):
        options = {"players": 3 + k % 5, "strict_follow": k % 3 == 0,
                   "low_point": "dealt_holder" if k % 4 == 1 else "captured",
                   "all_pass": "eldest_pitches_free" if k % 5 == 2 else "dealer_forced_2"}
        game = AuctionPitch(options)
        s = game.new_deal(rng, rng.randrange(game.players))
        if k % 5 == 2:
            for _ in range(game.players):
                s.apply(parse_call("pass"))
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()) if rng.random() < 0.4 else rule_action(s))
        rec = s.record()
        for seat in range(game.players):
            steps = build_steps(rec, seat)
            assert steps[0].title == "The deal" and steps[-1].result
            assert steps[-1].state.key() == s.key()
            for step in steps:
                shown = {c.text for _, c in step.played} | {
                    c.text for _, cs in step.shown for c in cs}
                seen = {c.text for c in step.state.view(seat).visible_cards()} | shown
                hidden = {c.text for c in DECK_52.cards} - seen
                assert not mentions(" ".join(step.words), hidden), (step.title, step.words)


# --- quizzes ------------------------------------------------------------------------------------
PI_KINDS = list(kinds(GAME))
SEEDS = range(80)


@cache
def questions(kind: str) -> tuple[Question, ...]:
    return tuple(generate(kind, seed, GAME) for seed in SEEDS)


def _rank(text: str) -> int:
    return RANKS.index(text[0])


def _legal_calls(c: dict[str, Any], calls: list[tuple[int, str]], seat: int) -> set[str]:
    """PI-4b from the rule file, for ``seat`` after ``calls``."""
    h = max((int(t) for _, t in calls if t != "pass"), default=0)
    m = c["min_bid"]
    if seat != c["dealer"]:
        return {"pass", *(str(k) for k in range(max(m, h + 1), 5))}
    if h == 0:
        if c["all_pass"] == "dealer_forced_2":
            return {"2", "3", "4"}
        return {"pass", *(str(k) for k in range(m, 5))}
    steal = {"below_4": h <= 3, "including_4": h <= 4, "none": False}[c["dealer_steal"]]
    return {"pass", *({str(h)} if steal else set()), *(str(k) for k in range(h + 1, 5))}


def _awards(c: dict[str, Any]) -> dict[str, str]:
    """PI-10 from the rule file, from every trick of a finished hand."""
    n, trump = c["players"], c["trump"]
    won: dict[str, int] = {}
    by: dict[str, int] = {}
    for t in c["tricks"]:
        for k, card in enumerate(t["cards"]):
            won[card] = t["winner"]
            by[card] = (t["leader"] + k) % n
    trumps = sorted((x for x in won if x[1] == trump), key=_rank)
    high = won[trumps[0]]
    low = by[trumps[-1]] if c["low_point"] == "dealt_holder" else won[trumps[-1]]
    jack = won.get("J" + trump)
    points = [0] * n
    for card, w in won.items():
        points[w] += points_of([card])
    best = max(points)
    game = points.index(best) if points.count(best) == 1 else None
    return {k: "nobody" if v is None else str(v)
            for k, v in (("high", high), ("low", low), ("jack", jack), ("game", game))}


def _score(awards: dict[str, int | None], seat: int, pitcher: int | None, bid: int | None
           ) -> int:
    """PI-11 (and PI-6) from the rule file."""
    won = sum(1 for v in awards.values() if v == seat)
    if seat != pitcher or bid is None:
        return won
    return won if won >= bid else -bid


def _match(c: dict[str, Any]) -> str:
    """PI-12 from the rule file."""
    n, target, p = c["players"], c["target"], c["pitcher"]
    change = [_score(c["awards"], s, p, c["bid"]) for s in range(n)]
    assert change == c["score_change"]
    after = [b + d for b, d in zip(c["before"], change, strict=True)]
    if c["smudge_wins_game"]:
        seats = set(c["awards"].values())
        if len(seats) == 1 and None not in seats:
            return str(seats.pop())
    if p is not None and after[p] >= target:
        return str(p)
    if c["win_check"] == "pitcher_hand":
        return "nobody"
    running = list(c["before"])
    if p is not None:
        running[p] = after[p]
    for point in ("high", "low", "jack", "game"):
        s = c["awards"][point]
        if s is None or s == p:
            continue
        running[s] += 1
        if running[s] >= target:
            return str(s)
    return "nobody"


@cache
def bank_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(bid_bank.BANK_PATH.read_text(encoding="utf-8"))
    return data


def _clear(means: dict[str, list[float]]) -> str | None:
    """The bank's criterion by this file's own arithmetic: the best mean, ahead of every other
    call by 0.25 points plus two standard errors of the batch differences."""
    overall = {c: sum(v) / len(v) for c, v in means.items()}
    best = max(overall, key=lambda k: overall[k])
    for call, values in means.items():
        if call == best:
            continue
        d = [a - b for a, b in zip(means[best], values, strict=True)]
        mean = sum(d) / len(d)
        var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
        if mean - 2 * math.sqrt(var / len(d)) < 0.25:
            return None
    return best


def _recomputed(q: Question) -> set[str]:
    """The answer from the rule file and the question's public exhibit alone."""
    c = q.context
    if q.kind == "deal":
        if c["variant"] == "undealt":
            return {str(52 - 6 * c["players"])}  # PI-1, PI-3
        if c["variant"] == "eldest":
            return {str((c["dealer"] + 1) % c["players"])}  # PI-3
        trumps = sorted((x.text for x in q.cards if x.text[1] == c["trump"]), key=_rank)
        assert trumps[0] == c["top"]
        return {"yes" if trumps[0][0] == "A" else "no"}  # only the ace is sure (PI-1, PI-10)
    if q.kind == "calls":
        if c["variant"] == "legal":
            return _legal_calls(c, list(q.calls), c["seat"])
        bids = [(s, t) for s, t in q.calls if t != "pass"]
        return {str(bids[-1][0]) if bids else "nobody"}  # PI-5, PI-6
    if q.kind == "legal-plays":
        hand = [x.text for x in q.cards]
        if not q.trick:
            return set(hand)  # PI-7, PI-9
        led = q.trick[0][1].text[1]
        same = [x for x in hand if x[1] == led]
        if not same:
            return set(hand)
        if led == c["trump"] or c["strict_follow"]:
            return set(same)
        return set(same) | {x for x in hand if x[1] == c["trump"]}  # PI-8
    if q.kind == "points":
        return {_awards(c)[c["variant"]]}
    if q.kind == "hand-score":
        return {str(_score(c["awards"], c["seat"], c["pitcher"], c["bid"]))}
    if q.kind == "match":
        return {_match(c)}
    entry = bank_data()["entries"][c["entry"]]
    assert entry["seat"] == c["seat"]
    return {_clear(entry["means"]) or "unclear"}


@pytest.mark.parametrize("kind", PI_KINDS)
def test_every_kind_is_graded_right_and_wrong_over_many_seeds(kind: str) -> None:
    variety: Counter[str] = Counter()
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
        assert all(RULE_ID.fullmatch(r) for r in key.rules), key.rules
        public = json.dumps(q.public(), ensure_ascii=False)
        assert key.explanation not in public
        assert difficulty(q) in (1, 2)
        c = q.context
        variety[str(c.get("variant") or c.get("situation") or c.get("case") or c.get("seat"))
                + "/" + str(sorted(key.answer)[0])] += 1
    assert len(variety) >= 3, variety


@pytest.mark.parametrize("kind", PI_KINDS)
def test_a_wrong_pick_gets_the_games_own_hint_never_the_answer(kind: str) -> None:
    for q in questions(kind)[:30]:
        key = q.key()
        right = [q.label_of(v) for v in key.answer]
        for v in q.values:
            if v in key.answer and not q.multi:
                continue
            pick = sorted(set(key.answer) ^ {v}) if q.multi else [v]
            hint = likely_mistake(q, pick)
            assert hint and hint != NUDGE.format(rules=", ".join(key.rules)), (q.id, pick)
            assert RULE_ID.search(hint) and "SBS" not in hint, hint
            if not q.multi:
                assert not any(len(r) > 3 and r in hint for r in right), (q.id, hint)


def test_the_questions_meet_every_case_they_teach() -> None:
    seen = {k: Counter(str(q.context.get("variant") or q.context.get("situation")
                           or q.context.get("case")) for q in questions(k))
            for k in ("deal", "calls", "legal-plays", "points", "match")}
    assert set(seen["deal"]) == {"undealt", "eldest", "high-sure"}
    assert set(seen["calls"]) == {"legal", "pitcher"}
    assert {"follow-or-trump", "trump-led", "strict", "any"} <= set(seen["legal-plays"])
    assert set(seen["points"]) == {"high", "low", "jack", "game"}
    assert {"pitcher-made", "pitcher-set-back", "hljg", "smudge"} <= set(seen["match"])
    answers = {k: Counter(sorted(q.key().answer)[0] for q in questions(k))
               for k in ("points", "hand-score", "match", "bid")}
    assert answers["points"]["nobody"] >= 5  # a jack never dealt, a tie for Game
    assert any(int(a) < 0 for a in answers["hand-score"])  # a setback
    assert answers["match"]["nobody"] >= 5 and len(answers["match"]) >= 3
    assert answers["bid"]["pass"] >= 5 and sum(answers["bid"].values()) - answers["bid"][
        "pass"] >= 5
    labels = [c.label for q in questions("hand-score") for c in q.choices]
    assert any(lab.startswith("−") for lab in labels) and not any("-" in lab for lab in labels)


def test_levels_first_steps_and_harder() -> None:
    for kind in ("deal", "calls", "legal-plays", "points", "hand-score"):
        assert {difficulty(q) for q in questions(kind)} == {1, 2}, kind
    assert game_quiz(GAME).level(questions("match")[0]) == 2


@pytest.mark.usefixtures("clean_widgets")
def test_the_quiz_widget_asks_auction_pitch_and_holds_no_answer_before_it_is_given() -> None:
    from tutor.widgets import Learner, QuizWidget

    for seed in range(3):
        quiz = QuizWidget(PI_KINDS, game=GAME, learner=Learner("ada", seed=seed))
        for _ in range(len(PI_KINDS)):
            q = quiz.question
            assert q is not None and q.game == GAME and GAME_NAME in quiz.heading.value
            held = plain(state_text(subtree(quiz.box)))
            secrets = quiz.secrets()
            assert secrets and all(s not in held for s in secrets)
            fb = quiz.answer(answer_of(q))
            assert fb is not None and fb.correct
            assert q.key().explanation in plain(state_text(subtree(quiz.box)))
            quiz.new_question()


# --- the bid bank -------------------------------------------------------------------------------
def test_the_bank_is_a_mix_and_every_entry_checks() -> None:
    bank = bid_bank.load_bank()
    assert len(bank) >= 60
    answers = Counter(e["answer"] for e in bank.entries)
    assert answers["pass"] <= len(bank) // 2 and len(answers) >= 3
    assert len({len(e["record"]["hands"]) for e in bank.entries}) >= 4  # table sizes
    for i, entry in enumerate(bank.entries):
        state, means, answer = bid_bank.checked_entry(entry, f"entry {i}")
        assert _clear(means) == answer and set(means) == {
            call_token(a) for a in state.legal_calls()}
        assert entry["batches"] == bid_bank.BATCHES and entry["worlds"] == bid_bank.WORLDS
    assert bank.build["seed"] == 1 and bank.build["count"] == len(bank)


@pytest.mark.parametrize("index", [0, 1])
def test_a_banked_entry_is_the_sampling_it_claims(index: int) -> None:
    """The stored means are what :func:`bid_values` gives for the entry's view and seeds."""
    entry = bid_bank.load_bank().entries[index]
    state = bid_bank.entry_position(entry, "entry")
    view = state.view(entry["seat"])
    for b in range(entry["batches"]):
        values = bid_values(view, entry["worlds"], random.Random(
            f"pitch-bid:{entry['seed']}:{b}"))
        for action, (mean, _) in values.items():
            assert entry["means"][call_token(action)][b] == mean
    assert statistics.fmean(entry["means"][entry["answer"]]) == max(
        statistics.fmean(v) for v in entry["means"].values())


def test_a_bank_whose_answer_was_edited_is_refused(tmp_path: Any) -> None:
    data = json.loads(json.dumps(bank_data()))
    entry = data["entries"][0]
    wrong = next(c for c in entry["means"] if c != entry["answer"])
    entry["answer"] = wrong
    path = tmp_path / "bank.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    edited = bid_bank.load_bank(path)
    with pytest.raises(QuizError) as e:
        bid_bank.checked_entry(edited.entries[0], "entry 0")
    assert e.value.rule == "QUIZ-6"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(QuizError):
        bid_bank.load_bank(path)
