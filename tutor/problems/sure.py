"""Is there a line that reaches the goal whatever the unseen cards are? The sure-line search.

The learner sees one hand; the other seats see — here — everything, and may even *choose* where
the unseen cards lie, as long as every card they play fits some layout consistent with what
the learner has seen. That is the adaptive defence of :mod:`tutor.problems.defence`, and the
question this module answers exactly is the one it poses: does the learner have a line (a
card for every moment, chosen from what the learner has seen) that reaches the goal against
every consistent layout and every defence? Such a line is *sure*.

The search is an AND-OR search over the play *as the learner sees it* (a :class:`Spot`):

- at the learner's turn, some legal card must lead to a sure spot (OR);
- at another seat's turn, every card that seat may play in some consistent layout
  (:meth:`~tutor.problems.knowledge.Knowledge.choices`) must lead to a sure spot (AND);
- when the cards are all played, the layout is known to the last card and the goal is read
  off the bidder's final value (the game's solver adapter counts it, widow included).

Four things keep it small, none of them a guess:

- **Bounds.** Points already won plus the least the widow can hold reach the goal: sure; all
  the points still out cannot: lost.
- **Equal cards.** Two cards of a suit with the same points and no live card between them
  are one choice (swapping them maps every layout onto another), for the learner and for the
  seats whose cards are unseen.
- **The double-dummy refutation.** If in one consistent layout the learner fails even seeing
  every card (:mod:`tutor.solver.kernel`), the learner fails there whatever the line: the spot
  is lost. Layouts that refuted a spot are kept (*killers*) and tried first elsewhere.
- **A transposition table** keyed by what the future depends on: the learner's hand, the
  unseen cards, each slot's room, known cards and voids, the trick, the bidder's units.

Measurements: ``docs/problems.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.sampler import WIDOW, Sampler
from ..errors import IllegalActionError
from ..games.tapp import CARDS_OF, POINTS, SUIT_MASK, SUIT_OF, TappState, mask_cards, mask_points
from ..solver import kernel
from ..solver.search import question, workspace
from .goal import Goal
from .knowledge import Knowledge, Layout


class Budget(Exception):
    """The search went past its node budget (a generator gives the position up)."""


class Spot(NamedTuple):
    """A moment of the play as the learner knows it: what is known of the unseen cards, the
    learner's hand, the trick in progress (cards in play order, ``leader`` who led it) and the
    bidder's units won since the problem began (``won``)."""

    knowledge: Knowledge
    hand: int
    trick: tuple[int, ...]
    leader: int
    won: int


@dataclass
class Start:
    """A problem's position from the learner's ``seat``, with what the search needs to play it
    on: a *model* deal (any layout consistent with the learner's view: the real one is never
    used, so no hidden card can leak into the search), the game's kernel question and the goal.
    """

    seat: int
    model: TappState
    goal: Goal
    spot: Spot

    @classmethod
    def of(cls, state: TappState, seat: int, goal: Goal, seed: int = 0,
           menu: Sequence[Layout] | None = None) -> Start:
        """The position of ``state`` (in the play) as ``seat`` knows it; with ``menu``, the
        defence held to those start layouts (:mod:`tutor.problems.sampled`)."""
        if state.phase != "play":
            raise IllegalActionError("SBS-22", "a problem starts in the play", where="problem")
        view = state.view(seat)
        model = Sampler(view).sample(random.Random(seed))
        k = Knowledge.of_view(view)
        if menu is not None:
            k = k.with_menu(menu)
        return cls(seat, model, goal,
                   Spot(k, model.hands[seat], tuple(model.trick), model.leader, 0))


