"""Cards, suits, ranks, card points and decks — the vocabulary every game shares.

Text form (see ``shared/hand-record.md``): two characters, rank then suit — ``TH`` is the ten of
hearts, ``AS`` the ace of spades, ``6D`` the six of diamonds. The parser also takes ``10`` for the
ten, lower case and the suit symbols (``10♥``, ``th``, ``T♥``); output is always ``TH``.

Ranks are ordered as in the Tapp family (Six-Bid Solo, Frog, Crazy Solo, Sixty-Six):
**A 10 K Q J 9 8 7 6** — the ten above the king (SBS-2). A game with another order (Auction
Pitch: A K Q J 10 ... 2) carries its own order in its :class:`Deck`.

>>> Card.parse("10♥")
Card.parse('TH')
>>> str(Card.parse("th")), Card.parse("TH").points
('TH', 10)
>>> sorted(Card.parse(t) for t in ["KH", "TH", "AH"])
[Card.parse('KH'), Card.parse('TH'), Card.parse('AH')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum

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
    """Ranks; the value is the Tapp-family strength (higher beats lower), so ``TEN > KING``."""

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
    def points(self) -> int:
        """Card points in the Tapp family (SBS-3): A 11, 10 10, K 4, Q 3, J 2, others 0."""
        return _TAPP_POINTS.get(self, 0)

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
    """One card: immutable, hashable, ordered.

    Ordering compares rank first (Tapp strength, SBS-2), then suit by SBS-4 (clubs highest,
    diamonds lowest) — so within a suit cards are ordered by rank, and ``min`` of a cut finds the
    lowest card of SBS-6 (6♦ lowest of all). For display order use :attr:`sort_key`.
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
        """Card points in the Tapp family (SBS-3). Other games look points up in their Deck."""
        return self.rank.points

    @property
    def name(self) -> str:
        """Words, for screen readers and lessons: ``ten of hearts``."""
        return f"{self.rank.noun} of {self.suit.noun}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Display order: suits C S H D, then rank high to low (the order of legal lists)."""
        return (self.suit, -self.rank)

    def _cmp_key(self) -> tuple[int, int]:
        return (self.rank, -self.suit)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp_key() < other._cmp_key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp_key() <= other._cmp_key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp_key() > other._cmp_key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._cmp_key() >= other._cmp_key()

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


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse many cards: ``parse_cards("AS TS".split())``."""
    return [Card.parse(t) for t in texts]


@dataclass(frozen=True)
class Deck:
    """A deck as data: which ranks (highest first, in this game's order), which suits, points.

    ``cards`` lists the deck in *index order*: suit by suit (C S H D), each suit from its highest
    rank down. Games that search fast use ``index(card)`` (0..len-1) and bit masks over it.
    """

    name: str
    ranks: tuple[Rank, ...]
    suits: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    point_table: tuple[tuple[Rank, int], ...] = tuple(_TAPP_POINTS.items())
    removed: frozenset[Card] = frozenset()
    cards: tuple[Card, ...] = field(init=False)

    def __post_init__(self) -> None:
        cards = tuple(Card(r, s) for s in self.suits for r in self.ranks
                      if Card(r, s) not in self.removed)
        object.__setattr__(self, "cards", cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def index(self, card: Card) -> int:
        """Position of ``card`` in :attr:`cards`."""
        return self.cards.index(card)

    def points(self, card: Card) -> int:
        """This deck's card points for ``card``."""
        return dict(self.point_table).get(card.rank, 0)

    def beats(self, a: Card, b: Card) -> bool:
        """Rank order of this deck, same suit assumed: does ``a`` outrank ``b``?"""
        return self.ranks.index(a.rank) < self.ranks.index(b.rank)

    def without(self, cards: Iterable[Card], name: str | None = None) -> Deck:
        """A reduced deck (Crazy Solo removes low cards by player count)."""
        gone = self.removed | frozenset(cards)
        return Deck(name or f"{self.name}-{len(gone)}", self.ranks, self.suits, self.point_table,
                    gone)


TAPP_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK,
              Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX)
#: Six-Bid Solo, Frog, Crazy Solo: 36 cards, A 10 K Q J 9 8 7 6 (SBS-1, SBS-2); 120 points.
DECK_36 = Deck("tapp-36", TAPP_RANKS)
#: Sixty-Six: 24 cards, A 10 K Q J 9, the same points.
DECK_24 = Deck("sixty-six-24", TAPP_RANKS[:6])
#: Auction Pitch: 52 cards in the natural order A K Q J 10 9 ... 2; its game points differ.
DECK_52 = Deck(
    "pitch-52",
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
     Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO),
    point_table=((Rank.ACE, 4), (Rank.KING, 3), (Rank.QUEEN, 2), (Rank.JACK, 1), (Rank.TEN, 10)),
)
