"""Sixty-Six's lessons (40 to 44), its replay and its quizzes.

- The notebooks are what ``notebooks/make_sixty_six_lessons.py`` writes, name the game, define
  their terms before using them and cite rule ids in one "Rules:" line per section.
- Every worked number of the lessons (the points, the marriage and strict-rule examples, the
  counting example, SS-13b's table, the worked deal's story) is worked out again by the engine.
- The worked deal replays from its record; from either seat no replay step names a card that
  seat may not see, the opponent's draw or the opponent's total before the end, and the seat's
  own total after each trick is the engine's.
- "Close now?" comes from a bank found offline: every entry's answer is judged again here from
  its stored game points per world (the engine's ``pimc.expected_points``, rerun for the
  cheapest), its position is rebuilt from the bank's seed, a hand-edited bank is refused, and no
  question or widget names a card hidden from the asking seat.
- Every quiz kind, over many seeds: the answer agrees with one recomputed here from the rule file
  and the question's public exhibit alone, the right answer is graded right and every other
  wrong, the claim question never shows a total, and no answer sits in the question's public
  form or in a quiz widget's traits before it is answered.

(``tests/test_notebooks.py`` executes these lessons with the others and checks their rule ids and
links; ``tests/test_browser_sixty_six.py`` opens one in a browser.)
"""

from __future__ import annotations

import json
import math
import random
import re
import statistics
from collections import Counter
from functools import cache
from pathlib import Path
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
from tutor.cards import DECK_24, Card
from tutor.engine.record import state_of
from tutor.games import spec
from tutor.games.sixty_six.pimc import CLOSE_MARGIN, expected_points
from tutor.games.sixty_six.quiz import (
    BANK_COUNT,
    BANK_SEED,
    CLOSE_BANK,
    MARGIN,
    WORLDS,
    BankEntry,
    build_close_bank,
    claim_stakes,
    close_candidate,
    close_spot,
    deal,
    load_close_bank,
    plain_play,
    play_on,
    world_points,
)
from tutor.games.sixty_six.rules import (
    CARD,
    CARD_INDEX,
    CARD_TEXT,
    CLAIM,
    CLOSE,
    DRAW,
    SixtySix,
    SixtySixState,
)
from tutor.games.sixty_six.sampling import seen_by
from tutor.quiz import Question, generate, grade, kinds
from tutor.widgets.common import state_text, subtree

SOURCE = lesson_source("make_sixty_six_lessons")
NAMES = list(SOURCE.LESSON_CELLS)
GAME = "sixty-six"
GAME_NAME = spec(GAME).name  # "Sixty-Six"
RULE_ID = re.compile(r"\b(?:SS-\d+[ab]?)\b")
WORKED = SOURCE.WORKED_DEAL
#: SS-1, as the rule file states it (not the engine's table): the card points by rank.
RANK_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / WORKED).read_text(encoding="utf-8"))
    return data


def points_of(texts: list[str]) -> int:
    return sum(RANK_POINTS[t[0]] for t in texts)


def answer_of(q: Question) -> str | list[str]:
    ans = q.key().answer
    return sorted(ans) if q.multi else next(iter(ans))


# --- the notebooks and their source --------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_lesson_is_what_its_source_writes(name: str) -> None:
    committed = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
    assert committed == SOURCE.render(name), \
        f"{name}.ipynb differs: run `python notebooks/make_sixty_six_lessons.py`"
    nb = nbformat.reads(committed, as_version=4)
    assert "widgets" not in nb.metadata and nb.metadata["title"].startswith(GAME_NAME)
    for c in nb.cells:
        if c.cell_type == "code":  # thin notebooks: a line or three of code per cell
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
    """Lesson 40 defines the words all five lessons use: each one's first appearance is its
    definition, in bold."""
    text = markdown("40-sixty-six").split("\n", 1)[1]  # after the page title
    for term in ("dealer", "non-dealer", "trick", "turn-up", "trump", "stock", "draw",
                 "marriage", "total", "claim", "close", "game points"):
        first = re.search(rf"(?<![\w-]){term}(?![\w-])", text)
        assert first is not None, term
        assert text[first.start() - 2:first.end() + 2] == f"**{term}**", (
            term, text[max(first.start() - 60, 0):first.end() + 10])


