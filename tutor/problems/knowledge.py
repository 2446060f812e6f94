"""What the learner knows about where the unseen cards lie, kept up to date card by card.

A problem is seen from one seat. Everything that seat cannot see — the other hands and the
widow — is a *layout* of the unseen cards into *slots* (the other active seats and the unseen
piles). :class:`Knowledge` holds the facts every consistent layout obeys, the ones the
sampler reads off a view (:mod:`tutor.engine.sampler`, through the game's ``sampling.py``):

- how many unknown cards each slot still holds (``caps``), and the cards known to lie there
  (``known``: an exposed Spread Misère hand, a called card);
- the suits a slot has shown void in (``voids``: it did not follow, and did not trump either
  when it could not follow — SBS-23);
- the unknown cards still to place (``unseen``), and the cards each slot has played since the
  problem began (``gone``, so a layout chosen at the start can be checked against the play).

Each card a slot plays makes a new :class:`Knowledge` (:meth:`Knowledge.after`), or ``None``
when no layout is left that would let that slot play it: this is the test that keeps the
adaptive defence honest — it never plays a card the learner's view rules out.

A problem proven on a sample (:mod:`tutor.problems.sampled`) also keeps a *menu*: the layouts,
each consistent with the learner's view, that the defence may still choose among. Then a slot
may play only a card some layout of the menu lets it play, and each card keeps the layouts
that allow it; everything else stays as above, so the menu only narrows what is possible.

Whether any layout fits is a transport problem (suits → slots, each slot's room filled exactly,
a void closing a road), decided by Hall's condition over the sets of suits (16 of them); the
layouts are counted, drawn and listed with the sampler's exact placement
(:mod:`tutor.engine.placement`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, islice

from ..engine.placement import PerSlot
from ..engine.sampler import WIDOW, sampling_of
from ..errors import IllegalActionError
from ..games.tapp import CARDS_OF, SUIT_MASK, SUIT_OF, SeatView, mask_cards
from .goal import ProblemError

#: A layout: the cards each slot holds now (known cards included), in slot order.
Layout = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The facts about the unseen cards that every consistent layout obeys (module docstring).

    ``slots`` are seat numbers for the other active seats and :data:`~tutor.engine.sampler.WIDOW`
    for the widow; every tuple is in slot order. ``menu``, when not None, holds the start
    layouts (as the cards lay when the problem began) still open to the defence.
    """

    slots: tuple[int, ...]
    caps: tuple[int, ...]
    known: tuple[int, ...]
    voids: tuple[int, ...]
    unseen: int
    gone: tuple[int, ...]
    menu: tuple[Layout, ...] | None = None

    @classmethod
    def of_view(cls, view: SeatView) -> Knowledge:
        """What ``view`` fixes, read by the game's sampling adapter (REC-2 for a game the
        sampler does not know); an inconsistent view is refused with the rule it breaks."""
        c = sampling_of(view.game).constraints(view)
        known = tuple(c.known.get(s, 0) for s in c.slots)
        caps = tuple(size - k.bit_count() for size, k in zip(c.sizes, known, strict=True))
        k = cls(tuple(c.slots), caps, known, tuple(c.voids.get(s, 0) for s in c.slots),
                c.unseen, (0,) * len(c.slots))
        if sum(caps) != c.unseen.bit_count() or min(caps, default=0) < 0 or not k.feasible():
            raise IllegalActionError(c.rules[1], "no layout of the unseen cards fits this view",
                                     where=f"seat {view.seat}")
        return k

    def with_menu(self, layouts: Sequence[Layout]) -> Knowledge:
        """This knowledge with the defence held to ``layouts`` (start layouts; each must fit,
        else PRB-6 names the first that does not)."""
        for j, layout in enumerate(layouts):
            if not self.fits(layout):
                raise ProblemError("PRB-6", "a layout of the sample does not fit what the "
                                   "learner has seen", where=f"sample[{j}]")
        if not layouts:
            raise ProblemError("PRB-6", "the sample holds no layout", where="sample")
        return Knowledge(self.slots, self.caps, self.known, self.voids, self.unseen, self.gone,
                         tuple(layouts))

    # -- queries ---------------------------------------------------------------------------
    def index(self, seat: int) -> int:
        """The slot index of ``seat`` (or of :data:`WIDOW`)."""
        return self.slots.index(seat)

    def feasible(self) -> bool:
        """Does at least one layout fit? Hall's condition for placing the unseen cards, suit by
        suit, into the slots' room (a void closes a slot to a suit); a known card in a suit the
        slot is void in fits no layout. With a menu: is a layout of the menu left?"""
        if self.menu is not None:
            return bool(self.menu)
        return _feasible(self.unseen, self.caps, self.voids, self.known)

    def _placement(self) -> PerSlot:
        by_suit = [mask_cards(self.unseen & SUIT_MASK[s]) for s in range(4)]
        allowed = [tuple(not v >> s & 1 for v in self.voids) for s in range(4)]
        least = [tuple(False for _ in self.slots)] * 4
        return PerSlot(self.caps, by_suit, allowed, least)

    def count(self) -> int:
        """The number of consistent layouts (of the menu's, with a menu)."""
        if self.menu is not None:
            return len(self.menu)
        return self._placement().count()

    def draw(self, rng: random.Random) -> Layout:
        """One layout as the cards lie now, uniform among the consistent ones (exact, no
        rejection; with a menu, one of the menu's)."""
        if self.menu is not None:
            return self.now(rng.choice(self.menu))
        placed = self._placement().draw(rng)
        return tuple(k | p for k, p in zip(self.known, placed, strict=True))

    def draws(self, rng: random.Random, n: int) -> list[Layout]:
        """``n`` layouts as :meth:`draw` draws them one by one (the same ones from the same
        ``rng``), the counts behind the draw worked out once."""
        return list(islice(self.drawing(rng), n))

    def drawing(self, rng: random.Random) -> Iterator[Layout]:
        """Layouts as :meth:`draw` draws them one by one, without end."""
        if self.menu is not None:
            while True:
                yield self.draw(rng)
        placement = self._placement()
        while True:
            yield tuple(k | p for k, p in zip(self.known, placement.draw(rng), strict=True))

    def layouts(self) -> Iterator[Layout]:
        """Every consistent layout as the cards lie now, each once (suit by suit: how many
        cards of the suit each slot takes, then which; with a menu, the menu's)."""
        if self.menu is not None:
            yield from (self.now(layout) for layout in self.menu)
            return
        by_suit = [mask_cards(self.unseen & SUIT_MASK[s]) for s in range(4)]
        n = len(self.slots)

        def splits(suit: int, room: tuple[int, ...], held: tuple[int, ...]) -> Iterator[Layout]:
            if suit == 4:
                if not any(room):
                    yield held
                return
            cards = by_suit[suit]
            for parts in _counts(len(cards), room, [not v >> suit & 1 for v in self.voids]):
                rest = tuple(r - p for r, p in zip(room, parts, strict=True))
                for masks in _deal(cards, parts):
                    yield from splits(suit + 1, rest,
                                      tuple(h | m for h, m in zip(held, masks, strict=True)))

        yield from splits(0, self.caps, self.known if n else ())

    def fits(self, layout: Layout) -> bool:
        """Is ``layout`` (a layout of the unseen cards as they lay when the problem began, slot
        by slot) still consistent: each slot played only its own cards, holds its known cards,
        as many unknown ones as its room, and none of a suit it showed void in (and, with a
        menu, is it one of the menu's)?"""
        if self.menu is not None and layout not in self.menu:
            return False
        unseen = self.unseen
        for held, gone, known, cap, void in zip(layout, self.gone, self.known, self.caps,
                                                self.voids, strict=True):
            if gone & ~held or known & ~held:
                return False
            rest = held & unseen
            if rest.bit_count() != cap:
                return False
            if void and any(rest & SUIT_MASK[s] for s in range(4) if void >> s & 1):
                return False
        return True

    def now(self, layout: Layout) -> Layout:
        """A start layout (see :meth:`fits`) as the cards lie now: what each slot has played
        taken away."""
        return tuple(held & ~gone for held, gone in zip(layout, self.gone, strict=True))

    # -- what a slot may play --------------------------------------------------------------
    def holds_suit(self, i: int, suit: int) -> bool:
        """Could slot ``i`` hold a card of ``suit`` now, in some layout?"""
        if self.known[i] & SUIT_MASK[suit]:
            return True
        if self.menu is not None:
            gone = self.gone[i]
            return any(layout[i] & ~gone & SUIT_MASK[suit] for layout in self.menu)
        return bool(not self.voids[i] >> suit & 1 and self.caps[i]
                    and self.unseen & SUIT_MASK[suit])

    def after(self, i: int, card: int, led: int, trump: int) -> Knowledge | None:
        """The knowledge once slot ``i`` has played ``card`` to a trick whose led suit is
        ``led`` (-1: the card leads), trump being ``trump`` (-1: none); ``None`` if no
        consistent layout lets slot ``i`` play it (SBS-23: following suit, then trumping)."""
        bit = 1 << card
        known = self.known
        caps = self.caps
        unseen = self.unseen
        suit = SUIT_OF[card]
        void = self.voids[i]
        if known[i] & bit:
            known = (*known[:i], known[i] & ~bit, *known[i + 1:])
        elif unseen & bit and caps[i] and not void >> suit & 1:
            unseen &= ~bit
            caps = (*caps[:i], caps[i] - 1, *caps[i + 1:])
        else:
            return None
        if led >= 0 and suit != led:
            void |= 1 << led  # did not follow: holds no card of the led suit
            if trump >= 0 and suit != trump:
                void |= 1 << trump  # and did not trump: holds no trump either
        voids = self.voids if void == self.voids[i] else (*self.voids[:i], void,
                                                          *self.voids[i + 1:])
        menu = self.menu
        if menu is not None:
            gone_i = self.gone[i]
            menu = tuple(layout for layout in menu
                         if _may_play(layout[i] & ~gone_i, card, led, trump))
            if not menu:
                return None
        if not _feasible(unseen, caps, voids, known):
            return None
        gone = (*self.gone[:i], self.gone[i] | bit, *self.gone[i + 1:])
        return Knowledge(self.slots, caps, known, voids, unseen, gone, menu)

    def choices(self, i: int, led: int, trump: int) -> list[tuple[int, Knowledge]]:
        """Every card slot ``i`` may play now in some consistent layout, with the knowledge
        after it, high to low by suit (C S H D): the led suit if it may hold one, else a
        trump, else anything (SBS-23)."""
        out: list[tuple[int, Knowledge]] = []
        known = self.known[i]
        free = self.unseen if self.caps[i] else 0
        void = self.voids[i]
        suits: list[int] | range = range(4) if led < 0 else [led]
        if led >= 0 and not known & SUIT_MASK[led]:
            # it may be void in the led suit: then a trump, or anything if void in trumps too
            suits = [led, *(s for s in range(4) if s != led)]
        for s in suits:
            part = (known | (free if not void >> s & 1 else 0)) & SUIT_MASK[s]
            for c in CARDS_OF[s][(part >> (9 * s)) & 0x1FF]:
                after = self.after(i, c, led, trump)
                if after is not None:
                    out.append((c, after))
        return out


