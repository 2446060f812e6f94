"""The likely mistake behind a wrong pick — named without giving the answer away.

A learner who picks a wrong answer gets a second try before the answer is shown
(:class:`tutor.widgets.quiz.QuizWidget`). What helps then is not the answer but the slip that
most likely produced the pick: a ten counted as nothing, the led suit ignored, the widow
forgotten. :func:`likely_mistake` reads the question (its public exhibit and, server side, its
answer key) and the pick, and names that slip with the rule id it breaks.

Every slip is found by working the pick out again: a wrong count is matched against the counts
the usual slips give (the same arithmetic as :func:`tutor.quiz.generators._points_mistakes`), a
wrong card against the order of its suit and the trick's led suit and trump. A pick no known
slip explains gets a plain nudge naming the rules to read again (:data:`NUDGE`). The sentence
never names the right answer, so the try again is a real one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from ..cards import DECK_36, Card, Rank, Suit, card_label
from .core import Question, QuizError
from .registry import game_quiz

#: When no slip explains a pick: the rules to read again.
NUDGE = "Not that one. Read the rule again ({rules}) and try once more."

Finder = Callable[[Question, Sequence[str]], str]


def likely_mistake(question: Question, picked: Sequence[str]) -> str:
    """The slip behind ``picked`` (the values the learner chose) in ``question``, in one or two
    sentences citing its rule id; a plain nudge when no known slip explains it; ``""`` when the
    pick is right."""
    key = question.key()
    if frozenset(picked) == key.answer:
        return ""
    try:  # the game's own words first: a game outside the Tapp family names its kinds alike
        found = game_quiz(question.game).mistake(question, picked)
    except QuizError:  # a game without a quiz adapter (a decision game's own kind)
        found = ""
    finder = _FINDERS.get(question.kind)
    if not found and finder is not None:
        found = finder(question, picked)
    return found or NUDGE.format(rules=", ".join(key.rules))


# --- helpers ------------------------------------------------------------------------------------
def _card(value: str) -> Card | None:
    try:
        return Card.parse(value)
    except ValueError:
        return None


def _int(value: str) -> int | None:
    try:
        return int(value)
    except ValueError:
        return None


def _pts(card: Card) -> int:
    """The card's points in the 36-card deck (SBS-3)."""
    return DECK_36.points(card)


def _above(a: Card, b: Card) -> bool:
    """Does ``a`` rank above ``b`` in their suit (SBS-2)?"""
    return DECK_36.beats(a, b)


TEN_KING = ("It looks as if the king was put above the ten: in this game the ten ranks just "
            "below the ace, above the king (SBS-2).")


# --- card order (SBS-2) -------------------------------------------------------------------------
def _card_order(q: Question, picked: Sequence[str]) -> str:
    if q.context.get("variant") == "order":
        cards = [c for c in (_card(t) for t in picked[0].split()) if c is not None]
        ranks = [c.rank for c in cards]
        if Rank.TEN in ranks and Rank.KING in ranks and \
                ranks.index(Rank.KING) < ranks.index(Rank.TEN):
            return ("That list puts the ten below the king, as most other card games do; here "
                    "the ten ranks just below the ace (SBS-2).")
        ordered = all(_above(a, b) for a, b in pairwise(cards))
        if all(_above(b, a) for a, b in pairwise(cards)):
            return "That list runs from the lowest up; the question asks from the highest down."
        if not ordered:
            return "Two cards of that list are out of order: compare them one pair at a time."
        return ""
    pick = _card(picked[0])
    if pick is None:
        return ""
    lowest = q.context.get("variant") == "lowest"
    others = [c for c in q.cards if c != pick]
    if any(c.rank is Rank.TEN for c in others) and pick.rank is Rank.KING and not lowest:
        return TEN_KING
    if lowest and pick.rank is Rank.TEN and any(c.rank is Rank.KING for c in others):
        return TEN_KING
    if lowest and any(_above(pick, c) for c in others):
        return (f"{card_label(pick)} is not the lowest: another card ranks below it "
                "(SBS-2, highest first A 10 K Q J 9 8 7 6).")
    return ""