def test_the_lessons_are_on_the_map_and_chained() -> None:
    welcome = markdown("00-welcome")
    assert f"### {GAME_NAME}" in welcome and "SS-1" in welcome
    for name in NAMES:
        assert f"({name}.ipynb)" in welcome and f"{name}.ipynb" in LESSONS
    links = [re.findall(r"Next: [^]]*\]\(([^)]+)\.ipynb\)", markdown(n)) for n in NAMES]
    # 40 → 41 → 42 → 43 → 44 → 14 (the table, where Sixty-Six is picked in the Game list)
    assert links == [[NAMES[1]], [NAMES[2]], [NAMES[3]], [NAMES[4]], ["14-play-against-the-engine"]]


def test_the_quizzes_ask_sixty_six_and_every_kind_is_asked() -> None:
    asked: set[str] = set()
    for name in NAMES:
        for args, kw in widget_calls(name, "QuizWidget"):
            assert kw["game"] == GAME, name
            asked |= set(args[0])
    assert asked == set(kinds(GAME))


# --- the worked numbers --------------------------------------------------------------------------
def test_the_points_and_the_examples_are_the_engines() -> None:
    """SS-1's table; the marriage of lesson 41 (K♥ and Q♥ at the first lead, won over 9♥:
    4 + 20); the strict rules of lesson 42 (K♠ led, 9♠ and A♥ held, ♥ trump: only 9♠); the
    count of lesson 43 (57)."""
    assert {DECK_24.points(c) for c in DECK_24.cards if c.rank.letter == "A"} == {11}
    assert [DECK_24.rank_points(r) for r in DECK_24.ranks] == [11, 10, 4, 3, 2, 0]
    assert DECK_24.total_points == 120
    pack = markdown("40-sixty-six")
    assert "| points | 11 | 10 | 4 | 3 | 2 | 0 |" in pack and "**120** in the pack" in pack

    # lesson 41's marriage is the worked deal's first trick
    walk = SixtySix().from_record_deal(record())
    walk.apply(game_action(walk, "marriage:KH"))
    assert walk.total(0) == 0 and walk.marriages[0].points == 20 and walk.trump == 3
    walk.apply(game_action(walk, "9H"))
    assert walk.tricks[0].winner == 0 and walk.total(0) == 4 + 20
    assert "your total is 4 for the cards plus 20" in markdown("41-sixty-six-marriages")

    # lesson 42's strict rules (the rule file's check): ♥ trump, the stock closed, K♠ led,
    # the follower holds 9♠ and A♥ — only 9♠
    def cards(texts: str) -> list[Card]:
        return [Card.parse(t) for t in texts.split()]

    strict = SixtySix().deal(1, [cards("KS QS JS 9C TC AD"), cards("9S AH KH JH 9D TD")],
                             Card.parse("9H"), cards("AS TS AC KC QC JC QH TH KD QD JD"))
    strict.apply(game_action(strict, "close"))  # the non-dealer closes at the first lead
    strict.apply(game_action(strict, "KS"))
    assert [a - CARD for a in strict.legal_actions()] == [CARD_INDEX[Card.parse("9S")]]
    assert "You must play 9♠" in markdown("42-sixty-six-closing")

    count = markdown("43-sixty-six-scoring")
    tricks = [["AS", "TS"], ["KH", "9H"], ["TC", "JC"]]
    assert [points_of(t) for t in tricks] == [21, 4, 12]
    assert sum(points_of(t) for t in tricks) + 20 == 57
    assert "21 + 4 + 12 = 37 in cards, and 20 for the marriage: **57**" in count


def game_action(state: SixtySixState, token: str) -> int:
    from tutor.games.sixty_six.rules import parse_play

    return parse_play(token)


def _claims(n: int = 4000) -> list[tuple[bool, int, int, int, int]]:
    """Claims made from random positions of seeded deals: (right, the claimant's total, the
    opponent's total, the opponent's tricks, the game points the engine gives and to whom:
    +p to the claimant, -p to the opponent) — in deals nobody closed."""
    out = []
    rng = random.Random(66)
    for _ in range(n):
        s = deal(rng)
        before = play_on(s, rng, claim_at=200, close=0.0)
        pos = rng.choice([p for p in before if CLAIM in p.legal_actions()])
        who = pos.to_move
        assert who is not None
        mine, theirs = pos.total(who), pos.total(1 - who)
        tricks = pos.won_tricks[1 - who]
        pos.apply(CLAIM)
        assert pos.points is not None
        signed = pos.points[who] or -pos.points[1 - who]
        out.append((mine >= 66, mine, theirs, tricks, signed))
    return out


