"""The write-up of a problem, in a learner's words, and its hint.

The steps are written once, when the problem is made, from what the solver found, and stored
in the record (:mod:`tutor.problems.problem`): the goal, the key play with the line it starts,
and for each failing alternative the layout where it fails and how the play goes there. What
an attempt cost (each of the learner's cards priced on the layout the defence came to,
:func:`~tutor.problems.defence.card_costs`) is worded after the attempt by :func:`cost_words`.

Every sentence cites the rule it rests on (SBS-23 following suit, SBS-24 the trick's winner,
SBS-12 what counts for the bidder, SBS-10 and SBS-11 the chips).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_label
from ..games import spec
from ..games.tapp import CARDS, POINTS, SUIT_OF, TappState, mask_cards
from .defence import Cost
from .goal import Goal, goal_words
from .knowledge import WIDOW, Knowledge, Layout
from .problem import Sample


def card(c: int) -> str:
    """``K♠``."""
    return card_label(CARDS[c])


def cards(cs: Sequence[int]) -> str:
    """``A♠ K♠ 7♦`` (as given), or ``nothing``."""
    return " ".join(card(c) for c in cs) if cs else "nothing"


def unit_words(goal: Goal, n: int) -> str:
    noun = "point" if goal.unit == "points" else "trick"
    return f"{n} {noun}{'s' if n != 1 else ''}"


def contract_of(state: TappState) -> str:
    pres = spec(state.game.id).presentation
    view = state.view(state.active[0])
    return pres.contract_words(view.contract, view.trump)


def contract_name(state: TappState) -> str:
    pres = spec(state.game.id).presentation
    return pres.contract_name(state.contract_id or "")


def seat_words(state: TappState, seat: int, learner: int) -> str:
    """``you`` or ``seat 2 (endhand)``."""
    if seat == learner:
        return "you"
    return spec(state.game.id).presentation.seat_label(seat, state.active)


def layout_words(state: TappState, k: Knowledge, layout: Layout, learner: int) -> str:
    """``seat 1 (middlehand) holds A♠ 7♦, seat 2 (endhand) K♠ 9♣, the widow T♥ 6♣ 6♦``."""
    parts = []
    for s, m in zip(k.slots, layout, strict=True):
        held = cards(mask_cards(m))
        if s == WIDOW:
            parts.append(f"the widow {held}")
        else:
            parts.append(f"{seat_words(state, s, learner)} holds {held}")
    return "; ".join(parts)


def tricks_of(state: TappState, play: Sequence[int]) -> list[tuple[int, tuple[int, ...],
                                                                    tuple[int, ...], int]]:
    """The play from ``state``'s position, trick by trick: (leader, seats, cards, winner); the
    first trick holds the cards already in the trick in progress, the last may be unfinished
    (winner -1)."""
    out = []
    leader = state.leader
    current = list(state.trick)
    seats: list[int] = []
    seat = leader
    for _ in current:
        seats.append(seat)
        seat = state.next_active(seat)
    for c in play:
        seats.append(seat)
        current.append(c)
        seat = state.next_active(seat)
        if len(current) == 3:
            winner = state.trick_winner(leader, current)
            out.append((leader, tuple(seats), tuple(current), winner))
            current, seats = [], []
            leader = seat = winner
    if current:
        out.append((leader, tuple(seats), tuple(current), -1))
    return out


def tricks_words(state: TappState, learner: int, play: Sequence[int]) -> list[str]:
    """The play from the position, trick by trick: ``K♠ (you), 7♠ (seat 1), A♠ (seat 2):
    seat 2 wins 25 points``."""
    out = []
    for _, seats, cs, winner in tricks_of(state, play):
        body = ", ".join(f"{card(x)} ({'you' if s == learner else f'seat {s}'})"
                         for s, x in zip(seats, cs, strict=True))
        if winner < 0:
            out.append(body)
            continue
        who = "you win" if winner == learner else f"seat {winner} wins"
        out.append(f"{body}: {who} {sum(POINTS[x] for x in cs)} points")
    return out


def goal_step(state: TappState, seat: int, goal: Goal, tricks_left: int) -> str:
    contract = contract_name(state)
    bidder = state.bidder
    assert bidder is not None
    if seat == bidder:
        base = (f"You are seat {seat}, the bidder, in {contract_of(state)}, with {tricks_left} "
                f"tricks to go. The goal: {goal_words(goal, contract)}.")
    else:
        base = (f"You are seat {seat}, a defender against seat {bidder}'s "
                f"{contract_of(state)}, with {tricks_left} tricks to go. The goal: "
                f"{goal_words(goal, contract)}. Your partner's cards are unseen too, and the "
                "defence that adapts plays them as well: a sure line needs no help from your "
                "partner.")
    if goal.unit == "points":
        won = state.won_points[bidder]
        who = "You have" if seat == bidder else "The bidder has"
        base += (f" {who} {won} card points in tricks so far; the widow's points count for "
                 "the bidder at the end, but nobody can see them (SBS-12).")
    elif seat == bidder:
        base += " You must lose every trick still to come (SBS-11, SBS-V1)."
    else:
        base += " The bidder must be made to take a trick (SBS-11, SBS-V1)."
    return base


def key_step(state: TappState, seat: int, key: Sequence[int], layouts: int, exhaustive: bool,
             cards_n: int, failing: int) -> str:
    lay = (f"all {layouts} layouts of the unseen cards that fit what you have seen"
           if exhaustive else f"every one of the {layouts} layouts that fit what you have seen")
    which = " or ".join(card(c) for c in key)
    more = (f"{failing} of your {cards_n} different cards" if failing > 1
            else f"1 of your {cards_n} different cards")
    others = "the defenders" if seat == state.bidder else "the other seats"
    return (f"The key play: {which}. After it you reach the goal against {lay}, whatever "
            f"{others} hold and play — the solver searched every card they could play at "
            f"every turn. {more[0].upper() + more[1:]} can fail.")


def opening_words(state: TappState) -> str:
    """``the opening lead`` when nothing is played, else ``your first card``."""
    return "the opening lead" if not state.trick and not state.tricks else "your first card"


def percent(share: float) -> str:
    """``98.2 %``."""
    return f"{100 * share:.1f} %"


def sampled_key_step(state: TappState, seat: int, key: Sequence[int], sample: Sample,
                     counted: int, cards_n: int, failing: int) -> str:
    """The key step of a problem proven on a sample (:mod:`tutor.problems.sampled`): what is
    proven over the defence's layouts, and what the count on fresh layouts says, with its
    95 % intervals."""
    which = " or ".join(card(c) for c in key)
    more = (f"{failing} of your {cards_n} different cards" if failing > 1
            else f"1 of your {cards_n} different cards")
    weakest = "it" if len(key) == 1 else "the weaker of them"
    return (f"The key play: {which}. From the first card the unseen cards can lie in too many "
            f"ways to search them all, so this problem is proven on a sample. The defence "
            f"that adapts chooses among {sample.layouts} layouts that fit what you see (the "
            f"deal's, one where each alternative below fails, and {sample.drawn} drawn at "
            f"random), and against every one of them, whatever the defenders play, {which} "
            f"starts a line that reaches the goal — the solver searched every card they could "
            f"play at every turn. How often it works in all the layouts: on {counted} more "
            f"layouts drawn at random, {weakest} reaches the goal with every card seen in "
            f"{sample.makes} — with 95 % confidence, in at least {percent(sample.low)} of all "
            f"layouts (seeing every card, a line can only do better); the best other card, "
            f"{card(sample.rival)}, in {sample.rival_makes} (at most {percent(sample.high)}). "
            f"{more[0].upper() + more[1:]} can fail.")


def line_step(state: TappState, seat: int, line: Sequence[int]) -> str:
    tricks = tricks_words(state, seat, line)
    return ("How the line goes against the defence that tries hardest (SBS-23, SBS-24): "
            + "; ".join(tricks) + ".")


def alternative_step(state: TappState, seat: int, goal: Goal, k: Knowledge, alt_card: int,
                     fails: int, counted: int, exhaustive: bool, layout: Layout,
                     play: Sequence[int], value: int, decimals: int = 0) -> str:
    share = f"{100 * fails / counted:.{decimals}f} %" if counted else "?"
    of = "of the layouts" if exhaustive else "of the sampled layouts"
    tricks = tricks_words(state, seat, play)
    return (f"{card(alt_card)} fails in {fails} of {counted} layouts ({share} {of}). Here is "
            f"one: {layout_words(state, k, layout, seat)}. After {card(alt_card)} the play "
            f"goes: {'; '.join(tricks)}. The bidder ends with "
            f"{unit_words(goal, value)}: "
            f"{'the goal is reached' if goal.met(value) else 'the goal is missed'}"
            f" ({'SBS-12' if goal.unit == 'points' else 'SBS-11'}).")


def danger(state: TappState, k: Knowledge, failing: Sequence[Layout],
           every: Sequence[Layout]) -> tuple[int, int] | None:
    """The (card, slot) fact most typical of the layouts where the tempting guess fails: the
    largest rise of its share among the failing layouts over its share among all; None if no
    fact rises by a third."""
    if not failing or not every:
        return None
    best: tuple[float, int, int] | None = None
    for i, s in enumerate(k.slots):
        if s == WIDOW:
            continue
        for c in mask_cards(k.unseen):
            f = sum(1 for lay in failing if lay[i] >> c & 1) / len(failing)
            a = sum(1 for lay in every if lay[i] >> c & 1) / len(every)
            lift = f - a
            if best is None or lift > best[0]:
                best = (lift, c, s)
    if best is None or best[0] < 1 / 3:
        return None
    return best[1], best[2]


def hint_words(state: TappState, seat: int, goal: Goal, fact: tuple[int, int] | None,
               tricks_left: int) -> str:
    """The first idea, not the answer."""
    if fact is not None:
        c, s = fact
        suit = "♣♠♥♦"[SUIT_OF[c]]
        return (f"First idea: before you play, ask what happens if {card(c)} lies with "
                f"{seat_words(state, s, seat)}. A line that needs it elsewhere loses then — "
                f"look for the card that copes with every way the {suit} cards can lie.")
    if goal.unit == "tricks":
        return ("First idea: count the cards still out in each suit. Which of your cards "
                "could a defender force you to win a trick with, and how can you shed it "
                "safely?")
    return (f"First idea: with {tricks_left} tricks to go, count the points you still need and "
            "the points still out. Which tricks can the defenders take whatever you do, and "
            "which card keeps the rest yours however the cards lie?")


def cost_words(state: TappState, goal: Goal, costs: Sequence[Cost]) -> list[str]:
    """One sentence per card the learner chose, with what it cost on the final layout."""
    out = []
    for i, c in enumerate(costs, 1):
        lost = c.lost
        sure = ""
        if c.sure_before and c.sure_after is False:
            sure = " It gave up the sure line: from here a layout existed that beat you."
        elif c.sure_before and c.sure_after:
            sure = " It kept the sure line."
        if lost == 0:
            text = f"Card {i}, {card(c.card)}: best on this layout (no cost)."
        else:
            chips = c.chips_best - c.chips_got
            text = (f"Card {i}, {card(c.card)}: cost {unit_words(goal, lost)} on this layout "
                    f"— {card(c.best_card)} would have kept {unit_words(goal, c.best)}, this "
                    f"card left {unit_words(goal, c.got)}"
                    + (f"; {chips} chip{'s' if chips != 1 else ''} less for you (SBS-10, "
                       "SBS-11, SBS-27)." if chips > 0 else "; the same chips (SBS-11)."))
        out.append(text + sure)
    return out


__all__ = ["alternative_step", "card", "cards", "contract_of", "cost_words", "danger",
           "goal_step", "hint_words", "key_step", "layout_words", "line_step", "opening_words",
           "percent", "sampled_key_step", "seat_words",
           "tricks_of", "tricks_words", "unit_words"]