# --- points (SBS-3; the game's P) ---------------------------------------------------------------
def _points(q: Question, picked: Sequence[str]) -> str:
    pick = _int(picked[0])
    if pick is None:
        return ""
    if q.context.get("variant") == "bidder":
        widow = [c for c in (_card(t) for t in _extra(q)) if c is not None]
        in_tricks = sum(_pts(c) for c in q.cards)
        extra = sum(_pts(c) for c in widow)
        right = int(next(iter(q.key().answer)))
        if pick == in_tricks and extra:
            return ("It looks as if the cards laid aside were forgotten: in this contract their "
                    "points count for the bidder too (SBS-12).")
        if pick == extra:
            return "That counts the cards laid aside alone; the bidder's tricks count too."
        if pick == 120 - right:
            return ("That is what the other side took: P counts the bidder's own tricks "
                    "(SBS-12).")
        return _card_slips(list(q.cards) + widow, pick)
    return _card_slips(list(q.cards), pick)


def _extra(q: Question) -> list[str]:
    for key in ("widow", "discard"):
        value = q.context.get(key)
        if isinstance(value, list):
            return [str(v) for v in value]
    return []


def _card_slips(cards: Sequence[Card], pick: int) -> str:
    """The point-count slips of :func:`tutor.quiz.generators._points_mistakes`, by name."""
    total = sum(_pts(c) for c in cards)
    tens = sum(1 for c in cards if c.rank is Rank.TEN)
    kings = sum(1 for c in cards if c.rank is Rank.KING)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    if tens and pick == total - 10 * tens + 6 * kings and kings:
        return ("It looks as if the ten was counted as nothing and the king as ten: a ten is "
                "worth 10, a king 4 (SBS-3).")
    if tens and pick == total - 10 * tens:
        return "It looks as if a ten was counted as 0: a ten is worth 10 (SBS-3)."
    if kings and pick == total + 6 * kings:
        return "It looks as if a king was counted as 10: a king is worth 4 (SBS-3)."
    if aces and pick == total - 10 * aces:
        return "It looks as if an ace was counted as 1: an ace is worth 11 (SBS-3)."
    return ("Count again card by card: A 11, 10 10, K 4, Q 3, J 2, and nothing for 9 8 7 6 "
            "(SBS-3).")


# --- the deal (SBS-5, SBS-8, SBS-V2) ------------------------------------------------------------
def _deal(q: Question, picked: Sequence[str]) -> str:
    variant = q.context.get("variant")
    players = q.context.get("players", 3)
    if variant == "position":
        return ("Count from the dealer: the first active player on the dealer's left is "
                "forehand, then middlehand, then endhand (SBS-5).")
    if variant == "sitout":
        return ("With 4 players only the dealer receives no cards; with 5, the dealer and one "
                "more seat, by the table's sit-out rule (SBS-V2).")
    if variant == "count":
        pick = _int(picked[0])
        if pick == 12:
            return ("The widow's 3 cards are nobody's hand: they are dealt to the middle, not "
                    "to a player (SBS-8).")
        if pick in (0,) and players:
            return "Is that seat active in this deal? Only the seats sitting out get none (SBS-V2)."
        if pick == 11:
            return "Does that seat play in this deal? A seat that sits out gets none (SBS-V2)."
        return ("Is that seat active in this deal? If so, count its packets: one of four, one "
                "of three, one more of four (SBS-8).")
    if variant == "packet":
        return ("Walk the packets from the top: 4 to each, 3 to each, 3 to the widow, then 4 "
                "to each (SBS-8).")
    return ""


# --- legal plays (SBS-23) -----------------------------------------------------------------------
def _legal_plays(q: Question, picked: Sequence[str]) -> str:
    key = q.key()
    wrongly = [v for v in picked if v not in key.answer]
    missed = [v for v in key.answer if v not in picked]
    view = q.view
    trick = list(view.trick) if view is not None else []
    follow = str(key.rules[0]) if key.rules else "SBS-23"
    if not trick:
        return (f"You lead this trick: the duty to follow binds only the players who follow, "
                f"so look again at which of your cards are allowed ({follow}).")
    led = trick[0].suit
    trump = view.trump if view is not None else None
    hand = list(view.hand) if view is not None else []
    holds_led = any(c.suit is led for c in hand)
    parts = []
    if wrongly:
        off = [_card(v) for v in wrongly]
        if holds_led and any(c is not None and c.suit is not led for c in off):
            parts.append(f"The led suit was ignored: {led.symbol} was led and you hold "
                         f"{led.noun}, so you must follow suit ({follow}).")
        elif trump is not None and not holds_led and any(
                c is not None and c.suit is not trump for c in off):
            parts.append(f"You cannot follow {led.symbol}, but you hold trumps "
                         f"({trump.symbol}): you must play a trump then ({follow}).")
    if missed:
        parts.append(f"Some cards you may play were left out: there is no duty to play high or "
                     f"to over-trump, so every card that meets the duty is allowed ({follow}).")
    return " ".join(parts)