def test_the_claim_table_is_the_engines() -> None:
    """SS-13b, lesson 43's table: each case's category and game points as the engine scores
    them, the boundary at 33 among them."""
    claims = _claims()
    assert any(r and t == 33 for r, _, t, _, _ in claims)
    assert any(r and t == 32 and k for r, _, t, k, _ in claims)
    for right, _, theirs, tricks, signed in claims:
        want = (1 if theirs >= 33 else 2 if tricks else 3) if right else -(2 if tricks else 3)
        assert signed == want, (right, theirs, tricks, signed)
    text = markdown("43-sixty-six-scoring")
    for case in SOURCE.SCORING_CASES:
        right, mine, theirs, trick, who, points = case
        assert right == (mine >= 66)
        if right:
            assert (who, points) == ("you", 1 if theirs >= 33 else 2 if trick else 3)
        else:
            assert (who, points) == ("your opponent", 2 if trick else 3)
        assert SOURCE.scoring_row(*case) in text
    assert SOURCE.close_table() in text


def test_the_worked_deal_is_what_the_lesson_says() -> None:
    """Lesson 44's story, fact by fact, from the engine."""
    rec = record()
    assert widget_calls("44-sixty-six-worked-deal", "DealReplay") == [
        ([WORKED], {"seat": SOURCE.WORKED_SEAT})]
    out = tutor.replay(rec)
    assert out["phase"] == "done" and rec["game"] == GAME
    state = state_of(rec)
    assert isinstance(state, SixtySixState)
    text = markdown("44-sixty-six-worked-deal")
    me, other = SOURCE.WORKED_SEAT, 1 - SOURCE.WORKED_SEAT
    assert state.dealer == me and rec["turnup"] == "JD" and out["trump"] == "D"
    assert "You deal; J♦ is turned up, so ♦ is trump. Your opponent, seat 0, leads." in text
    play = rec["play"]
    assert play[:3] == ["marriage:KH", "9H", "draw"] and state.tricks[0].winner == other
    assert "Seat 0 leads K♥ and shows Q♥: 20" in text
    winners = [t.winner for t in state.tricks]
    assert winners[1:4] == [other, other, me] and "Seat 0 wins tricks 2 and 3" in text
    assert points_of([rec["play"][9], rec["play"][10]]) == 12 and "your 10♠ beats J♠: 12" in text
    # the exchange, then the ♣ marriage, before trick 5
    assert play[12:14] == ["exchange", "marriage:KC"] and state.exchanged is not None
    assert state.exchanged == (me, CARD_INDEX[Card.parse("JD")])
    walk = state.game.from_record_deal(rec)
    totals = []
    for token in play:
        if token == "close":
            assert walk.step == "draw" and walk.to_move == me
            hand = {c.text for c in walk.view(me).hand}
            assert {"AD", "KD", "JD"} <= hand and walk.stock_left == 1 and walk.turnup >= 0
            closing_total = walk.total(me)
        before = len(walk.tricks)
        walk.apply(game_action(walk, token))
        if len(walk.tricks) > before:
            totals.append(walk.total(me))
    assert totals[4:6] == [39, 42] and closing_total == 42
    assert "you have 39" in text and "42 in all" in text
    assert state.closed_by == me and state.closed_at == 6
    assert state.hands[me].bit_count() == state.hands[other].bit_count() == 2
    assert totals[6:9] == [56, 56, 69] and "(56)" in text and "**69**" in text
    assert state.tricks[7].winner == other and "its 10♦\n   wins 14" in text
    assert state.ending == "SS-14a" and state.claim == (me, True)
    assert state.totals() == [46, 69] and state.points == (0, 1)
    assert "Seat 0 has 46 — 33\n   or more — so you score **1** game point" in text


