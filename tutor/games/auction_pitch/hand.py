"""Auction Pitch's rules of thumb for a hand: how many of the four points (PI-10) a hand is
likely to take with each suit as trump. The rule bot bids by them and the Monte-Carlo bot names
trump by them (:mod:`tutor.games.auction_pitch.bots`).

**Only 6 cards a player are dealt (PI-3).** Of the 46 cards a player does not see at the
auction, the other hands hold 6(n − 1) — 12 at 3 players, 36 at 7 — and the rest are never
dealt. So a card missing from my hand is *in play* only with chance 6(n − 1)/46, and "no higher
trump is in play" is a question of chance, not of counting:

- **High** — the highest trump in play, and it always wins its trick: my top trump is High when
  none of the trumps above it was dealt to another player.
- **Low** — the lowest trump in play: my bottom trump is the lowest when none of the trumps
  below it was dealt. Under the default ``low_point: captured`` the point goes to whoever *wins*
  the trick it falls in, and a higher trump often takes it: the pitcher keeps it about three
  times in four with three trumps or the ace (less at a bigger table), well under half the time
  otherwise (:func:`low_kept`).
- **Jack** — the jack of trumps, if dealt. Held, it is mine unless a higher trump in another
  hand catches it, and the pitcher drawing trumps saves it four times in five even then
  (:data:`JACK_KEPT`). Not held, it is in play with chance 6(n − 1)/46 only — so **a bid of 4
  without the trump jack is a gamble**: at small tables the jack is more often not even
  dealt, and then 4 points cannot be won.
- **Game** — most game points in the tricks won (10 = 10, A 4, K 3, Q 2, J 1). What wins it is
  trump length, which wins the tricks: about 1 in 8 with one trump, 2 in 5 with two, 2 in 3
  with three, 4 in 5 with four or more, a little less at a bigger table (:data:`GAME_BY_TRUMPS`).
  The game points in my own hand hardly matter: a 10 I hold is as often lost to a trump.

The chances of Low, Jack and Game were measured on the rule bot's own play, 3,000 to 4,000
hands at each of 3, 4, 5 and 7 players (docs/auction-pitch-bots.md). The estimate is the sum
of the four chances: a count of *likely* points, each part with its words, so a reason can say
where the count comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

from ...cards import card_label
from .rules import (
    CARDS,
    HAND_SIZE,
    JACK,
    N_CARDS,
    SUIT_MASK,
    SUIT_SYMBOLS,
)

#: the pitcher holding the lowest trump in play wins it (``low_point: captured``) this often with
#: three trumps or more, or the ace, at 3 players; and with fewer and no ace
LOW_KEPT_STRONG, LOW_KEPT_WEAK = 0.75, 0.4
#: less by this much for each player over 3 (more hands to hold a higher trump)
LOW_KEPT_PER_PLAYER = 0.05
#: a held trump jack with a higher trump in another hand survives about this often
JACK_KEPT = 0.8
#: the chance I win the trump jack when another player holds it: with a higher trump of my own
JACK_CAUGHT_WITH_HIGHER = 0.45
JACK_CAUGHT = 0.1
#: the pitcher's chance of Game by its number of trumps (1, 2, 3, 4 or more), at 3 players
GAME_BY_TRUMPS = (0.0, 0.12, 0.4, 0.65, 0.82)
#: less by this much for each player over 3, with three trumps or fewer
GAME_PER_PLAYER = 0.03


def low_kept(trumps: int, ace: bool, players: int) -> float:
    """The chance the pitcher wins the trick its lowest trump falls in, when that trump is the
    lowest in play (``low_point: captured``)."""
    base = LOW_KEPT_STRONG if trumps >= 3 or ace else LOW_KEPT_WEAK
    return max(0.1, base - LOW_KEPT_PER_PLAYER * (players - 3))


def card_words(card: int) -> str:
    """``10♥``, ``K♠``."""
    return card_label(CARDS[card])


@cache
def none_dealt(missing: int, players: int) -> float:
    """The chance that none of ``missing`` given cards I do not hold was dealt to another player,
    seen at the auction: the other hands hold 6(n − 1) of the 46 cards I do not see (PI-3)."""
    unseen = N_CARDS - HAND_SIZE
    others = HAND_SIZE * (players - 1)
    if missing > unseen - others:
        return 0.0
    return comb(unseen - missing, others) / comb(unseen, others)


def dealt_share(players: int) -> float:
    """The chance that one given card I do not hold was dealt to another player."""
    return 1.0 - none_dealt(1, players)


@dataclass(frozen=True)
class Estimate:
    """The likely points of a hand with ``trump`` as trump, and what they rest on: my top and
    bottom trumps, how many trumps lie above and below them, how many trumps I hold."""

    trump: int
    high: float
    low: float
    jack: float
    game: float
    holds_jack: bool
    top: int = -1  # my highest trump (-1: none)
    bottom: int = -1  # my lowest trump
    above: int = 0  # trumps above my top one
    below: int = 0  # trumps below my bottom one
    length: int = 0  # my trumps
    players: int = 4

    @property
    def total(self) -> float:
        return self.high + self.low + self.jack + self.game

    @property
    def words(self) -> tuple[str, str, str, str]:
        """Why, for High, Low, Jack and Game."""
        if self.top < 0:
            return (f"no {SUIT_SYMBOLS[self.trump]}", "", "", "")
        top, bottom = card_words(self.top), card_words(self.bottom)
        jack = card_words(13 * self.trump + JACK)
        return (f"{top} held, the top trump" if not self.above else
                f"{top} is High unless one of {self.above} higher is dealt",
                f"{bottom} held, the lowest trump" if not self.below else
                f"{bottom} is Low unless one of {self.below} lower is dealt",
                f"{jack} held" if self.holds_jack else
                f"{jack} dealt to another player {dealt_share(self.players):.0%} of the time",
                f"{self.length} trump{'' if self.length == 1 else 's'} to win tricks")

    def parts(self) -> str:
        """``High 1.0 (A♠ held, the top trump), Low 0.4 (…), Jack 0.8 (J♠ held), Game 0.5 (…)``."""
        names = ("High", "Low", "Jack", "Game")
        values = (self.high, self.low, self.jack, self.game)
        return ", ".join(f"{name} {value:.1f} ({why})" if why else f"{name} {value:.1f}"
                         for name, value, why in zip(names, values, self.words, strict=True))


def estimate(hand: int, trump: int, players: int, low_point: str = "captured") -> Estimate:
    """The likely points of ``hand`` (a mask) with suit ``trump`` as trump, at a table of
    ``players`` (see the module docstring)."""
    mine = hand & SUIT_MASK[trump]
    if not mine:
        return Estimate(trump, 0.0, 0.0, 0.0, 0.0, False, players=players)
    top = (mine & -mine).bit_length() - 1  # a lower index is a higher card
    bottom = mine.bit_length() - 1
    above = top % 13  # the trumps above my top one: none of them mine
    below = 12 - bottom % 13
    high = none_dealt(above, players)
    length = mine.bit_count()
    kept = 1.0 if low_point == "dealt_holder" else low_kept(length, above == 0, players)
    low = none_dealt(below, players) * kept
    jack_card = 13 * trump + JACK
    holds_jack = bool(hand >> jack_card & 1)
    if holds_jack:
        higher_missing = sum(1 for place in range(JACK) if not hand >> (13 * trump + place) & 1)
        safe = none_dealt(higher_missing, players)
        jack = safe + (1 - safe) * JACK_KEPT
    else:
        caught = JACK_CAUGHT_WITH_HIGHER if top < jack_card else JACK_CAUGHT
        jack = dealt_share(players) * caught
    game = GAME_BY_TRUMPS[min(length, 4)]
    if length <= 3:
        game = max(0.02, game - GAME_PER_PLAYER * (players - 3))
    return Estimate(trump, high, low, jack, game, holds_jack, top, bottom, above, below, length,
                    players)


@lru_cache(maxsize=4096)
def best_trump(hand: int, players: int, low_point: str = "captured") -> Estimate:
    """The suit the hand counts most likely points with (ties: the longer suit, then the
    first in C S H D order) — the suit the rule bot bids on and leads as trump."""
    best: Estimate | None = None
    best_key: tuple[float, int, int] = (-1.0, 0, 0)
    for suit in range(4):
        if not hand & SUIT_MASK[suit]:
            continue
        e = estimate(hand, suit, players, low_point)
        key = (round(e.total, 9), (hand & SUIT_MASK[suit]).bit_count(), -suit)
        if key > best_key:
            best, best_key = e, key
    assert best is not None, "an empty hand names no trump"
    return best


__all__ = ["GAME_BY_TRUMPS", "JACK_KEPT", "Estimate", "best_trump", "card_words", "dealt_share",
           "estimate", "low_kept", "none_dealt"]