# --- who wins the trick (SBS-24) ----------------------------------------------------------------
def _trick_winner(q: Question, picked: Sequence[str]) -> str:
    seat = _int(picked[0])
    played = dict(q.trick)
    pick = played.get(seat) if seat is not None else None
    if pick is None or not q.trick:
        return ""
    led = q.trick[0][1].suit
    trump_letter = q.context.get("trump")
    trump = Suit.parse(str(trump_letter)) if trump_letter else None
    cards = [c for _, c in q.trick]
    win_rule = next((r for r in q.key().rules), "SBS-24")
    if trump is not None and pick.suit is not trump and any(c.suit is trump for c in cards):
        return (f"A trump was played to this trick: a trump beats every card of another suit "
                f"({win_rule}).")
    if pick.suit is not led and pick.suit is not trump:
        return (f"The led suit was ignored: a card that neither follows suit nor trumps never "
                f"wins the trick ({win_rule}).")
    higher = [c for c in cards if c.suit is pick.suit and _above(c, pick)]
    if pick.rank is Rank.KING and any(c.rank is Rank.TEN for c in higher):
        return TEN_KING
    if higher:
        return (f"Another card of {pick.suit.symbol} ranks above {card_label(pick)} "
                "(SBS-2: A 10 K Q J 9 8 7 6).")
    return ""


# --- the auction (SBS-13..17, SBS-16a) ----------------------------------------------------------
def _auction(q: Question, picked: Sequence[str]) -> str:
    variant = q.context.get("variant")
    if variant == "calls":
        key = q.key()
        if "pass" in key.answer and "pass" not in picked:
            return "Passing is always allowed (SBS-13)."
        if any(v not in key.answer for v in picked):
            return ("A bid must name a strictly higher contract than the one standing: there "
                    "is no hold at the same level (SBS-14).")
        return ("Any contract above the standing one may be named — not only the next one up "
                "(SBS-14).")
    if variant == "winner":
        if picked[0] == "none":
            return "Did all three pass? The deal is thrown in only then (SBS-17)."
        return ("The bidder is the one player who has not passed, with the last contract named "
                "(SBS-16a, step 2).")
    return ("Walk the procedure call by call: after a bid the other player still in answers; "
            "after a pass, the first of middlehand and endhand who has not spoken (SBS-16a).")


# --- settlement (the game's rules) --------------------------------------------------------------
def _settlement(q: Question, picked: Sequence[str]) -> str:
    pick = _int(picked[0])
    right = _int(next(iter(q.key().answer)))
    if pick is None or right is None:
        return ""
    ctx = q.context
    players = int(ctx.get("players", 3))
    if right and pick == -right:
        return ("The sign is the wrong way round: the bidder receives from each opponent when "
                "the contract is made and pays each one when it is lost.")
    if ctx.get("variant") == "bidder":
        opponents = players - 1
        each = [right // k for k in range(1, opponents + 1) if k and right % k == 0]
        if pick in each and pick != right:
            return ("That is one opponent's share: the bidder settles with each opponent — "
                    "add them all up.")
        if players == 5 and right and pick == right * 2:
            return ("With 5 players a made Solo or Heart Solo collects only from the two "
                    "defenders; a lost one pays all four opponents (SBS-V2).")
    else:
        seat = ctx.get("seat")
        if pick == 0 and right and isinstance(seat, int) and seat not in ctx.get("active", []):
            return "A player who sat out still settles like any opponent (SBS-V2)."
        if right == 0 and pick:
            return ("With 5 players a made Solo or Heart Solo collects only from the two "
                    "defenders: those who sat out pay nothing (SBS-V2).")
    points = ctx.get("bidder_points")
    contract = ctx.get("contract")
    if isinstance(points, int) and contract in ("solo", "heart-solo"):
        margin = points - 60
        if abs(pick) in (abs(margin), abs(margin) * (players - 1)):
            return ("The margin P − 60 is multiplied: by 2 in Solo, by 3 in Heart Solo "
                    "(SBS-10).")
        if abs(pick) in (abs(2 * margin) if contract == "heart-solo" else abs(3 * margin),):
            return "Check the multiplier: 2 in Solo, 3 in Heart Solo (SBS-10)."
    return ""


_FINDERS: dict[str, Finder] = {
    "card-order": _card_order, "points": _points, "deal": _deal, "legal-plays": _legal_plays,
    "trick-winner": _trick_winner, "auction": _auction, "settlement": _settlement,
}


__all__ = ["NUDGE", "likely_mistake"]