# --- the replay ----------------------------------------------------------------------------------
@pytest.mark.usefixtures("clean_widgets")
@pytest.mark.parametrize("seat", [0, 1])
def test_the_replay_tells_each_seat_only_what_it_may_know(seat: int) -> None:
    """From either seat: no step shows a card hidden from that seat; the opponent's drawn cards
    are never named while hidden; each trick's "Your total now" is the engine's; the opponent's
    total first appears at the result; the steps run deal, tricks 1..9, result."""
    from tutor.widgets import DealReplay

    rec = record()
    final = state_of(rec)
    assert isinstance(final, SixtySixState)
    widget = DealReplay(rec, seat=seat)
    titles = [s.title for s in widget.steps]
    assert titles == ["The deal", *(f"Trick {k}" for k in range(1, 10)), "The result"]
    walk = final.game.from_record_deal(rec)
    history = final.history()
    done = 0
    for i, step in enumerate(widget.steps):
        widget.go(i)
        held = plain(state_text(subtree(widget.box)))
        hidden = {c.text for c in widget.hidden_cards()}
        assert not mentions(held, hidden), (step.title, mentions(held, hidden))
        assert set(step.rules) == set(RULE_ID.findall(" ".join(step.words)))
        opponent_draws = set()  # the cards the opponent drew in this step, never seen by seat
        while done < len(step.state.history()):
            if history[done] == DRAW and walk.drawn + 1 < 11:
                mine = walk.to_move == seat  # the winner draws first, then the loser
                opponent_draws.add(walk.stock[walk.drawn + 1 if mine else walk.drawn])
            walk.apply(history[done])
            done += 1
        assert walk.key() == step.state.key()
        words = " ".join(step.words)
        unseen = {CARD_TEXT[c] for c in opponent_draws}
        assert not mentions(words, unseen), (step.title, unseen)
        totals = re.findall(r"total[^.]{0,12}?(\d+)", words)
        if step.played:
            said = re.search(r"Your total now: (\d+)", words)
            assert said and int(said.group(1)) == walk.total(seat), step.title
            assert totals == [said.group(1)], (step.title, totals)  # never the opponent's
        elif not step.result:
            assert totals == [], step.title
    assert widget.steps[-1].result and "right" in widget.steps[-1].words[0]
    assert re.search(r"seat 0 46, seat 1 69", " ".join(widget.steps[-1].words))


def test_any_deal_replays_and_hides_what_it_must() -> None:
    """Seeded deals of every ending: every step's state is the engine's, the last is the result,
    and no step names a card hidden from the viewing seat."""
    from tutor.widgets.replay import build_steps

    rng = random.Random(4)
    endings = Counter()
    for _ in range(40):
        s = deal(rng)
        play_on(s, rng, close=0.15, wrong_claim=0.2)
        rec = s.record()
        endings[s.ending] += 1
        for seat in (0, 1):
            steps = build_steps(rec, seat)
            assert steps[0].title == "The deal" and steps[-1].result
            assert steps[-1].state.key() == s.key()
            for step in steps:
                shown = {c.text for _, c in step.played} | {
                    c.text for _, cs in step.shown for c in cs}
                seen = {c.text for c in step.state.view(seat).visible_cards()} | shown
                hidden = {c.text for c in DECK_24.cards} - seen
                assert not mentions(" ".join(step.words), hidden), (step.title, step.words)
    assert len(endings) >= 4, endings


# --- quizzes -------------------------------------------------------------------------------------
SS_KINDS = list(kinds(GAME))
SEEDS = range(100)


@cache
def questions(kind: str) -> tuple[Question, ...]:
    return tuple(generate(kind, seed, GAME) for seed in SEEDS)


def _table(opponent_total: int, opponent_tricks: int) -> int:
    """SS-13b's table, from the rule file."""
    return 1 if opponent_total >= 33 else 2 if opponent_tricks else 3


