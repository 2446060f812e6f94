"""What a Sixty-Six seat knows of the hidden cards, for the shared sampler
(:mod:`tutor.engine.sampler`): the opponent's hand and the stock's order, consistent with
everything the seat has seen.

**What a seat remembers.** A view shows the card led and the last trick only; earlier tricks
lie face down (SS-17). A player remembers them, and so does a bot: :class:`Recall` is fed every
view a seat is given, in order, and keeps what they showed one after another — every trick's
two cards, the card this seat drew at each draw, the turn-up as dealt, and where the exchange
came (docs/sixty-six.md, reading 22). Its :class:`Seen` is what the sampler takes; a plain view
will do only before the first trick is complete (it then shows everything seen so far).
:func:`seen_by` gives a seat's :class:`Seen` of a state, by feeding that seat's view after
every action — what a player at the table sees.

Every action of the deal is public (cards, draws, closes, exchanges, marriages, claims), so the
history of a world is the real one: only the deal is hidden.

**The constraints.** The unseen cards are the 24 less the seat's hand, the cards played, the
opponent's publicly known cards (a shown marriage card, a turn-up it took, SS-17) and the
turn-up where the seat knows it. They lie in

- the opponent's hand (its size shown, its known cards besides);
- the stock's face-down cards (``stock_left``; after a close they stay out of play, SS-10);
- the turn-up, when the seat never saw it (the non-dealer closed at its first lead before the
  dealer's first turn, SS-10): one card of the trump suit.

Once the strict rules apply (SS-11), a follower who did not follow suit holds none of it, and
one who neither followed nor trumped holds no trump (under ``phase2: follow_head_trump``); a
follower who followed below the card led holds no higher card of that suit. These are facts
about the opponent's hand from then on (no card is drawn in the strict phase). Nothing is read
into the opponent's choices — which card, whether to close, to exchange, to meld.

**Exactly uniform.** The placement of the unseen cards is the shared sampler's exact draw; the
stock's remaining order is a uniform shuffle; and the past — which of the opponent's cards
were dealt and which it drew at which draw — is drawn uniformly among the ways that let it hold
every card it played, showed or exchanged when it did (cards it still holds fit any draw, so
each placement has the same number of pasts and the worlds are uniform among full deals
consistent with what was seen).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...cards import Card
from ...engine.sampler import STOCK, TURNUP, Constraints, Deal, PublicHistory, WorldSampler
from ...errors import IllegalActionError
from ...state import Action, as_rng
from .rules import (
    ALL_CARDS,
    CARD,
    CARD_INDEX,
    CLAIM,
    CLAIM_MARRIAGE,
    CLOSE,
    DRAW,
    EXCHANGE,
    HAND_SIZE,
    KING,
    MARRIAGE,
    POINTS,
    QUEEN,
    STOCK_SIZE,
    SUIT_MASK,
    SUIT_OF,
    SixtySix,
    SixtySixState,
    SixtySixView,
    nine_of,
)

#: draws in a deal played to the end: after each of the first six tricks (SS-5)
DRAWS = 6


class SeenTrick(NamedTuple):
    """A completed trick as both players saw it fall: its leader and the two cards."""

    leader: int
    lead: int
    follow: int


def trick_winner(leader: int, lead: int, follow: int, trump: int) -> int:
    """SS-7: the highest trump wins; without one, the highest card of the suit led."""
    if SUIT_OF[follow] == SUIT_OF[lead]:
        return 1 - leader if follow < lead else leader  # a lower index is a higher card
    return 1 - leader if SUIT_OF[follow] == trump else leader


def draws_made(view: SixtySixView) -> int:
    """Draws made so far, from the face-down cards left: 11 → 0, 9 → 1, … 1 → 5, 0 → 6."""
    return DRAWS if view.stock_left == 0 else (STOCK_SIZE - view.stock_left) // 2


def _mask(cards: Sequence[Any]) -> int:
    m = 0
    for c in cards:
        m |= 1 << CARD_INDEX[c]
    return m


def _missed(view: SixtySixView, what: str) -> IllegalActionError:
    return IllegalActionError(
        "SS-17", f"{what}: a view shows only the card led and the last trick, so a seat must "
        "see every view of its turns from the deal on (Recall.observe) or be given what it saw "
        "(seen_by)", where=f"seat {view.seat}")


@dataclass(frozen=True)
class Seen:
    """What one seat has seen of a deal so far: its latest view and what earlier views showed.

    ``tricks`` are every completed trick; ``drawn`` the card this seat took at each draw made
    (the top card as the winner, the next as the loser, the turn-up as the loser of the sixth
    trick); ``turnup`` the turn-up as dealt, -1 if this seat never saw it; ``exchange_at`` where
    the exchange came: (the trick, False) before its lead, (the trick, True) while following
    (option ``nine_exchange: anytime_hoyle``), or None.
    """

    view: SixtySixView
    tricks: tuple[SeenTrick, ...]
    drawn: tuple[int, ...]
    turnup: int
    exchange_at: tuple[int, bool] | None

    # -- what the sampler and the bots read off it, as off a view --
    @property
    def game(self) -> str:
        return self.view.game

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def options(self) -> Mapping[str, Any]:
        return self.view.options

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def to_move(self) -> int | None:
        return self.view.to_move

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.view.legal

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.view.hand

    @property
    def trump(self) -> int:
        return int(self.view.trump)

    @property
    def opponent(self) -> int:
        return 1 - self.view.seat

    def winners(self) -> list[int]:
        """The winner of each completed trick."""
        return [trick_winner(t.leader, t.lead, t.follow, self.trump) for t in self.tricks]

    def played(self) -> tuple[int, int]:
        """The cards each seat has played, as masks (the trick in progress included)."""
        out = [0, 0]
        for t in self.tricks:
            out[t.leader] |= 1 << t.lead
            out[1 - t.leader] |= 1 << t.follow
        view = self.view
        if view.trick and view.trick_leader is not None:
            out[view.trick_leader] |= 1 << CARD_INDEX[view.trick[0]]
        return out[0], out[1]

    def points_won(self) -> tuple[int, int]:
        """Card points in each seat's tricks (SS-13, without marriages and the last-trick 10)."""
        out = [0, 0]
        for t, w in zip(self.tricks, self.winners(), strict=True):
            out[w] += POINTS[t.lead] + POINTS[t.follow]
        return out[0], out[1]

    def total(self, seat: int | None = None) -> int:
        """A seat's total as it can be counted from what was seen (SS-13): its card points,
        its marriages once it has won a trick, and the last-trick 10 when the stock ran out
        and it won the last trick. The view shows no total (SS-17) — a player counts it."""
        seat = self.view.seat if seat is None else seat
        view = self.view
        total = self.points_won()[seat]
        if view.tricks_won[seat]:
            total += sum(m.points for m in view.marriages if m.seat == seat)
        if (len(self.tricks) == 12 and view.closed_by is None
                and self.winners()[-1] == seat):
            total += 10  # SS-12
        return total

    @property
    def strict_from(self) -> int:
        """The first trick played under the strict rules (SS-11): the trick at which the stock
        was closed, else the seventh (the stock runs out with the sixth draw)."""
        view = self.view
        return view.closed_at_trick if view.closed_at_trick is not None else DRAWS

    def turnup_now(self) -> int:
        """The card lying under the stock now, if this seat knows it (the 9 of trumps after an
        exchange); -1 when it is unknown or taken by the last draw."""
        if draws_made(self.view) == DRAWS:
            return -1
        if self.view.exchanged is not None:
            return nine_of(self.trump)
        return self.turnup

    # -- the history of actions --
    def _lead_started(self) -> bool:
        """Has the lead step of the next trick (after the completed ones) begun, with no card
        led yet? (Its exchange or close, or a claim there, then belong to it.)"""
        view = self.view
        if view.trick:
            return False
        if view.step is not None:
            return view.step == "lead"
        if view.claim is None:
            return False  # the last card ended the deal
        n = len(self.tricks)
        closed_at = view.closed_at_trick
        if n == 0:
            return True
        draw_step = n - 1 < DRAWS and not (closed_at is not None and closed_at <= n - 1)
        if not draw_step:
            return True
        closed_there = closed_at == n and draws_made(view) == n - 1
        return draws_made(view) >= n or closed_there

    def actions(self) -> list[Action]:
        """Every action of the deal so far, in order — all public (SS-5..SS-13a)."""
        view = self.view
        d = draws_made(view)
        closed_at = view.closed_at_trick
        close_at_draw = closed_at is not None and d < closed_at
        marriages = [(m.seat, int(m.suit)) for m in view.marriages]
        mi = 0
        out: list[Action] = []

        def lead_step(i: int) -> None:
            if self.exchange_at == (i, False):
                out.append(EXCHANGE)
            if closed_at == i and not close_at_draw:
                out.append(CLOSE)

        n = len(self.tricks)
        for i in range(n + (1 if view.trick else 0)):
            if i < n:
                leader, lead, follow = self.tricks[i]
            else:
                assert view.trick_leader is not None
                leader, lead, follow = view.trick_leader, CARD_INDEX[view.trick[0]], -1
            lead_step(i)
            suit = SUIT_OF[lead]
            if mi < len(marriages) and marriages[mi] == (leader, suit) \
                    and lead % 6 in (KING, QUEEN):
                out.append(MARRIAGE + 2 * suit + (lead % 6 == QUEEN))  # SS-9
                mi += 1
            else:
                out.append(CARD + lead)
            if self.exchange_at == (i, True):
                out.append(EXCHANGE)
            if follow < 0:
                break
            out.append(CARD + follow)
            if i < DRAWS and not (closed_at is not None and closed_at <= i):  # a draw step
                if i < d:
                    out.append(DRAW)
                elif close_at_draw and closed_at == i + 1:
                    out.append(CLOSE)
        else:
            if self._lead_started():
                lead_step(n)
        if view.claim is not None:
            out.append(CLAIM_MARRIAGE + marriages[mi][1] if mi < len(marriages) else CLAIM)
        return out

    def marriage_shows(self) -> list[tuple[int, int, int]]:
        """Each marriage led so far: (its declarer, its trick, the card shown) (SS-9)."""
        out = []
        cards = 0
        for a in self.actions():
            if MARRIAGE <= a < CARD:
                suit, queen = divmod(a - MARRIAGE, 2)
                i = cards // 2
                leader = self.tricks[i].leader if i < len(self.tricks) else self.view.trick_leader
                assert leader is not None
                out.append((leader, i, 6 * suit + QUEEN - queen))
            if a >= MARRIAGE:
                cards += 1
        return out

    # -- what the play showed of the opponent's hand --
    def excluded(self) -> int:
        """Cards the opponent cannot hold, by the strict rules (SS-11) it followed under: a suit
        it did not follow, the trumps when it neither followed nor trumped
        (``follow_head_trump``), the cards above the card led when it followed below it."""
        head = self.options.get("phase2", "follow_head_trump") == "follow_head_trump"
        me, trump = self.view.seat, self.trump
        out = 0
        for i, (leader, lead, follow) in enumerate(self.tricks):
            if i < self.strict_from or leader != me:
                continue
            suit = SUIT_OF[lead]
            if SUIT_OF[follow] == suit:
                if head and follow > lead:
                    out |= SUIT_MASK[suit] & ((1 << lead) - 1)
            else:
                out |= SUIT_MASK[suit]
                if head and SUIT_OF[follow] != trump:
                    out |= SUIT_MASK[trump]
        return out


