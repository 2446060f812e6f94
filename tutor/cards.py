"""Cards, suits, ranks, card points and decks — the vocabulary every game shares.

Text form (see ``shared/hand-record.md``): two characters, rank then suit — ``TH`` is the ten of
hearts, ``AS`` the ace of spades, ``6D`` the six of diamonds. The parser also takes ``10`` for the
ten, lower case and the suit symbols (``10♥``, ``th``, ``T♥``); output is always ``TH``.

A card knows its rank and suit, never its strength or its points: those belong to the game's
:class:`Deck`. In the Tapp family (Six-Bid Solo, Frog, Crazy Solo, Sixty-Six) the order is
**A 10 K Q J 9 8 7 6** — the ten above the king (SBS-2) — and the ace is worth 11; in Auction
Pitch the order is A K Q J 10 ... 2 and the ace is worth 4 game points (PI-1, PI-10).

>>> Card.parse("10♥")
Card.parse('TH')
>>> th, kh, ah = Card.parse("th"), Card.parse("KH"), Card.parse("AH")
>>> str(th), DECK_36.points(th), DECK_36.points(ah), DECK_52.points(th), DECK_52.points(ah)
('TH', 10, 11, 10, 4)
>>> DECK_36.beats(th, kh), DECK_52.beats(th, kh)
(True, False)
>>> DECK_36.ordered(Card.parse(t) for t in ["KH", "TH", "AS"])
[Card.parse('AS'), Card.parse('TH'), Card.parse('KH')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from warnings import warn

from .errors import NotationError


class Suit(IntEnum):
    """The four suits, numbered in record order C S H D (also SBS-4's order, highest first)."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        """``C``, ``S``, ``H`` or ``D``."""
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♠``, ``♥`` or ``♦``."""
        return "♣♠♥♦"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def noun(self) -> str:
        """``clubs``, ``spades``, ``hearts``, ``diamonds``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``"H"``, ``"h"`` or ``"♥"`` → :attr:`Suit.HEARTS`; anything else is a NotationError."""
        if isinstance(text, str) and len(text) == 1:
            suit = _SUIT_BY_CHAR.get(text.upper())
            if suit is not None:
                return suit
        raise NotationError("SBS-1", "a suit is one of C S H D (or ♣ ♠ ♥ ♦)", what=repr(text))

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.letter


_SUIT_BY_CHAR = {c: Suit(i) for i, c in enumerate("CSHD")} | {
    c: Suit(i) for i, c in enumerate("♣♠♥♦")
}


class Rank(IntEnum):
    """The thirteen ranks. The values are identities (they follow the Tapp order of SBS-2, so
    ``TEN > KING`` — false in Auction Pitch): compare cards through their game's :class:`Deck`."""

    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    EIGHT = 7
    NINE = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    TEN = 12
    ACE = 13

    @property
    def letter(self) -> str:
        """``A T K Q J 9 8 7 6 5 4 3 2``."""
        return _RANK_LETTER[self]

    @property
    def noun(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Rank:
        """``"T"``, ``"10"``, ``"a"`` ... → a Rank; anything else is a NotationError."""
        if isinstance(text, str):
            rank = _RANK_BY_TEXT.get(text.upper())
            if rank is not None:
                return rank
        raise NotationError("SBS-1", "a rank is one of A T K Q J 9 8 7 6 (5 4 3 2)",
                            what=repr(text))

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.letter


_RANK_LETTER = {
    Rank.ACE: "A", Rank.TEN: "T", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J",
    Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7", Rank.SIX: "6", Rank.FIVE: "5",
    Rank.FOUR: "4", Rank.THREE: "3", Rank.TWO: "2",
}  # fmt: skip
_RANK_BY_TEXT = {v: k for k, v in _RANK_LETTER.items()} | {"10": Rank.TEN}
_TAPP_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: immutable and hashable, with no order of its own.

    Which card is higher and what it is worth depend on the game: ask its :class:`Deck`
    (:meth:`Deck.beats`, :meth:`Deck.strength`, :meth:`Deck.points`, :meth:`Deck.sort_key`).
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``TH``, ``10♥``, ``th``; raise :class:`NotationError` (REC-3) otherwise."""
        if isinstance(text, str) and 2 <= len(text) <= 3:
            cached = _CARD_BY_TEXT.get(text.upper())
            if cached is not None:
                return cached
        raise NotationError("REC-3", "not a card (rank A T K Q J 9 8 7 6 5 4 3 2, suit C S H D)",
                            what=repr(text))

    @property
    def text(self) -> str:
        """The two-character form, ``TH``."""
        return self.rank.letter + self.suit.letter

    @property
    def points(self) -> int:
        """Deprecated: Six-Bid Solo's card points (SBS-3). Ask the game's deck instead,
        ``DECK_36.points(card)``: in Auction Pitch the ace is worth 4 (PI-10), not 11."""
        warn("Card.points is Six-Bid Solo's; use the game's Deck.points(card)",
             DeprecationWarning, stacklevel=2)
        return _TAPP_POINTS.get(self.rank, 0)

    @property
    def name(self) -> str:
        """Words, for screen readers and lessons: ``ten of hearts``."""
        return f"{self.rank.noun} of {self.suit.noun}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


_CARD_BY_TEXT: dict[str, Card] = {}
for _s in Suit:
    for _r in Rank:
        _card = Card(_r, _s)
        for _rt in (["10", "T"] if _r is Rank.TEN else [_r.letter]):
            for _st in (_s.letter, _s.symbol):
                _CARD_BY_TEXT[_rt + _st] = _card


def card_label(card: Card) -> str:
    """``10♥``, ``K♠``: how cards are written in prompts, choices and the table's log."""
    rank = "10" if card.rank is Rank.TEN else card.rank.letter
    return rank + card.suit.symbol


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse many cards: ``parse_cards("AS TS".split())``."""
    return [Card.parse(t) for t in texts]


@dataclass(frozen=True)
class Deck:
    """A game's deck as data: its ranks (highest first, in this game's order), suits and points.

    ``cards`` lists the deck in *index order*: suit by suit (C S H D), each suit from its highest
    rank down — also the display order of hands and legal lists. Games that search fast use
    ``index(card)`` (0..len-1) and bit masks over it. Order and points are the deck's, never the
    card's: the same ten outranks the king in Six-Bid Solo and not in Auction Pitch.
    """

    name: str
    ranks: tuple[Rank, ...]
    suits: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    point_table: tuple[tuple[Rank, int], ...] = tuple(_TAPP_POINTS.items())
    removed: frozenset[Card] = frozenset()
    cards: tuple[Card, ...] = field(init=False, repr=False)
    _index: dict[Card, int] = field(init=False, repr=False, compare=False)
    _place: dict[Rank, int] = field(init=False, repr=False, compare=False)
    _points: dict[Rank, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(Card(r, s) for s in self.suits for r in self.ranks
                      if Card(r, s) not in self.removed)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(cards)})
        object.__setattr__(self, "_place", {r: i for i, r in enumerate(self.ranks)})
        object.__setattr__(self, "_points", dict(self.point_table))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._index

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def parse(self, text: str, where: str = "") -> Card:
        """Card text → a card of this deck; text that is no card, or a card outside this deck
        (``2S`` in Sixty-Six's 24 cards), is a :class:`NotationError` (REC-3)."""
        try:
            card = Card.parse(text)
        except NotationError as e:
            raise e.at(where) from None
        if card not in self._index:
            raise NotationError("REC-3", f"not a card of the {self.name} deck ({len(self)} cards)",
                                where=where, what=card.text)
        return card

    def index(self, card: Card) -> int:
        """Position of ``card`` in :attr:`cards` (REC-3 if it is not in this deck)."""
        i = self._index.get(card)
        if i is None:
            raise NotationError("REC-3", f"not a card of the {self.name} deck", what=str(card))
        return i

    # -- points --
    def points(self, card: Card) -> int:
        """This deck's card points for ``card`` (SBS-3; Pitch's game points, PI-10)."""
        return self._points.get(card.rank, 0)

    def rank_points(self, rank: Rank) -> int:
        """The card points of every card of ``rank`` in this deck."""
        return self._points.get(rank, 0)

    @property
    def total_points(self) -> int:
        """The points of the whole deck: 120 in the Tapp decks, 80 game points in Pitch's."""
        return sum(self.points(c) for c in self.cards)

    # -- order --
    def strength(self, card: Card) -> int:
        """The rank's strength in this deck: higher beats lower within a suit (the lowest rank
        is 1). Suits are not compared; that is the game's rule (trumps, the led suit)."""
        place = self._place.get(card.rank)
        if place is None:
            raise NotationError("REC-3", f"not a rank of the {self.name} deck", what=str(card))
        return len(self.ranks) - place

    def beats(self, a: Card, b: Card) -> bool:
        """Rank order of this deck, same suit assumed: does ``a`` outrank ``b``?"""
        return self.strength(a) > self.strength(b)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Display order: suits C S H D, then rank high to low in this deck's order."""
        return (card.suit, -self.strength(card))

    def ordered(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` in display order (:meth:`sort_key`)."""
        return sorted(cards, key=self.sort_key)

    def without(self, cards: Iterable[Card], name: str | None = None) -> Deck:
        """A reduced deck (Crazy Solo removes low cards by player count, CS-2)."""
        gone = self.removed | frozenset(cards)
        return Deck(name or f"{self.name}-{len(gone)}", self.ranks, self.suits, self.point_table,
                    gone)


TAPP_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK,
              Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX)
#: Six-Bid Solo, Frog, Crazy Solo: 36 cards, A 10 K Q J 9 8 7 6 (SBS-1, SBS-2); 120 points.
DECK_36 = Deck("tapp-36", TAPP_RANKS)
#: Sixty-Six: 24 cards, A 10 K Q J 9, the same points.
DECK_24 = Deck("sixty-six-24", TAPP_RANKS[:6])
#: Auction Pitch: 52 cards in the natural order A K Q J 10 9 ... 2 (PI-1); game points 10 = 10,
#: A 4, K 3, Q 2, J 1 (PI-10), 80 in all.
DECK_52 = Deck(
    "pitch-52",
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
     Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO),
    point_table=((Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2), (Rank.JACK, 1), (Rank.TEN, 10)),
)