class SureSearch:
    """The sure-line search from one :class:`Start` (module docstring). One object keeps its
    table across questions about the same problem (the defence asks after every card)."""

    def __init__(self, start: Start, budget: int = 2_000_000) -> None:
        self.start = start
        model = start.model
        self.seat = start.seat
        self.goal = start.goal
        q = question(model)
        self.unit_points = q.unit == "points"
        self.mode = kernel.MODE_POINTS if self.unit_points else kernel.MODE_TRICKS
        self.bidder_max = q.bidder_max
        self.trump = q.trump
        self.play_trump = model.trump
        assert model.bidder is not None
        self.bidder = model.bidder
        self.active = model.active
        self.next = {s: model.next_active(s) for s in model.active}
        # what the bidder has towards the value before the unseen piles count, and what a
        # pile of cards in the widow adds (the game's question, asked of the model deal)
        bare = model.copy()
        bare.widow = 0
        self.base = question(bare).base
        self._piles: dict[int, int] = {}
        self.widow_slot = (start.spot.knowledge.slots.index(WIDOW)
                           if WIDOW in start.spot.knowledge.slots else -1)
        self.table: dict[tuple[object, ...], bool] = {}
        self.best: dict[tuple[object, ...], int] = {}
        self.killers: list[Layout] = []
        #: (seat, card) -> how often it refuted (a defender's) or proved (the learner's) a spot:
        #: tried first next time (the history heuristic)
        self.history: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.dd_calls = 0
        self.budget = budget

    # -- the value ---------------------------------------------------------------------------
    def pile(self, widow: int) -> int:
        """What ``widow`` (the cards lying in it) adds to the bidder's value."""
        got = self._piles.get(widow)
        if got is None:
            m = self.start.model.copy()
            m.widow = widow
            got = self._piles[widow] = question(m).base - self.base
        return got

    def final(self, spot: Spot) -> int:
        """The bidder's final value at a spot with every card played."""
        k = spot.knowledge
        widow = 0
        if self.widow_slot >= 0:
            widow = k.known[self.widow_slot] | k.unseen
        return self.base + spot.won + self.pile(widow)

    def tricks_left(self, spot: Spot) -> int:
        """Tricks still to finish, the one in progress included."""
        played = False  # has the learner played to the trick in progress?
        seat = spot.leader
        for _ in spot.trick:
            played = played or seat == self.seat
            seat = self.next[seat]
        return spot.hand.bit_count() + played

    def to_move(self, spot: Spot) -> int:
        seat = spot.leader
        for _ in spot.trick:
            seat = self.next[seat]
        return seat

    def live(self, spot: Spot) -> int:
        """Every card not yet out of play: hands, unseen, known and the trick's."""
        k = spot.knowledge
        m = spot.hand | k.unseen
        for x in k.known:
            m |= x
        for c in spot.trick:
            m |= 1 << c
        return m

    def _bounds(self, spot: Spot) -> bool | None:
        """Sure (True) or lost (False) from the counts alone, else None."""
        k = spot.knowledge
        low = self.base + spot.won
        ws = self.widow_slot
        known_widow = k.known[ws] if ws >= 0 else 0
        if ws >= 0:
            low += self.pile(known_widow)
        if self.unit_points:
            out = self.live(spot) & ~known_widow  # points still to be won or to lie unseen
            high = low + mask_points(out)
        else:
            high = low + self.tricks_left(spot)
        g = self.goal
        if g.up:
            if low >= g.target:
                return True
            if high < g.target:
                return False
        else:
            if high <= g.target:
                return True
            if low > g.target:
                return False
        if not spot.hand and not spot.trick:
            return g.met(self.final(spot))
        return None

    # -- moves -------------------------------------------------------------------------------
    def legal_mask(self, spot: Spot) -> int:
        """The learner's legal cards (SBS-23: follow suit, else trump, else any), as a mask."""
        hand = spot.hand
        if not spot.trick:
            return hand
        led = SUIT_OF[spot.trick[0]]
        legal = hand & SUIT_MASK[led]
        if not legal and self.play_trump >= 0:
            legal = hand & SUIT_MASK[self.play_trump]
        return legal or hand

    def legal(self, spot: Spot) -> list[int]:
        """The learner's legal cards, by suit (C S H D), high to low."""
        legal = self.legal_mask(spot)
        out: list[int] = []
        for s in range(4):
            out.extend(CARDS_OF[s][(legal >> (9 * s)) & 0x1FF])
        return out

    def learner_cards(self, spot: Spot) -> list[int]:
        """The learner's legal cards, one of each run of equal cards."""
        return self._one_of_each(self.legal_mask(spot), spot.hand, self.live(spot))

    @staticmethod
    def _one_of_each(cards: int, owner: int, live: int) -> list[int]:
        """``cards`` (all in ``owner``), keeping the highest of each run of cards of one suit
        with equal points and no other live card between them."""
        out: list[int] = []
        for s in range(4):
            part = (cards >> (9 * s)) & 0x1FF
            if not part:
                continue
            prev = -1
            for c in CARDS_OF[s][part]:
                if prev >= 0 and POINTS[c] == POINTS[prev]:
                    between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
                    if not (live & ~owner) & between:
                        continue  # the same as ``prev``
                out.append(c)
                prev = c
        return out

    def play(self, spot: Spot, seat: int, card: int,
             after: Knowledge | None = None) -> Spot | None:
        """The spot after ``seat`` plays ``card``; None if no consistent layout lets a seat of
        the defence hold it. ``after`` is the knowledge after it, when the caller has it."""
        k = spot.knowledge
        hand = spot.hand
        if seat == self.seat:
            hand &= ~(1 << card)
        elif after is not None:
            k = after
        else:
            led = SUIT_OF[spot.trick[0]] if spot.trick else -1
            nk = k.after(k.index(seat), card, led, self.play_trump)
            if nk is None:
                return None
            k = nk
        trick = (*spot.trick, card)
        if len(trick) < 3:
            return Spot(k, hand, trick, spot.leader, spot.won)
        winner = self.start.model.trick_winner(spot.leader, trick)
        won = spot.won
        if winner == self.bidder:
            won += (POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
                    if self.unit_points else 1)
        return Spot(k, hand, (), winner, won)

    def other_groups(self, spot: Spot, seat: int) -> list[tuple[tuple[int, ...], Knowledge]]:
        """The cards ``seat`` may play in some consistent layout (SBS-23), in runs of equal
        unseen cards (one choice each), each run with the knowledge after its first card.

        Two unseen cards are one choice when they are of one suit, with the same points and no
        live card between them whose place is known, *and* the one not played cannot meet the
        one played in this trick: swapping them maps every layout onto another, but a card
        still to come from a later seat in the trick would be compared with the played one.
        So runs are formed only when no later seat in the trick may hold the suit."""
        k = spot.knowledge
        i = k.index(seat)
        led = SUIT_OF[spot.trick[0]] if spot.trick else -1
        cards = k.choices(i, led, self.play_trump)
        unseen = k.unseen
        fixed = self.live(spot) & ~unseen  # live cards whose place is known
        later: list[int] = []  # the other seats still to play to this trick after ``seat``
        nxt = self.next[seat]
        for _ in range(2 - len(spot.trick)):
            if nxt != self.seat:
                later.append(k.index(nxt))
            nxt = self.next[nxt]
        out: list[tuple[list[int], Knowledge]] = []
        prev = -1
        for c, after in cards:
            suit = SUIT_OF[c]
            if (prev >= 0 and SUIT_OF[prev] == suit and POINTS[c] == POINTS[prev]
                    and unseen >> c & 1 and unseen >> prev & 1
                    and not any(k.holds_suit(j, suit) for j in later)):
                between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
                if not fixed & between:
                    out[-1][0].append(c)
                    prev = c
                    continue
            out.append(([c], after))
            prev = c
        return [(tuple(g), after) for g, after in out]

    def other_cards(self, spot: Spot, seat: int) -> list[tuple[int, Knowledge]]:
        """One card of each run of :meth:`other_groups`, with the knowledge after it."""
        return [(g[0], after) for g, after in self.other_groups(spot, seat)]

    # -- the double-dummy view of one layout -------------------------------------------------
    def hands_in(self, spot: Spot, layout: Layout) -> tuple[int, int, int]:
        """The three active hands in play order if the unseen cards lie as ``layout`` (as the
        cards lie now, slot by slot)."""
        k = spot.knowledge
        out = []
        for s in self.active:
            out.append(spot.hand if s == self.seat else layout[k.index(s)])
        return out[0], out[1], out[2]

    def widow_in(self, spot: Spot, layout: Layout) -> int:
        return layout[self.widow_slot] if self.widow_slot >= 0 else 0

    def dd_met(self, spot: Spot, layout: Layout) -> bool:
        """Does the learner reach the goal in this layout with every card seen (double
        dummy)? False proves the spot lost for the learner's every line."""
        self.dd_calls += 1
        hands = self.hands_in(spot, layout)
        leader = self.active.index(spot.leader)
        bidder = self.active.index(self.bidder)
        have = self.base + spot.won + self.pile(self.widow_in(spot, layout))
        g = self.goal
        if g.up:
            return self._rest_at_least(hands, leader, spot.trick, bidder, g.target - have)
        return not self._rest_at_least(hands, leader, spot.trick, bidder, g.target - have + 1)

    def dd_value(self, spot: Spot, layout: Layout) -> int:
        """The bidder's final value in this layout with every card seen (both sides playing
        their best)."""
        hands = self.hands_in(spot, layout)
        leader = self.active.index(spot.leader)
        bidder = self.active.index(self.bidder)
        have = self.base + spot.won + self.pile(self.widow_in(spot, layout))
        if not spot.hand and not spot.trick:
            return have
        m = 1 << bidder
        ws = workspace()
        if self.bidder_max:
            return have + kernel.value(ws, hands, leader, spot.trick, self.trump, m, m,
                                       self.mode)
        total = kernel.units_left(hands, spot.trick, self.mode)
        return have + total - kernel.value(ws, hands, leader, spot.trick, self.trump, m,
                                           7 ^ m, self.mode)

    def _rest_at_least(self, hands: tuple[int, int, int], leader: int, trick: tuple[int, ...],
                       bidder: int, x: int) -> bool:
        """With every card seen, does the bidder end with at least ``x`` of the units still
        to be won (the bidder maximising or, in a misère, minimising)?"""
        total = kernel.units_left(hands, trick, self.mode)
        m = 1 << bidder
        ws = workspace()
        if self.bidder_max:
            if x <= 0:
                return True
            if x > total:
                return False
            return kernel.run(ws, hands, leader, trick, self.trump, m, m, self.mode,
                              x - 1, x) >= x
        t = total - x + 1  # the defenders' units that keep the bidder under x
        if t <= 0:
            return False
        if t > total:
            return True
        return not kernel.run(ws, hands, leader, trick, self.trump, m, 7 ^ m, self.mode,
                              t - 1, t) >= t

    # -- the AND-OR search -------------------------------------------------------------------
    @staticmethod
    def key(spot: Spot) -> tuple[object, ...]:
        k = spot.knowledge
        return (spot.hand, k.unseen, k.caps, k.known, k.voids, spot.trick, spot.leader,
                spot.won)

    def sure(self, spot: Spot) -> bool:
        """Is there a sure line from ``spot`` (module docstring)?"""
        key = self.key(spot)
        got = self.table.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.budget:
            raise Budget(f"more than {self.budget} spots")
        out = self._bounds(spot)
        if out is None and self.tricks_left(spot) == 1:
            out = self._last_trick(spot)
        if out is None:
            mover = self.to_move(spot)
            out = self._learner(spot, key) if mover == self.seat else self._others(spot, mover)
        self.table[key] = out
        return out

    def _last_trick(self, spot: Spot) -> bool:
        """The last trick: every card is forced, so the spot is sure when the goal is met
        however the few unseen cards lie (each seat still to play holds one of them, or its
        known card; the widow the rest)."""
        k = spot.knowledge
        ws = self.widow_slot
        options: list[tuple[int, list[int]]] = []  # (seat, the cards it may hold)
        for i, seat in enumerate(k.slots):
            if seat == WIDOW or not (k.caps[i] or k.known[i]):
                continue
            if k.known[i]:
                options.append((seat, [k.known[i].bit_length() - 1]))
            else:
                v = k.voids[i]
                options.append((seat, [c for c in mask_cards(k.unseen)
                                       if not v >> SUIT_OF[c] & 1]))
        known_widow = k.known[ws] if ws >= 0 else 0

        def check(held: dict[int, int], taken: int) -> bool:
            trick = list(spot.trick)
            seat = self.to_move(spot)
            while len(trick) < 3:
                trick.append(spot.hand.bit_length() - 1 if seat == self.seat else held[seat])
                seat = self.next[seat]
            won = spot.won
            if self.start.model.trick_winner(spot.leader, trick) == self.bidder:
                won += (POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
                        if self.unit_points else 1)
            widow = (known_widow | (k.unseen & ~taken)) if ws >= 0 else 0
            return self.goal.met(self.base + won + self.pile(widow))

        def walk(j: int, held: dict[int, int], taken: int) -> bool:
            if j == len(options):
                return check(held, taken)
            seat, cards = options[j]
            for c in cards:
                if taken >> c & 1:
                    continue
                held[seat] = c
                if not walk(j + 1, held, taken | (1 << c)):
                    return False
            return True

        return walk(0, {}, 0)

    def _learner(self, spot: Spot, key: tuple[object, ...]) -> bool:
        k = spot.knowledge
        for layout in self.killers:
            if k.fits(layout) and not self.dd_met(spot, k.now(layout)):
                return False
        for card in self.learner_order(spot, key):
            child = self.play(spot, self.seat, card)
            assert child is not None
            if self.sure(child):
                self.found_sure(key, card)
                return True
        return False

    def learner_order(self, spot: Spot, key: tuple[object, ...]) -> list[int]:
        """The learner's cards in the order to try them: the card found sure at this spot
        before first, then those found sure most often anywhere (the history heuristic)."""
        cards = self.learner_cards(spot)
        history = self.history
        if len(cards) > 1:
            cards.sort(key=lambda c: -history.get((self.seat, c), 0))
        best = self.best.get(key)
        if best in cards:
            cards.remove(best)
            cards.insert(0, best)
        return cards

    def found_sure(self, key: tuple[object, ...], card: int) -> None:
        """Remember ``card`` as sure at the spot ``key`` (tried first there, and sooner
        elsewhere)."""
        self.best[key] = card
        self.history[self.seat, card] = self.history.get((self.seat, card), 0) + 1

    def _others(self, spot: Spot, seat: int) -> bool:
        moves = self.other_cards(spot, seat)
        history = self.history
        if len(moves) > 1:
            moves.sort(key=lambda m: -history.get((seat, m[0]), 0))
        for card, after in moves:
            child = self.play(spot, seat, card, after)
            if child is not None and not self.sure(child):
                history[seat, card] = history.get((seat, card), 0) + 1
                return False
        return True

    def falls(self, spot: Spot) -> bool:
        """Is the learner without a sure line at ``spot``? (The defence counts its traps with
        it; a search may answer a quicker, sound part of the question.)"""
        return not self.sure(spot)

    def add_killer(self, layout: Layout) -> None:
        """Remember a start layout that refuted a line (tried first at later spots)."""
        if layout not in self.killers:
            self.killers.insert(0, layout)
            del self.killers[4:]

    def sure_cards(self, spot: Spot) -> list[int]:
        """Every legal card of the learner (equal cards included) after which the spot is
        still sure."""
        out: list[int] = []
        for card in self.legal(spot):
            child = self.play(spot, self.seat, card)
            assert child is not None
            if self.sure(child):
                out.append(card)
        return out



__all__ = ["Budget", "Spot", "Start", "SureSearch"]