def _recomputed(q: Question) -> set[str]:
    """The answer from the rule file and the question's public exhibit alone."""
    c = q.context
    if q.kind == "points":  # SS-1
        return {str(points_of([x.text for x in q.cards]))}
    if q.kind == "legal-plays":
        hand = list(q.cards)
        if c["step"] == "lead" or c["stock"] == "open":  # SS-6, SS-7: any card
            return {x.text for x in hand}
        led = q.trick[0][1]  # SS-11: follow and head, else trump, else any
        rank = {r: i for i, r in enumerate("ATKQJ9")}  # SS-1: A 10 K Q J 9
        same = [x for x in hand if x.suit is led.suit]
        higher = [x for x in same if rank[x.rank.letter] < rank[led.rank.letter]]
        trumps = [x for x in hand if x.suit.letter == c["trump"]]
        return {x.text for x in (higher or same or trumps or hand)}
    if q.kind == "marriage":  # SS-9: 20, 40 in trumps, once the declarer has won a trick
        who = c["declarer"]
        if not c["tricks_won"][who]:
            return {"0"}
        return {str(sum(40 if m["suit"] == c["trump"] else 20 for m in c["marriages"]
                        if m["seat"] == who))}
    if q.kind == "close":  # the engine's game points per world, from the bank, judged here
        entry = close_entry(q.seed)
        assert [x.text for x in q.cards] == [x.text for x in entry.state().view(
            entry.seat).hand]
        answer = judged(entry)
        assert answer is not None, q.id
        return {answer}
    if q.kind == "claim":  # SS-13: the cards of the tricks won and the marriages
        cards = sum(points_of(t) for t in c["won"])
        wed = sum(40 if m["suit"] == c["trump"] else 20 for m in c["marriages"])
        return {"yes" if cards + wed >= 66 else "no"}
    # game points: SS-13b, SS-14 (a)..(e), SS-15 with no_claim: last_trick_wins
    totals, tricks = c["totals"], c["tricks_won"]
    closer, claimant = c["closed_by"], c["claim"]
    if closer is None:
        if claimant is not None:
            other = 1 - claimant
            if totals[claimant] >= 66:
                return {f"{claimant}:{_table(totals[other], tricks[other])}"}
            return {f"{other}:{2 if tricks[other] else 3}"}
        last = c["last_trick"]
        return {f"{last}:{_table(totals[1 - last], tricks[1 - last])}"}
    opp = 1 - closer
    at_close = 2 if c["opponent_tricks_at_close"] else 3
    if claimant == closer or claimant is None:
        if totals[closer] >= 66:  # (a), or (e) as (a)
            return {f"{closer}:{_table(totals[opp], tricks[opp])}"}
        return {f"{opp}:{at_close}"}  # (b), or (e) as (b)
    if totals[opp] >= 66:  # (c)
        return {f"{opp}:{at_close}"}
    return {f"{closer}:{2 if tricks[closer] else 3}"}  # (d)


def close_entry(seed: int) -> BankEntry:
    """The bank entry the close question of ``seed`` asks: the question's rng (seeded as every
    question of Sixty-Six is, ``sixty-six/close:SEED``) draws it from the bank."""
    bank = load_close_bank()
    return bank[random.Random(f"{GAME}/close:{seed}").randrange(len(bank))]


@pytest.mark.parametrize("kind", SS_KINDS)
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
        c = q.context
        variety[str(c.get("variant") or c.get("stock") or c.get("closed_by") is not None)
                + "/" + str(sorted(key.answer)[0])] += 1
    assert len(variety) >= (2 if kind == "close" else 3), variety


def test_legal_plays_ask_both_phases_and_every_strict_rule() -> None:
    seen = Counter()
    for q in questions("legal-plays"):
        c = q.context
        if c["step"] == "lead":
            seen["lead"] += 1
        elif c["stock"] == "open":
            seen["open"] += 1
            assert q.key().rules == ("SS-7",)
        else:
            seen["strict"] += 1
            assert q.key().rules == ("SS-11",) and "strict rules apply" in q.key().explanation
    assert seen["open"] >= 15 and seen["strict"] >= 30 and seen["lead"] >= 3, seen


def test_the_claim_question_never_shows_a_total() -> None:
    """SS-17: the question shows the tricks won and the marriages declared — never a total:
    no number in the exhibit is the answer's total, and the yes/no split is even enough."""
    answers = Counter()
    for q in questions("claim"):
        c = q.context
        total = sum(points_of(t) for t in c["won"]) + sum(
            40 if m["suit"] == c["trump"] else 20 for m in c["marriages"])
        shown = " ".join([q.prompt, *(f"{k} {v}" for k, v in q.facts), json.dumps(c)])
        assert not re.search(rf"(?<!\d){total}(?!\d)", shown.replace("66", "")), q.id
        assert "total" not in c and "totals" not in c
        assert f"Total {total}" in q.key().explanation  # the count is the explanation
        answers[next(iter(q.key().answer))] += 1
    assert answers["yes"] >= 35 and answers["no"] >= 35, answers