class Recall:
    """A seat's memory of the deal in play, fed each view it is given (:meth:`observe`).

    Views must come in order and leave out no completed trick and no draw: a seat's views at
    its own turns are enough (reading 22), and so are its views after every action. A view
    that cannot follow the last one (another deal: a new dealer or trump, fewer tricks) starts
    afresh; starting afresh after the first trick is complete is refused (SS-17): what the
    earlier tricks held is no longer in any view.
    """

    def __init__(self) -> None:
        self._last: SixtySixView | None = None
        self._tricks: list[SeenTrick] = []
        self._drawn: list[int] = []
        self._turnup = -1
        self._exchange: tuple[int, bool] | None = None
        self._seen: Seen | None = None

    @property
    def seen(self) -> Seen:
        """What the seat has seen so far (after at least one view)."""
        if self._seen is None:
            raise IllegalActionError("SS-17", "no view observed yet", where="recall")
        return self._seen

    def observe(self, view: SixtySixView) -> Seen:
        """Take in the next view and return what the seat has seen, this view included."""
        last = self._last
        if last is None or not _continues(last, view):
            self._start(view)
        else:
            self._follow_on(last, view)
        self._last = view
        self._note_turnup(view)
        self._seen = Seen(view, tuple(self._tricks), tuple(self._drawn), self._turnup,
                          self._exchange)
        return self._seen

    def _start(self, view: SixtySixView) -> None:
        if sum(view.tricks_won):
            raise _missed(view, "the play before this view was not seen")
        self._tricks = []
        self._drawn = []
        self._turnup = -1
        self._exchange = None

    def _note_turnup(self, view: SixtySixView) -> None:
        if self._turnup >= 0:
            return
        if view.exchanged is not None:
            self._turnup = CARD_INDEX[view.exchanged[1]]  # the exchange took the dealt turn-up
        elif view.turnup is not None:
            self._turnup = CARD_INDEX[view.turnup]

    def _follow_on(self, last: SixtySixView, view: SixtySixView) -> None:
        n_last, n = sum(last.tricks_won), sum(view.tricks_won)
        if n > n_last + 1:
            raise _missed(view, f"{n - n_last} tricks were completed since the last view")
        if n == n_last + 1:
            assert view.last_trick is not None
            leader, (lead, follow), _ = view.last_trick
            self._tricks.append(SeenTrick(leader, CARD_INDEX[lead], CARD_INDEX[follow]))
        new_exchange = last.exchanged is None and view.exchanged is not None
        if new_exchange:
            self._exchange = self._exchange_place(last, view)
        d_last, d = draws_made(last), draws_made(view)
        if d > d_last + 1:
            raise _missed(view, f"{d - d_last} draws were made since the last view")
        if d == d_last + 1:
            self._drawn.append(self._drawn_card(last, view, new_exchange))

    def _drawn_card(self, last: SixtySixView, view: SixtySixView, new_exchange: bool) -> int:
        """The card this seat took at the draw made between ``last`` and ``view``."""
        me = view.seat
        before = _mask(last.hand)
        after = _mask(view.hand)
        # cards this seat played since the last view were in its hand after the draw
        if len(self._tricks) > sum(last.tricks_won):
            t = self._tricks[-1]
            after |= 1 << (t.lead if t.leader == me else t.follow)
        if view.trick and view.trick_leader == me:
            after |= 1 << CARD_INDEX[view.trick[0]]
        after &= ~(1 << CARD_INDEX[last.trick[0]]) if last.trick else ALL_CARDS
        nine = 1 << nine_of(int(view.trump))
        if new_exchange and view.exchanged is not None and view.exchanged[0] == me:
            before = (before & ~nine) | 1 << CARD_INDEX[view.exchanged[1]]
            if not after & ~before and not _mask(last.hand) & nine:
                return nine.bit_length() - 1  # the 9 drawn, then exchanged at once
        new = after & ~before
        if new.bit_count() != 1:
            raise _missed(view, "the hand changed by more than the draw")
        return new.bit_length() - 1

    def _exchange_place(self, last: SixtySixView, view: SixtySixView) -> tuple[int, bool]:
        """Where the exchange shown first by ``view`` came: the latest lead step of the
        exchanger since ``last`` at which it was legal, else (``anytime_hoyle``) the latest
        follow step. Only under ``anytime_hoyle`` can a seat that sees views at its turns only
        be left with two places; the lead step is taken (docs/sixty-six-bots.md)."""
        assert view.exchanged is not None
        who = view.exchanged[0]
        trump = int(view.trump)
        n_last, n = sum(last.tricks_won), sum(view.tricks_won)
        tricks = self._tricks
        winners = [trick_winner(t.leader, t.lead, t.follow, trump) for t in tricks]
        start = (n_last, 1 if last.trick else 0)
        if view.trick:
            end = (n, 1)
        elif view.step == "lead" or (view.step is None and view.claim is not None):
            end = (n, 0)
        else:
            end = (n - 1, 1)
        closed_at = view.closed_at_trick
        close_at_draw = closed_at is not None and draws_made(view) < closed_at

        def leader(i: int) -> int | None:
            if i < len(tricks):
                return tricks[i].leader
            if view.trick_leader is not None:
                return view.trick_leader
            return view.to_move

        def legal_at(i: int, follow: bool) -> bool:
            if i >= DRAWS or not sum(1 for w in winners[:i] if w == who):
                return False
            if closed_at is not None and (closed_at < i or (closed_at == i and (
                    follow or close_at_draw))):
                return False
            lead = leader(i)
            return lead is not None and (lead != who if follow else lead == who)

        places = [(i, step) for i in range(start[0], end[0] + 1) for step in (0, 1)
                  if start <= (i, step) <= end]
        for follow in (False, True):
            found = [i for i, step in places if step == follow and legal_at(i, follow)]
            if found:
                return found[-1], follow
        raise _missed(view, "the exchange fits no step since the last view")