def _may_play(held: int, card: int, led: int, trump: int) -> bool:
    """May a hand holding ``held`` play ``card`` to a trick led in ``led`` (SBS-23)?"""
    if not held >> card & 1:
        return False
    suit = SUIT_OF[card]
    if led < 0 or suit == led:
        return True
    if held & SUIT_MASK[led]:
        return False  # it could follow
    return trump < 0 or suit == trump or not held & SUIT_MASK[trump]


_FEASIBLE: dict[tuple[int, tuple[int, ...], tuple[int, ...]], bool] = {}


def _feasible(unseen: int, caps: tuple[int, ...], voids: tuple[int, ...],
              known: tuple[int, ...]) -> bool:
    """Hall's condition (see :meth:`Knowledge.feasible`), remembered: searches ask the same
    question many times."""
    for k, v in zip(known, voids, strict=True):
        if k and v and any(k & SUIT_MASK[s] for s in range(4) if v >> s & 1):
            return False
    key = (unseen, caps, voids)
    got = _FEASIBLE.get(key)
    if got is not None:
        return got
    counts = [(unseen & SUIT_MASK[s]).bit_count() for s in range(4)]
    ok = True
    for subset in range(1, 16):
        need = 0
        for s in range(4):
            if subset >> s & 1:
                need += counts[s]
        if not need:
            continue
        room = 0
        for cap, v in zip(caps, voids, strict=True):
            if subset & ~v & 0xF:  # the slot takes some suit of the subset
                room += cap
        if need > room:
            ok = False
            break
    if len(_FEASIBLE) > 1 << 20:
        _FEASIBLE.clear()
    _FEASIBLE[key] = ok
    return ok


def _counts(n: int, room: Sequence[int], allowed: Sequence[bool]) -> Iterator[tuple[int, ...]]:
    """Every way to give ``n`` cards of a suit to slots with ``room`` (``allowed`` to take
    it)."""
    if len(room) == 1:
        if n <= room[0] and (allowed[0] or n == 0):
            yield (n,)
        return
    top = min(n, room[0]) if allowed[0] else 0
    for k in range(top + 1):
        for rest in _counts(n - k, room[1:], allowed[1:]):
            yield (k, *rest)


def _deal(cards: Sequence[int], parts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to hand ``cards`` out in the sizes ``parts``, as masks."""
    if len(parts) == 1:
        m = 0
        for c in cards:
            m |= 1 << c
        yield (m,)
        return
    for pick in combinations(range(len(cards)), parts[0]):
        m = 0
        for j in pick:
            m |= 1 << cards[j]
        rest = [c for j, c in enumerate(cards) if j not in pick]
        for more in _deal(rest, parts[1:]):
            yield (m, *more)


__all__ = ["WIDOW", "Knowledge", "Layout"]