def test_the_claims_stakes_are_what_the_engine_scores() -> None:
    """The claim question's explanation says what a claim scores in the position's case (SS-13b,
    SS-14 (a)..(d)); where it names a number, the engine's claim scores exactly that."""
    rng = random.Random(9)
    cases = Counter()
    for _ in range(300):
        s = deal(rng)
        for pos in play_on(s, rng, claim_at=200, close=0.2)[::3]:
            if CLAIM not in pos.legal_actions():
                continue
            seat = pos.to_move
            assert seat is not None
            right = pos.total(seat) >= 66
            words = claim_stakes(pos, seat, right)
            trial = pos.copy()
            trial.apply(CLAIM)
            assert trial.points is not None and trial.ending is not None
            cases[trial.ending] += 1
            assert (trial.ending.removeprefix("SS-14") in words
                    if trial.ending.startswith("SS-14") else "(SS-13b)" in words), words
            named = re.search(r"scores (\d)|you score (\d)(?!, 2 or 3)", words)
            if named:
                assert max(trial.points) == int(named.group(1) or named.group(2)), words
    assert set(cases) == {"SS-13b", "SS-14a", "SS-14b", "SS-14c", "SS-14d"}, cases


def test_marriage_questions_ask_pending_and_counting_marriages() -> None:
    seen = Counter()
    for q in questions("marriage"):
        c = q.context
        pending = not c["tricks_won"][c["declarer"]]
        trumps = any(m["suit"] == c["trump"] for m in c["marriages"]
                     if m["seat"] == c["declarer"])
        seen[("pending" if pending else "counting", trumps)] += 1
    assert len(seen) == 4, seen


def test_game_points_questions_meet_every_ending() -> None:
    endings = Counter()
    for q in questions("game-points"):
        c = q.context
        closer, claimant = c["closed_by"], c["claim"]
        if closer is None:
            endings["SS-13b" if claimant is not None else "SS-15"] += 1
        elif claimant is None:
            endings["SS-14e"] += 1
        else:
            right = c["totals"][claimant] >= 66
            endings["SS-14" + {(True, True): "a", (True, False): "b", (False, True): "c",
                               (False, False): "d"}[(claimant == closer, right)]] += 1
    assert set(endings) == {"SS-13b", "SS-14a", "SS-14b", "SS-14c", "SS-14d", "SS-14e",
                            "SS-15"}, endings


@pytest.mark.usefixtures("clean_widgets")
def test_the_quiz_widget_asks_sixty_six_and_holds_no_answer_before_it_is_given() -> None:
    from tutor.widgets import Learner, QuizWidget

    for seed in range(4):
        quiz = QuizWidget(SS_KINDS, game=GAME, learner=Learner("ada", seed=seed))
        for _ in range(len(SS_KINDS)):
            q = quiz.question
            assert q is not None and q.game == GAME and GAME_NAME in quiz.heading.value
            held = plain(state_text(subtree(quiz.box)))
            secrets = quiz.secrets()
            assert secrets and all(s not in held for s in secrets)
            fb = quiz.answer(answer_of(q))
            assert fb is not None and fb.correct
            assert q.key().explanation in plain(state_text(subtree(quiz.box)))
            quiz.new_question()


# --- close now? ----------------------------------------------------------------------------------
BANK = load_close_bank()


def _pair(points: tuple[Any, ...], a: int, b: int) -> tuple[float, float]:
    """``a`` less ``b`` over the worlds: the mean and its standard error (paired), worked out
    here."""
    d = [p[a] - p[b] for p in points]
    mean = sum(d) / len(d)
    return mean, math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))


def judged(entry: BankEntry) -> str | None:
    """The answer the quiz promises, from the entry's game points alone: "close" when closing
    beats every way of playing on (a draw, a marriage, a card) by the engine's close margin
    plus two standard errors; "play-on" when the rules of thumb's play beats closing by the
    quiz's margin plus two standard errors; else none."""
    points = entry.points
    others = [a for a in points[0] if a >= DRAW and a != CLOSE]
    if all(m - 2 * se >= CLOSE_MARGIN for m, se in (_pair(points, CLOSE, a) for a in others)):
        return "close"
    m, se = _pair(points, plain_play(entry.state()), CLOSE)
    return "play-on" if m - 2 * se >= MARGIN else None


def seed_asking(index: int) -> int:
    """The first question seed that asks bank entry ``index``."""
    return next(s for s in range(10_000)
                if random.Random(f"{GAME}/close:{s}").randrange(len(BANK)) == index)


def hidden_from(entry: BankEntry) -> set[str]:
    """The cards the asking seat cannot see: the deck less its hand, the cards played, the
    turn-up and the opponent's cards it knows (a marriage shown, the turn-up taken)."""
    state = entry.state()
    view = state.view(entry.seat)
    seen = {c.text for c in view.hand} | {c.text for c in view.known[1 - entry.seat]}
    seen |= {CARD_TEXT[c] for t in state.tricks for c in (t.lead, t.follow)}
    if view.turnup is not None:
        seen.add(view.turnup.text)
    return {c.text for c in DECK_24.cards} - seen