def _continues(last: SixtySixView, view: SixtySixView) -> bool:
    """Can ``view`` come later in the same deal as ``last``? (Else it is another deal.)"""
    if (last.game, last.seat, last.dealer, last.trump) != (view.game, view.seat, view.dealer,
                                                          view.trump) \
            or dict(last.options) != dict(view.options):
        return False
    n_last, n = sum(last.tricks_won), sum(view.tricks_won)
    if n < n_last or view.stock_left > last.stock_left or (last.closed_by is not None
                                                            and view.closed_by is None):
        return False
    if last.phase == "done":
        return view == last
    if n == 0:
        if last.trick and view.trick != last.trick:
            return False
        if last.turnup is not None and view.turnup is not None and last.turnup != view.turnup:
            return False
        return set(view.hand) <= set(last.hand)
    return True


def seen_of(view: Seen | SixtySixView) -> Seen:
    """``view`` as what its seat has seen: a plain view will do only before the first trick is
    complete (SS-17: the earlier tricks are in no view)."""
    if isinstance(view, Seen):
        return view
    return Recall().observe(view)


def remember(memo: dict[object, object], view: Seen | SixtySixView) -> Seen:
    """What a bot has seen, this view included: its :class:`Recall` is kept in ``memo`` (the
    bot's memory between turns). A :class:`Seen` handed in (a table's hint for the learner's
    seat, from :func:`seen_by`) is taken as it is."""
    if isinstance(view, Seen):
        return view
    recall = memo.get(RECALL)
    if not isinstance(recall, Recall):
        recall = memo[RECALL] = Recall()
    return recall.observe(view)


