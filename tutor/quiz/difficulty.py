"""Two difficulty levels for the quizzes: *first steps* and *harder*.

A question's level is read from its public form alone — the same question is always of the same
level, and nothing here changes how questions are made (their seeds and answers stay as they
are). A quiz widget asks only questions of the level the learner picked, trying seeds until one
fits, as it does for a lesson's contract.

What makes a question *harder*, kind by kind:

- card order — four cards, or a whole list to put in order (two or three cards: first steps);
- points — the bidder's P (the widow or the discard to add in), or more than five cards;
- the deal — a table of four or five (someone sits out), or where a card of the pack goes;
- legal plays — a player who cannot follow (trump or any card), or a table of more than three;
- who wins the trick — a trump in it, or a ten against a king of the led suit, or more than
  three cards;
- the auction — which calls are legal, or who speaks next (who won it: first steps);
- settlement — a table of four or five;
- a game's own kinds — a table of more than three, unless the game reads its own questions'
  levels (:meth:`tutor.quiz.adapter.GameQuiz.level`: Auction Pitch's kinds share names with
  the generic ones but not their exhibits).
"""

from __future__ import annotations

from .core import DEFAULT_GAME, Question, QuizError
from .registry import game_quiz

LEVELS: dict[int, str] = {1: "First steps", 2: "Harder"}


def difficulty(question: Question) -> int:
    """1 (first steps) or 2 (harder): see the module docstring."""
    q = question
    if q.game != DEFAULT_GAME:
        try:
            own = game_quiz(q.game).level(q)
        except QuizError:  # a game without a quiz adapter (a decision game's own kind)
            own = None
        if own is not None:
            return own
    ctx = q.context
    players = ctx.get("players")
    big_table = isinstance(players, int) and players > 3
    if q.kind == "card-order":
        return 2 if ctx.get("variant") == "order" or len(q.cards) > 3 else 1
    if q.kind == "points":
        return 2 if ctx.get("variant") == "bidder" or len(q.cards) > 5 else 1
    if q.kind == "deal":
        return 2 if big_table or ctx.get("variant") in ("packet", "sitout", "count") else 1
    if q.kind == "legal-plays":
        view = q.view
        if view is None or big_table or len(view.active) > 3:
            return 2
        if not view.trick:
            return 1
        led = view.trick[0].suit
        return 1 if any(c.suit is led for c in view.hand) else 2
    if q.kind == "trick-winner":
        cards = [c for _, c in q.trick]
        if len(cards) > 3 or not cards:
            return 2
        trump = ctx.get("trump")
        led = cards[0].suit
        ranks = {c.rank.letter for c in cards if c.suit is led}
        ruffed = trump is not None and any(c.suit.letter == trump for c in cards[1:]) \
            and led.letter != trump
        return 2 if ruffed or {"T", "K"} <= ranks else 1
    if q.kind == "auction":
        return 1 if ctx.get("variant") == "winner" else 2
    if q.kind == "settlement":
        return 2 if big_table else 1
    return 2 if big_table else 1


__all__ = ["LEVELS", "difficulty"]