def test_the_close_bank_asks_clear_questions_both_ways() -> None:
    """The shipped bank: its build's size, half the answers each way, every entry a close spot
    of the seat to move with the game points of exactly its legal actions in every one of its
    worlds, and its answer the one judged here from those points; positions of several kinds;
    the build's figures add up."""
    data = json.loads(CLOSE_BANK.read_text(encoding="utf-8"))
    build = data["build"]
    assert (build["count"], build["seed"], build["worlds"]) == (BANK_COUNT, BANK_SEED, WORLDS)
    assert len(BANK) == BANK_COUNT
    answers = Counter(e.answer for e in BANK)
    assert answers == {"close": BANK_COUNT - BANK_COUNT // 2, "play-on": BANK_COUNT // 2}
    spots: Counter[tuple[str, int]] = Counter()
    for e in BANK:
        state = e.state()
        assert state.to_move == e.seat and close_spot(state)
        assert state.total(e.seat) < 66 and CLOSE in state.legal_actions()
        assert len(e.points) == WORLDS
        assert all(set(p) == set(state.legal_actions()) for p in e.points)
        assert judged(e) == e.answer, (e.candidate, e.answer)
        spots[(state.step, state.stock_left)] += 1
    assert len(spots) >= 4 and {s for s, _ in spots} == {"draw", "lead"}, spots
    candidates = [e.candidate for e in BANK]
    assert candidates == sorted(set(candidates)) and build["candidates"] > candidates[-1]
    assert build["candidates"] == len(BANK) + sum(
        build[k] for k in ("no_spot", "dropped_early", "unclear", "over_quota"))


def test_every_banked_position_is_rebuilt_from_its_seed() -> None:
    """Each entry's position and world seed come again from the bank's seed and its candidate
    index (a late position for an odd index, or once the "play on" half was full)."""
    for e in BANK:
        again = [close_candidate(BANK_SEED, e.candidate, late_only=late)
                 for late in (False, True)]
        assert any(c.state is not None and c.state.record() == e.record and c.seed == e.seed
                   for c in again), e.candidate


def test_the_engine_gives_the_banked_numbers_again() -> None:
    """The bank is real: on the cheapest entries' positions the engine's game points, world by
    world from the entry's seed, are the stored ones, and their means are
    ``pimc.expected_points`` over the same worlds."""
    cheap = sorted(BANK, key=lambda e: (e.state().stock_left, e.state().step != "draw"))[:2]
    for e in cheap:
        state = e.state()
        assert world_points(state, e.seed, WORLDS) == list(e.points)
        means = expected_points(seen_by(state, e.seat), WORLDS, e.seed)
        assert means == {a: statistics.fmean(p[a] for p in e.points) for a in means}


def test_a_small_bank_builds_the_same_twice(tmp_path: Path) -> None:
    """``build_close_bank`` from nothing: a two-question bank (one each way, few worlds) is
    written, loads, and is byte for byte the same when built again from the same seed."""
    texts = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.json"
        build_close_bank(2, 5, out, worlds=8)
        texts.append(out.read_text(encoding="utf-8"))
        assert sorted(e.answer for e in load_close_bank(out)) == ["close", "play-on"]
    assert texts[0] == texts[1]
    assert not list(tmp_path.glob("*.tmp"))


def test_no_close_question_shows_a_hidden_card() -> None:
    """Every banked question, asked from a seed: neither its public form nor its explanation
    names a card the seat cannot see (the opponent's hand, the stock); the same seed gives the
    same question; the explanation cites closing (SS-10) and the game points (SS-14) and says
    what closing risks."""
    for index, e in enumerate(BANK):
        seed = seed_asking(index)
        q = generate("close", seed, GAME)
        hidden = hidden_from(e)
        public = plain(q.public())
        assert not mentions(public, hidden), (index, mentions(public, hidden))
        own = {c.text for c in e.state().view(e.seat).hand}
        assert mentions(public, own) == own  # the check sees cards where they are named
        key = q.key()
        assert not mentions(key.explanation, hidden), index
        again = generate("close", seed, GAME)
        assert again.public() == q.public() and again.key() == key
        assert {"SS-10", "SS-14"} <= set(key.rules)
        assert "your opponent scores 2, or 3" in key.explanation
        assert "±" in key.explanation and "±" not in public


@pytest.mark.usefixtures("clean_widgets")
def test_the_close_quiz_widget_holds_no_hidden_card() -> None:
    """In a quiz widget asking "close now?", before and after the answer, no trait names a
    card hidden from the asking seat."""
    from tutor.widgets import Learner, QuizWidget

    quiz = QuizWidget(["close"], game=GAME, learner=Learner("cy", seed=2))
    for _ in range(4):
        q = quiz.question
        assert q is not None and q.kind == "close"
        hidden = hidden_from(close_entry(q.seed))
        assert not mentions(plain(state_text(subtree(quiz.box))), hidden)
        fb = quiz.answer(answer_of(q))
        assert fb is not None and fb.correct
        assert not mentions(plain(state_text(subtree(quiz.box))), hidden)
        quiz.new_question()


def test_a_bank_that_cannot_justify_its_answer_is_refused(tmp_path: Path) -> None:
    """A bank edited by hand is refused with a typed error naming the entry: an answer its
    numbers do not give, numbers that no longer give it, points of an action that is not
    legal, a record that stops elsewhere (QUIZ-6); an entry of the wrong shape (REC-1); a
    record that does not replay (the engine's error); a file that is not a bank (QUIZ-6)."""
    from tutor.errors import RecordError, TutorError
    from tutor.quiz import QuizError

    good = json.loads(CLOSE_BANK.read_text(encoding="utf-8"))
    first = good["entries"][0]
    cases: dict[str, tuple[dict[str, Any], type[Exception], str]] = {}

    def edited(name: str, kind: type[Exception], rule: str, change: Any) -> None:
        data = json.loads(json.dumps(good))
        change(data["entries"][0])
        cases[name] = (data, kind, rule)

    def flip(e: dict[str, Any]) -> None:
        e["answer"] = "close" if e["answer"] == "play-on" else "play-on"

    def reverse_close(e: dict[str, Any]) -> None:  # closing now scores the other extreme
        worst = 3 if e["answer"] == "play-on" else -3
        e["points"]["close"] = [worst] * len(e["points"]["close"])

    edited("flipped", QuizError, "QUIZ-6", flip)
    edited("numbers", QuizError, "QUIZ-6", reverse_close)
    edited("extra-action", QuizError, "QUIZ-6",
           lambda e: e["points"].setdefault("exchange", e["points"]["close"]))
    edited("moved", QuizError, "QUIZ-6", lambda e: e["record"].update(play=e["record"]["play"][:1]))
    edited("no-seed", RecordError, "REC-1", lambda e: e.pop("seed"))
    edited("seat-text", RecordError, "REC-1", lambda e: e.update(seat="0"))
    edited("half-point", RecordError, "REC-1",
           lambda e: e["points"]["close"].__setitem__(0, 0.5))
    edited("short-list", RecordError, "REC-1", lambda e: e["points"]["close"].pop())
    edited("bad-token", TutorError, "REC-3", lambda e: e["points"].update(fold=[0] * WORLDS))
    edited("bad-card", TutorError, "", lambda e: e["record"]["play"].__setitem__(0, "9X"))
    assert first["answer"] in ("close", "play-on")
    for name, (data, kind, rule) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(kind) as err:
            load_close_bank(path)
        assert not rule or err.value.rule == rule, (name, err.value)
        assert "close bank entry 0" in str(err.value), (name, str(err.value))
    path = tmp_path / "not-a-bank.json"
    path.write_text(json.dumps({"format": "x", "entries": []}), encoding="utf-8")
    with pytest.raises(QuizError) as q_err:
        load_close_bank(path)
    assert q_err.value.rule == "QUIZ-6"


def test_the_close_bank_is_package_data_and_never_served() -> None:
    """The bank ships with the package (pyproject's package data) and Voilà serves no .json:
    the answers are read by Python alone."""
    root = Path(__file__).resolve().parents[1]
    name = CLOSE_BANK.relative_to(root).as_posix()
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    data = re.search(r"(?m)^tutor = \[(.*)\]$", pyproject)
    assert data and any(Path(name).match("tutor/" + p.strip(' "'))
                        for p in data.group(1).split(","))
    voila = json.loads((root / "assets" / "voila.json").read_text(encoding="utf-8"))
    cfg = voila["VoilaConfiguration"]
    assert not any(re.fullmatch(p, name) for p in cfg["file_allowlist"])
    assert any(re.fullmatch(p, name) for p in cfg["file_denylist"])