#: the key of a bot's :class:`Recall` in its memo
RECALL = "sixty-six recall"


def seen_by(state: SixtySixState, seat: int) -> Seen:
    """What ``seat`` has seen of ``state``'s deal: its view after every action, from the deal
    on (the views only — never the other hand or the stock)."""
    replay = SixtySixState(state.game, state.dealer, list(state.dealt), state.first_turnup,
                           state.stock)
    recall = Recall()
    recall.observe(replay.view(seat))
    for action in state.history():
        replay.apply_unchecked(action)
        recall.observe(replay.view(seat))
    return recall.seen


# --- the sampler's adapter --------------------------------------------------------------------
@dataclass(frozen=True)
class SixtySixDeal(Deal):
    """A sampled Sixty-Six deal: the hands as dealt, the turn-up and the stock, top first."""

    turnup: int = -1
    stock: tuple[int, ...] = ()


def history_of(view: Seen | SixtySixView) -> PublicHistory:
    """Every action so far (all public), from what the seat has seen."""
    seen = seen_of(view)
    return PublicHistory(seen.game, dict(seen.options), seen.view.dealer, tuple(seen.actions()))


class SixtySixConstraints(Constraints):
    """Where a seat's :class:`Seen` says the unseen cards may lie (see the module docstring)."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        view = seen.view
        opp = 1 - view.seat
        self.own = _mask(view.hand)
        played = seen.played()
        self.played = played
        known_opp = _mask(view.known[opp])
        self.turnup_now = seen.turnup_now()
        unseen = ALL_CARDS & ~self.own & ~played[0] & ~played[1] & ~known_opp
        if self.turnup_now >= 0:
            unseen &= ~(1 << self.turnup_now)
        slots = [opp, STOCK]
        sizes = [view.hand_sizes[opp], view.stock_left]
        excluded = {opp: seen.excluded()}
        self.hidden_turnup = self.turnup_now < 0 and draws_made(view) < DRAWS
        if self.hidden_turnup:
            slots.append(TURNUP)
            sizes.append(1)
            excluded[TURNUP] = ALL_CARDS & ~SUIT_MASK[seen.trump]  # the turn-up names trump
        Constraints.__init__(self, slots=slots, sizes=sizes, known={opp: known_opp},
                             voids={}, unseen=unseen, rules=("SS-3", "SS-11"),
                             excluded=excluded, suits=SUIT_MASK)

    def orders(self) -> int:
        """Every order of the stock's face-down cards left is as likely."""
        return math.factorial(self.seen.view.stock_left)

    def deal_of(self, held: Mapping[int, int], rng: random.Random) -> SixtySixDeal:
        """The deal as dealt, from where the cards lie now: the stock's remaining order drawn
        uniformly, and the opponent's past (which cards it was dealt, which it drew) drawn
        uniformly among those that let it hold each card it played, showed or exchanged in
        time."""
        seen = self.seen
        view = seen.view
        me, opp = view.seat, 1 - view.seat
        trump = seen.trump
        nine = nine_of(trump)
        d = draws_made(view)
        winners = seen.winners()
        first_turnup = seen.turnup if seen.turnup >= 0 else held[TURNUP].bit_length() - 1
        last_turnup = nine if view.exchanged is not None else first_turnup
        # the stock, top first: draw k gives position 2k to the winner of trick k and 2k + 1
        # to the loser; the sixth gives position 10 to the winner and the turn-up to the loser
        order = [-1] * STOCK_SIZE
        opp_places: list[tuple[int, int]] = []  # (stock position, the trick it is held from)
        from_turnup = [0, 0]
        for k in range(d):
            mine = 2 * k + (0 if winners[k] == me else 1)
            theirs = 2 * k + (1 if winners[k] == me else 0)
            if mine < STOCK_SIZE:
                order[mine] = seen.drawn[k]
            else:
                from_turnup[me] |= 1 << last_turnup
            if theirs < STOCK_SIZE:
                opp_places.append((theirs, k + 1))
            else:
                from_turnup[opp] |= 1 << last_turnup
        rest = [c for c in range(24) if held[STOCK] >> c & 1]
        rng.shuffle(rest)
        for at, card in zip(range(2 * d, STOCK_SIZE), rest, strict=True):
            order[at] = card
        if view.exchanged is not None:
            from_turnup[view.exchanged[0]] |= 1 << first_turnup
        # the opponent's cards: dealt or drawn, each held by the trick it was needed
        needed = self._deadlines(opp)
        # (the 9 it exchanged away came from its deal or a draw; if the last draw brought it
        # back from the turn-up, that second coming is not one of them)
        ever = (held[opp] | self.played[opp]) & ~from_turnup[opp]
        if view.exchanged is not None and view.exchanged[0] == opp:
            ever |= 1 << nine
        pool = sorted((c for c in range(24) if ever >> c & 1),
                      key=lambda c: (needed.get(c, 99), c))
        places = [(-1 - i, 0) for i in range(HAND_SIZE)] + opp_places  # (-1..-6: dealt, time)
        if len(pool) != len(places):
            raise IllegalActionError("SS-3", "the opponent's cards do not fit its deal and "
                                     "draws", where=f"seat {me}")
        free = sorted(places, key=lambda p: p[1])
        dealt_opp = 0
        for card in pool:
            fits = [p for p in free if p[1] <= needed.get(card, 99)]
            if not fits:
                raise IllegalActionError("SS-3", "the opponent could not have held a card it "
                                         "played in time", where=f"seat {me}")
            place = fits[rng.randrange(len(fits))]
            free.remove(place)
            if place[0] < 0:
                dealt_opp |= 1 << card
            else:
                order[place[0]] = card
        # this seat's own deal: every card it held, less what it drew and took from the turn-up
        ever_me = (self.own | self.played[me]) & ~from_turnup[me]
        if view.exchanged is not None and view.exchanged[0] == me:
            ever_me |= 1 << nine
        drew = 0
        for k in range(d):
            if 2 * k + (0 if winners[k] == me else 1) < STOCK_SIZE:
                drew |= 1 << seen.drawn[k]
        dealt_me = ever_me & ~drew
        hands = [0, 0]
        hands[me], hands[opp] = dealt_me, dealt_opp
        return SixtySixDeal((hands[0], hands[1]), 0, (), first_turnup, tuple(order))

    def _deadlines(self, seat: int) -> dict[int, int]:
        """For each card ``seat`` played, showed or exchanged away, the trick by which it was in
        its hand (a card drawn after trick k is there from trick k + 1)."""
        seen = self.seen
        view = seen.view
        need: dict[int, int] = {}

        def note(card: int, trick: int) -> None:
            need[card] = min(trick, need.get(card, trick))

        for i, t in enumerate(seen.tricks):
            note(t.lead if t.leader == seat else t.follow, i)
        n = len(seen.tricks)
        if view.trick and view.trick_leader == seat:
            note(CARD_INDEX[view.trick[0]], n)
        # a marriage shows the other card at its trick (SS-9)
        for who, trick, shown in seen.marriage_shows():
            if who == seat:
                note(shown, trick)
        if view.exchanged is not None and view.exchanged[0] == seat:
            assert seen.exchange_at is not None
            note(nine_of(seen.trump), seen.exchange_at[0])
        return need


def constraints(view: Seen | SixtySixView) -> SixtySixConstraints:
    """Where what the seat has seen says the unseen cards of a Sixty-Six deal may lie."""
    return SixtySixConstraints(seen_of(view))


def deal_state(game: SixtySix, dealer: int, deal: Deal) -> SixtySixState:
    """The deal before any action: ``deal``'s hands, turn-up and stock."""
    assert isinstance(deal, SixtySixDeal)
    return SixtySixState(game, dealer, list(deal.hands), deal.turnup, deal.stock)


class SixtySixSampler(WorldSampler[Seen, SixtySixState]):
    """Worlds consistent with what one seat has seen (a :class:`Seen`, or a view before the
    first trick is complete): the opponent's hand and the stock's order, exactly uniform,
    reproducible from a seed; a typed error naming the rule when no world fits.

    >>> from tutor.games.sixty_six.rules import SixtySix
    >>> state = SixtySix().new_deal(3)
    >>> sampler = SixtySixSampler(state.view(0))
    >>> sampler.sample(1).view(0) == state.view(0)
    True
    """

    def __init__(self, view: Seen | SixtySixView) -> None:
        super().__init__(seen_of(view))


def sample_worlds(view: Seen | SixtySixView, n: int,
                  seed: int | random.Random | None) -> list[SixtySixState]:
    """``n`` worlds consistent with what the seat has seen, reproducible from ``seed``."""
    return list(SixtySixSampler(view).worlds(n, as_rng(seed)))


__all__ = ["DRAWS", "RECALL", "Recall", "Seen", "SeenTrick", "SixtySixConstraints",
           "SixtySixDeal", "SixtySixSampler", "constraints", "deal_state", "draws_made",
           "history_of", "remember", "sample_worlds", "seen_by", "seen_of", "trick_winner"]
