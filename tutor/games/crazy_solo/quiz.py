"""Crazy Solo in the quiz, found by the quiz's registry (:mod:`tutor.quiz.registry`) as
``QUIZ``: the generic play kinds at a table of 3 to 12 (legal plays and the trick's winner,
tricks of n cards, CS-10) and Crazy Solo's own kinds:

- ``deck`` — the deck by player count and the spit (CS-2), the leader (CS-3);
- ``calls`` — one call each, which calls are open, the take-over in hearts, who is the bidder,
  the throw-in (CS-4, CS-4a, CS-5, CS-6);
- ``partner`` — "who can the partner be now?", graded from the cards the asking seat has seen
  (CS-8, CS-9, CS-10);
- ``payment`` — k × (P − 60) rounded to the nearest 5, the draw, and who pays whom: the gang
  split with the odd member settling with the bidder (CS-11, CS-12).

Every answer is the engine's: deals dealt by ``new_deal`` and played through the checked
``apply``, ``legal_actions``, ``bidder``, ``payment()``, ``chips()``, the rules' ``deck_for``,
``payment`` and ``gang_split``; the partner question's, the rules' ``possible_partners`` of
the asking seat's view. Positions come from realistic play: seeded deals called, declared and
played by the rule bot (each seat from its own view), at tables of 3 to 12.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple

from ...bots import make_bot
from ...cards import DECK_36, Card, Suit, card_label
from ...engine.sampler import game_of
from ...errors import IllegalActionError
from ...quiz.core import AnswerKey, Choice, Question
from ...quiz.generators import CourseLesson, Generator, TappQuiz, number_choices
from ..tapp import (
    AUCTION,
    CALL_BASE,
    CARD_INDEX,
    CARDS,
    DECLARE,
    HEARTS,
    PASS,
    PLAY,
    SUIT_MASK,
    SUIT_OF,
    TappState,
    mask_of,
    played_and_voids,
)
from .rules import (
    CONTRACT_NAMES,
    CONTRACTS,
    GAME_ID,
    SOLO_IN_HEARTS,
    CrazySolo,
    CrazySoloState,
    CrazySoloView,
    deck_for,
    gang_split,
    multiplier,
    payment,
    possible_partners,
)

#: The rule file's checks of CS-11 (``crazy-solo.md``, "Checks"): trump and the soloists'
#: points. The payment questions ask about them half the time; the answers are the rules'.
CHECKS: tuple[tuple[str, int], ...] = (
    ("S", 61), ("H", 61), ("C", 58), ("H", 59), ("S", 59), ("H", 58), ("H", 57), ("S", 64),
    ("H", 62), ("H", 46))
#: Table sizes a question is dealt at: every count of CS-2, the usual four to eight most often.
TABLES = (3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12)


class CrazySoloQuiz(TappQuiz):
    """Crazy Solo's part in the quiz: the play kinds at tables of 3 to 12, and its own kinds."""

    game_id = GAME_ID
    generic_kinds: ClassVar[tuple[str, ...]] = ("legal-plays", "trick-winner")
    follow_rule = "CS-10"
    win_rule = "CS-10"
    next_lead_rule = "CS-10"
    order_rule = "CS-1"
    course: ClassVar[tuple[CourseLesson, ...]] = (
        CourseLesson("30-crazy-solo", "The deck, the leader and the calls",
                     ("CS-1", "CS-2", "CS-3", "CS-4", "CS-5", "CS-6")),
        CourseLesson("31-crazy-solo-partner", "Calling a card and finding the partner",
                     ("CS-7", "CS-8", "CS-9", "CS-10")),
        CourseLesson("32-crazy-solo-payment", "Payment, the blind round and three hands",
                     ("CS-11", "CS-12", "CS-13", "CS-14")),
        CourseLesson("33-crazy-solo-worked-deal", "A worked deal", ("CS-8", "CS-9", "CS-10")),
    )

    def own_kinds(self) -> dict[str, tuple[str, Generator]]:
        return {"deck": ("The deck and the leader", deck),
                "calls": ("The calls", calls),
                "partner": ("Who can the partner be?", partner),
                "payment": ("Payment and rounding", payment_question)}

    def level(self, question: Question) -> int | None:
        """A partner question is *first steps* when the asking seat holds the called card or
        no other seat has shown a void in its suit yet (nothing to read: every seat but the
        asker may hold it), *harder* when the play must be read for voids (CS-10); the other
        kinds: the generic reading."""
        view = question.view
        if question.kind != "partner" or not isinstance(view, CrazySoloView) \
                or view.called is None:
            return None
        if view.called in view.hand:
            return 1
        return 2 if any(s != view.seat for s in shown_void(view, view.called.suit)) else 1

    def first_lead(self) -> tuple[str, str]:
        return "the leader, on the dealer's left, leads the first trick (CS-10)", "CS-10"

    def play_deal(self, rng: random.Random) -> TappState:
        return bot_deal(rng, table(rng))

    def play_on(self, state: TappState, rng: random.Random) -> list[TappState]:
        return bot_play(state)

    def play_context(self, state: TappState) -> dict[str, Any]:
        return {"players": state.n}

    def play_facts(self, state: TappState) -> list[tuple[str, str]]:
        return [("Table", table_words(state))]


#: Crazy Solo's part in the quiz (the registry, :mod:`tutor.quiz.registry`, reads this name).
QUIZ = CrazySoloQuiz()


# --- tables and deals ----------------------------------------------------------------------------
def table(rng: random.Random, players: int | None = None, *, partner: bool = False
          ) -> CrazySolo:
    """A game at a table of ``players`` (else drawn from :data:`TABLES`; at least 4 when the
    question needs a ``partner``, CS-5); three players draw the 36- or 24-card deck (CS-2)."""
    n = players or rng.choice([t for t in TABLES if t > 3 or not partner])
    options: dict[str, Any] = {"players": n}
    if n == 3 and rng.random() < 0.3:
        options["three_handed_deck"] = 24
    game = QUIZ.game(options)
    assert isinstance(game, CrazySolo)
    return game


def table_words(state: TappState) -> str:
    """``6 players, seats 0..5 clockwise, 36 cards (6 each); seat 2 deals, seat 3 is the
    leader``."""
    deck_size = state.game.deck.bit_count()
    return (f"{state.n} players, seats 0..{state.n - 1} clockwise, {deck_size} cards "
            f"({state.game.hand_size} each); seat {state.dealer} deals, seat {state.active[0]} "
            "is the leader")


def bot_deal(rng: random.Random, game: CrazySolo, *, partner: bool = False) -> CrazySoloState:
    """A fresh deal called and declared by the rule bot (the rules of thumb of
    ``tutor/games/crazy_solo/bots.py``), ready for the first lead: dealt again when everyone
    passes (CS-6) or, when the question needs a ``partner``, until a card is called (CS-8)."""
    bot = make_bot("rule")
    while True:
        state = game.new_deal(rng, rng.randrange(game.players))
        while state.phase in (AUCTION, DECLARE):
            seat = state.to_move
            assert seat is not None
            action, _ = bot.act(state.view(seat))
            state.apply(action)
        if state.bidder is not None and (state.called >= 0 or not partner):
            assert isinstance(state, CrazySoloState)
            return state


def bot_play(state: TappState) -> list[TappState]:
    """The rule bot's cards to the end of the deal, each from its seat's view; the state before
    every card (copies)."""
    bot = make_bot("rule")
    before: list[TappState] = []
    while state.phase == PLAY:
        before.append(state.copy())
        seat = state.to_move
        assert seat is not None
        card, _ = bot.act(state.view(seat))
        state.apply(card)
    return before


def _cs(state: TappState) -> CrazySoloState:
    assert isinstance(state, CrazySoloState)
    return state


def _seat_label(state: TappState, seat: int, viewer: int | None = None) -> str:
    """``seat 3 (bidder)``, ``seat 5 (you)``, ``seat 1``."""
    bits = [w for w, on in (("bidder", seat == state.bidder), ("you", seat == viewer)) if on]
    return f"seat {seat}" + (f" ({', '.join(bits)})" if bits else "")


def _contract_text(state: TappState) -> str:
    assert state.contract_id is not None
    return (f"{CONTRACT_NAMES[state.contract_id]}, trump {Suit(state.trump).symbol}")


def _context(state: TappState, **more: Any) -> dict[str, Any]:
    """The public facts as data (never the partner before it is revealed)."""
    out: dict[str, Any] = {"players": state.n, "dealer": state.dealer,
                           "leader": state.active[0]}
    if state.bidder is not None:
        out.update(contract=state.contract_id, bidder=state.bidder,
                   trump="CSHD"[state.trump] if state.trump >= 0 else None,
                   called=CARDS[state.called].text if state.called >= 0 else None)
    return {**out, **more}


# --- the deck and the leader (CS-2, CS-3) --------------------------------------------------------
def _removed(game: CrazySolo) -> tuple[Card, ...]:
    """The cards CS-2 takes out for ``game``'s table (the rules' deck, not a table here)."""
    kept = set(deck_for(game.options).cards)
    return tuple(c for c in DECK_36.cards if c not in kept)


def _cards_words(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards) if cards else "none"


def deck(seed: int, rng: random.Random) -> Question:
    """How many cards each, which cards go (the spit), who is the leader (CS-2, CS-3)."""
    variant = rng.choice(("each", "removed", "spit", "leader"))
    game = table(rng)
    n = game.players
    removed = _removed(game)
    size = game.deck.bit_count()
    three = n == 3 and game.options.three_handed_deck == 24
    option = " (option three_handed_deck = 24)" if three else ""
    row = (f"CS-2: with {n} players{option} the cards removed are {_cards_words(removed)} — "
           f"{size} cards, all dealt, {game.hand_size} each; only cards worth no points go, so "
           "the deck still holds 120 points.")
    facts = [("Table", f"{n} players{option}")]
    context: dict[str, Any] = {"variant": variant, "players": n,
                               "three_handed_deck": game.options.three_handed_deck}
    if variant == "each":
        answer = game.hand_size  # the engine's deal: every card dealt, one at a time (CS-3)
        rules: tuple[str, ...] = ("CS-2",)
        return Question(
            kind="deck", seed=seed,
            prompt=f"How many cards does each player hold at a table of {n}?",
            choices=number_choices(rng, answer, [36 // n, 36 // n + 1, answer + 1, answer - 1]),
            multi=False, rules=rules, facts=tuple(facts), context=context,
            _key=AnswerKey(frozenset({str(answer)}), row, rules))
    if variant in ("removed", "spit"):
        sets = {tuple(c.text for c in _removed(table(rng, p))) for p in range(4, 13)}
        sets |= {tuple(c.text for c in removed), (), ("6S",), ("6C", "6S", "6H", "6D")}
        right = tuple(c.text for c in removed)
        others = sorted(s for s in sets if s != right)
        picked = [right, *rng.sample(others, 3)]
        picked.sort(key=lambda s: (len(s), s))
        if variant == "removed":
            return Question(
                kind="deck", seed=seed,
                prompt=f"Which cards are taken out of the pack for a table of {n}?",
                choices=tuple(Choice(" ".join(s) or "none",
                                     _cards_words([Card.parse(t) for t in s])
                                     + (" — all 36 cards are dealt" if not s else ""))
                              for s in picked),
                multi=False, rules=("CS-2",), facts=tuple(facts), context=context,
                _key=AnswerKey(frozenset({" ".join(right) or "none"}), row, ("CS-2",)))
        spit = 36 - size
        explanation = (f"{row} The spit is a dealer's way of taking them out: the whole pack of "
                       f"36 is dealt and the surplus cards — {spit} here — go face down to the "
                       "centre; a player dealt one of the removed cards shows it and draws a spit "
                       "card instead. The engine removes them before the deal (CS-2).")
        return Question(
            kind="deck", seed=seed,
            prompt=(f"A table of {n} deals with the spit: the dealer deals the whole pack of 36 "
                    "and spits the surplus cards face down to the centre. How many cards go to "
                    "the spit?"),
            choices=number_choices(rng, spit, [36 % n, n, 4, 0]), multi=False, rules=("CS-2",),
            facts=tuple(facts), context=context,
            _key=AnswerKey(frozenset({str(spit)}), explanation, ("CS-2",)))
    dealer = rng.randrange(n)
    state = game.new_deal(rng, dealer)
    leader = state.active[0]  # the engine's seating: the dealer's left speaks and leads first
    explanation = (f"CS-3: the cards are dealt one at a time, clockwise, starting with the "
                   f"dealer's left, who is the leader: with seat {dealer} dealing at a table of "
                   f"{n} (seats 0..{n - 1} clockwise), that is seat {leader}. The leader calls "
                   "first (CS-4) and leads to the first trick (CS-10); the dealer calls last.")
    rules = ("CS-3", "CS-4", "CS-10")
    return Question(
        kind="deck", seed=seed,
        prompt=(f"Seat {dealer} deals at a table of {n}. Who is the leader — the player who "
                "calls first and leads to the first trick?"),
        choices=tuple(Choice(str(s), f"seat {s}" + (" (dealer)" if s == dealer else ""))
                      for s in range(n)),
        multi=False, rules=rules,
        facts=(("Table", f"{n} players, seats 0..{n - 1} clockwise; seat {dealer} deals"),),
        context={**context, "dealer": dealer},
        _key=AnswerKey(frozenset({str(leader)}), explanation, rules))


# --- the calls (CS-4, CS-4a, CS-5, CS-6) ---------------------------------------------------------
def _random_calls(rng: random.Random, state: TappState) -> list[TappState]:
    """Random legal calls to the end of the auction, mostly passes and the lower calls, Solo in
    hearts repeated now and then; the states before each call (copies)."""
    before: list[TappState] = []
    while state.phase == AUCTION:
        before.append(state.copy())
        bids = [a for a in state.legal_actions() if a != PASS]
        repeat = CALL_BASE + SOLO_IN_HEARTS
        if bids and state.high == SOLO_IN_HEARTS and rng.random() < 0.35:
            state.apply(repeat)  # the take-over (CS-4)
        elif not bids or rng.random() < 0.6:
            state.apply(PASS)
        else:
            state.apply(bids[min(int(rng.expovariate(1.2)), len(bids) - 1)])
    return before


def _calls_of(state: TappState) -> tuple[tuple[int, str], ...]:
    return state.view(state.active[0]).calls  # every seat's view carries every call


def _name(token: str) -> str:
    return "pass" if token == "pass" else CONTRACT_NAMES[token]


def calls(seed: int, rng: random.Random) -> Question:
    """Which calls are open to the player to speak, and who won the auction (CS-4..6)."""
    variant = rng.choice(("open", "bidder"))
    game = table(rng)
    n = game.players
    state = game.new_deal(rng, rng.randrange(n))
    before = _random_calls(rng, state)
    active = state.active
    presentation = QUIZ.presentation
    facts = (("Table", f"{n} players; seat {state.dealer} deals, seat {active[0]} is the "
                       "leader"),)
    if variant == "bidder":
        calls_made = _calls_of(state)
        if state.bidder is None:
            answer = "none"
            explanation = ("CS-6: every player passed, so the cards are thrown in and the same "
                           "dealer deals again (option all_pass = same_dealer); the leader is "
                           "unchanged.")
            rules: tuple[str, ...] = ("CS-6",)
        else:
            answer = str(state.bidder)
            token = CONTRACTS[state.contract - 1]
            bids = [(s, t) for s, t in calls_made if t != "pass"]
            explanation = (f"CS-4a: the bidder is the player who made the last call that was "
                           f"not a pass: seat {state.bidder}, {_name(token)}.")
            rules = ("CS-4a",)
            heart = [s for s, t in bids if t == "solo-in-hearts"]
            if token == "solo-in-hearts" and len(heart) > 1:
                explanation += (f" Solo in hearts is the one call that may be repeated (CS-4): "
                                f"seat {state.bidder} took it over from seat {heart[-2]}, and "
                                "the later call wins.")
                rules = ("CS-4a", "CS-4")
            if n == 3:
                explanation += " Three players only pass or go alone (CS-5)."
                rules = (*rules, "CS-5")
        return Question(
            kind="calls", seed=seed, prompt="Every player has called once. Who is the bidder?",
            choices=(*(Choice(str(s), presentation.seat_label(s, active)) for s in active),
                     Choice("none", "nobody — the cards are thrown in")),
            multi=False, rules=rules, calls=calls_made, active=active, facts=facts,
            context={"variant": variant, "players": n, "dealer": state.dealer},
            _key=AnswerKey(frozenset({answer}), explanation, rules))
    standing = [s for s in before if s.high > 0]
    pos = rng.choice(standing) if standing and rng.random() < 0.8 else rng.choice(before)
    seat = pos.to_move
    assert seat is not None
    values = ["pass", *CONTRACTS]
    legal = {pos.token(a) for a in pos.legal_actions()}  # the engine's answer
    reasons: dict[str, str] = {}
    for t in values:
        trial = pos.copy()
        try:
            trial.apply(game.parse_call(t))
        except IllegalActionError as e:
            reasons[t] = f"not open — {e.rule}: {e.detail}."
        else:
            reasons[t] = "open too."
    if n == 3:
        explanation = ("CS-5: three players only pass, go alone or go alone in hearts (one "
                       "against two); and CS-4: each call must be higher than the one standing.")
        rules = ("CS-5", "CS-4")
    elif pos.high == 0:
        explanation = ("CS-4: nothing has been called yet, so every call is open: pass, Solo, "
                       "Solo in hearts, Alone, Alone in hearts.")
        rules = ("CS-4",)
    elif pos.high == SOLO_IN_HEARTS:
        explanation = ("CS-4: a call must be higher than the standing Solo in hearts, or a pass "
                       "— but Solo in hearts itself may be repeated: the take-over, after "
                       "which the later caller is the bidder.")
        rules = ("CS-4",)
    else:
        explanation = (f"CS-4: a call must be higher than the standing "
                       f"{_name(CONTRACTS[pos.high - 1])}, or a pass; only Solo in hearts may "
                       "be repeated.")
        rules = ("CS-4",)
    return Question(
        kind="calls", seed=seed,
        prompt=(f"It is the turn of {presentation.seat_label(seat, active)} — every player "
                f"calls once. Pick every call seat {seat} may make."),
        choices=tuple(Choice(t, _name(t)) for t in values), multi=True, rules=rules,
        calls=_calls_of(pos), active=active, facts=facts,
        context={"variant": variant, "players": n, "dealer": pos.dealer, "seat": seat},
        _key=AnswerKey(frozenset(t for t in values if t in legal), explanation, rules, reasons))


# --- who can the partner be? (CS-8, CS-9, CS-10) -------------------------------------------------
def trick_seats(view: CrazySoloView, leader: int, count: int) -> list[int]:
    """The seats that played a trick's ``count`` cards, from ``leader`` clockwise."""
    n = len(view.active)
    return [(leader + k) % n for k in range(count)]


class Void(NamedTuple):
    """Where a seat showed it holds no card of ``suit``: the trick (1..), the card it played
    and the suit that was led (``suit`` itself, or another suit it neither followed nor
    trumped when ``suit`` is trump)."""

    suit: Suit
    trick: int
    card: Card
    led: Suit

    def words(self, seat: int) -> str:
        """``seat 2 played 6♦ to a ♥ lead in trick 2``; ``seat 4 played J♦ to a ♣ lead in
        trick 5 without trumping``."""
        text = (f"seat {seat} played {card_label(self.card)} to a {self.led.symbol} lead in "
                f"trick {self.trick}")
        return text if self.led is self.suit else text + " without trumping"


def shown_void(view: CrazySoloView, suit: Suit) -> dict[int, Void]:
    """Seats that have shown, in the tricks ``view`` has seen, that they hold no card of
    ``suit``, each with the first place it showed (CS-10: a player must follow suit if able,
    else trump if able). A seat shows it when it does not follow a lead of ``suit``; and, when
    ``suit`` is trump, when it neither follows nor trumps a lead of another suit."""
    out: dict[int, Void] = {}
    played = [(ld, cs) for ld, cs, _ in view.tricks]
    if view.trick_leader is not None and view.trick:
        played.append((view.trick_leader, view.trick))
    trump = view.trump
    for k, (leader, cards) in enumerate(played):
        led = cards[0].suit
        for s, c in zip(trick_seats(view, leader, len(cards)), cards, strict=True):
            if s in out or c.suit is led:
                continue
            if led is suit or (suit is trump and c.suit is not trump):
                out[s] = Void(suit, k + 1, c, led)
    return out


#: every non-empty set of suits (Hall's condition looks at each)
_SUIT_GROUPS = tuple(frozenset(x for x in Suit if mask >> int(x) & 1) for mask in range(1, 16))


def exact_holders(view: CrazySoloView) -> tuple[int, ...]:
    """The seats that hold the called card in at least one deal consistent with ``view``: of
    the seats :func:`~tutor.games.crazy_solo.rules.possible_partners` leaves, those for which
    the unseen cards can still be shared among the other seats by their hand sizes, no seat
    given a suit it has shown void in — checked by Hall's condition over the four suits (a
    transport problem with four sources). It sees what counting the cards left rules out,
    which the play's reading does not; the partner question asks only positions where the two
    agree."""
    called = view.called
    assert called is not None
    possible = possible_partners(view)
    if view.partner is not None:
        return possible
    game = game_of(view.game, view.options)
    assert isinstance(game, CrazySolo)
    unseen = game.deck & ~mask_of([CARD_INDEX[c] for c in view.hand]) & ~view.played_mask()
    supply = {suit: (unseen & SUIT_MASK[suit]).bit_count() for suit in Suit}
    room = {s: view.hand_sizes[s] for s in view.active if s != view.seat}
    _, void_masks = played_and_voids(view)
    void = {s: {x for x in Suit if m >> int(x) & 1} for s, m in void_masks.items()}

    def fits(supply: dict[Suit, int], room: dict[int, int]) -> bool:
        for group in _SUIT_GROUPS:
            need = sum(supply[x] for x in group)
            space = sum(r for s, r in room.items() if not group <= void[s])
            if need > space:
                return False
        return True

    return tuple(s for s in possible
                 if fits({**supply, called.suit: supply[called.suit] - 1},
                         {**room, s: room[s] - 1}))


def _partner_position(rng: random.Random) -> tuple[CrazySoloState, int]:
    """A position in play after the first trick and before the called card is played (the
    play has had a chance to show something), and the seat that is asked."""
    while True:
        state = bot_deal(rng, table(rng, partner=True), partner=True)
        bit = 1 << state.called
        before = [s for s in bot_play(state) if s.tricks and any(h & bit
                                                                         for h in s.hands)]
        if before:
            break
    voids = [s for s in before if shown_void(_cs(s).view(s.active[0]),
                                             Suit(SUIT_OF[s.called]))]
    while True:
        pos = _cs(rng.choice(voids) if voids and rng.random() < 0.9 else rng.choice(before))
        holder = next(s for s in range(pos.n) if pos.hands[s] & bit)
        others = [s for s in range(pos.n) if s != holder]
        viewer = holder if rng.random() < 0.12 else rng.choice(others)
        view = pos.view(viewer)
        # what a player reads from the play is what the deal allows: counting adds nothing
        if possible_partners(view) == exact_holders(view):
            return pos, viewer


def partner(seed: int, rng: random.Random) -> Question:
    """"Who can the partner be now?" — every seat the asking seat's view leaves possible."""
    pos, viewer = _partner_position(rng)
    view = pos.view(viewer)
    assert isinstance(view, CrazySoloView) and view.called is not None
    called = view.called
    bidder = pos.bidder
    assert bidder is not None
    answer = possible_partners(view)  # from the view alone: what this seat has seen
    void = shown_void(view, called.suit)
    n = pos.n
    name = card_label(called)
    core = (f"CS-8: the holder of the called card {name} is seat {bidder}'s secret partner — "
            f"or seat {bidder} itself, playing secretly alone, if it called its own card. "
            f"CS-9: nobody else learns who it is until {name} is played.")
    reasons: dict[str, str] = {}
    if viewer in answer:
        mine = ("you called your own card: you play secretly alone" if viewer == bidder
                else "you are the partner, and only you know it")
        explanation = f"{core} You hold {name}: {mine} — every other seat is in the gang."
        rules: tuple[str, ...] = ("CS-8", "CS-9")
        for s in range(n):
            reasons[str(s)] = ("holds it: you." if s == viewer else
                               f"cannot: you hold {name}.")
    else:
        lines = [v.words(s) for s, v in sorted(void.items()) if s != viewer]
        trumps = ""
        if called.suit is view.trump:
            trumps = (f" — or, {called.suit.symbol} being trump, did not trump a lead it could "
                      "not follow —")
        seen = (f" CS-10: a player must follow suit if able, else trump if able; so a seat "
                f"that did not follow {called.suit.symbol}{trumps} holds no "
                f"{called.suit.noun}: " + "; ".join(lines) + "." if lines else
                f" No other seat has yet shown it holds no {called.suit.noun} (CS-10), so none "
                "is ruled out by the play.")
        who = ", ".join(_seat_label(pos, s) for s in answer)
        mine = ("You are the bidder and do not hold it, so you have a partner." if
                viewer == bidder else "You do not hold it.")
        empty = [str(x) for x in range(n) if x != viewer and x not in void
                 and view.hand_sizes[x] == 0]
        gone = (f" Seat{'s' if len(empty) > 1 else ''} {', '.join(empty)} "
                f"{'have' if len(empty) > 1 else 'has'} no card left." if empty else "")
        explanation = (f"{core} {mine}{seen}{gone} It may be with: {who}.")
        rules = ("CS-8", "CS-9", "CS-10")
        for s in range(n):
            if s == viewer:
                reasons[str(s)] = f"cannot: you do not hold {name}."
            elif s in void:
                reasons[str(s)] = f"cannot: {void[s].words(s)} (CS-10)."
            elif view.hand_sizes[s] == 0:
                reasons[str(s)] = f"cannot: seat {s} has played its last card."
            elif s not in answer:  # a blind deal's leader (CS-14)
                reasons[str(s)] = ("cannot: a blind deal with an auction means the leader held "
                                   "no heart (CS-14).")
            else:
                reasons[str(s)] = ("may hold it too — the bidder calling its own card plays "
                                   "secretly alone (CS-8)." if s == bidder else
                                   "may hold it too: nothing seen rules it out.")
    shown = replace(view, legal=())  # the learner's own legal cards are not the question
    return Question(
        kind="partner", seed=seed,
        prompt=(f"You are seat {viewer}, the bidder, and called {name}. From the cards you have "
                "seen, who may hold it — your secret partner? Pick every seat still possible."
                if viewer == bidder else
                f"You are seat {viewer}. Seat {bidder} called {name}. From the cards you have "
                f"seen, who may hold it — the partner, or the bidder secretly alone? Pick every "
                "seat still possible."),
        choices=tuple(Choice(str(s), _seat_label(pos, s, viewer)) for s in range(n)),
        multi=True, rules=rules, view=shown,
        context=_context(pos, seat=viewer, show_tricks=True),
        _key=AnswerKey(frozenset(str(s) for s in answer), explanation, rules, reasons))


# --- payment and rounding (CS-11, CS-12) ---------------------------------------------------------
def _rounding_words(trump: int, points: int) -> str:
    """CS-11 worked: k, p and p₅ with why it rounds the way it does."""
    k = multiplier(trump)
    p = k * (points - 60)
    p5 = payment(trump, points)
    suit = Suit(trump).symbol
    why = "♥ is trump" if trump == HEARTS else f"{suit} is trump, not ♥"
    text = (f"CS-11: k = {k} ({why}); p = {k} × ({points} − 60) = {p}; rounded to the nearest "
            f"multiple of 5 by its size, sign kept: ")
    rest = abs(p) % 5
    if rest == 0:
        text += f"{p} is one already, so p₅ = {p5}."
    else:
        way = "down" if rest <= 2 else "up"
        text += (f"|{p}| = {abs(p)} is {rest} past {abs(p) - rest}, so it rounds {way} "
                 f"(1–2 down, 3–4 up): p₅ = {p5}.")
    if p5 == 0 and points != 60:
        text += (" p₅ = 0 is a draw: no chips move, although the soloists "
                 + ("have more than half the points." if points > 60 else "have fewer than 60."))
    elif p5 == 0:
        text += " p₅ = 0 is a draw: no chips move."
    return text


def _rounding_slips(trump: int, points: int) -> list[int]:
    k = multiplier(trump)
    p = k * (points - 60)
    sign = 1 if p >= 0 else -1
    return [p, sign * 5 * (abs(p) // 5), sign * 5 * -(-abs(p) // 5),
            payment(HEARTS if trump != HEARTS else 0, points), -payment(trump, points)]


def _finished(rng: random.Random, game: CrazySolo, *, partner: bool) -> CrazySoloState:
    state = bot_deal(rng, game, partner=partner)
    bot_play(state)
    return state


def payment_question(seed: int, rng: random.Random) -> Question:
    """p₅ from trump and P (the rule file's checks among them), one seat's chips after a deal,
    and which gang members settle with the bidder (CS-11, CS-12)."""
    variant = rng.choice(("round", "round", "seat", "split"))
    if variant == "round":
        if rng.random() < 0.5:
            letter, points = rng.choice(CHECKS)
            trump = "CSHD".index(letter)
        else:
            trump, points = rng.choice((0, 1, 2, 2, 3)), rng.randint(35, 90)
        answer = payment(trump, points)  # the rules' p₅
        explanation = _rounding_words(trump, points)
        rules: tuple[str, ...] = ("CS-11",)
        return Question(
            kind="payment", seed=seed,
            prompt=(f"Trump is {Suit(trump).symbol} and the soloists took {points} card points. "
                    "What does each gang member pay the soloists (negative: receive from "
                    "them)?"),
            choices=number_choices(rng, answer, _rounding_slips(trump, points), signed=True,
                                   step=5),
            multi=False, rules=rules,
            facts=(("Trump", Suit(trump).symbol), ("Soloists' card points (P)", str(points))),
            context={"variant": variant, "trump": "CSHD"[trump], "points": points},
            _key=AnswerKey(frozenset({str(answer)}), explanation, rules))
    if variant == "split":
        while True:
            state = _finished(rng, table(rng, partner=True), partner=True)
            if state.partner not in (None, state.bidder) and len(state.defenders) >= 2:
                break
    else:
        state = _finished(rng, table(rng), partner=False)
    bidder = state.bidder
    assert bidder is not None
    n = state.n
    mate = state.partner if state.partner != bidder else None  # revealed: the deal is over
    with_bidder, with_partner = gang_split(n, bidder, mate)  # the rules' split (CS-12)
    gang = [*with_bidder, *with_partner]
    points = state.bidder_points()
    p5 = state.payment()  # the engine's p₅
    chips = state.chips()
    if mate is None:
        why = ("alone: no partner (CS-8)" if state.called < 0 else
               "secretly alone: the bidder called its own card (CS-8)")
        split = (f"CS-12: the bidder is {why}, so all {len(gang)} gang members settle with the "
                 "bidder.")
    else:
        half = len(with_bidder)
        split = (f"CS-12: take the gang clockwise from the bidder's left — seats "
                 f"{', '.join(map(str, gang))}, g = {len(gang)}; the first ⌈g/2⌉ = {half} "
                 f"(seats {', '.join(map(str, with_bidder))}) settle with the bidder, the rest "
                 f"(seat{'s' if len(with_partner) != 1 else ''} "
                 f"{', '.join(map(str, with_partner))}) with the partner"
                 + (" — with an odd gang the extra one goes to the bidder." if len(gang) % 2
                    else "."))
    facts = [("Table", f"{n} players"), ("Contract", _contract_text(state)),
             ("Bidder", f"seat {bidder}")]
    if state.called >= 0:
        facts.append(("Called card", card_label(CARDS[state.called])))
    facts.append(("Partner", f"seat {mate}" if mate is not None else
                  "none — the bidder held the called card" if state.called >= 0 else
                  "none — alone"))
    soloists = [bidder] if mate is None else [bidder, mate]
    parts = " + ".join(f"{state.won_points[s]} (seat {s})" for s in soloists)
    facts.append(("Soloists' card points (P)",
                  f"{parts} = {points}" if len(soloists) > 1 else str(points)))
    context = _context(state, variant=variant, partner=mate, points=points)
    rules = ("CS-11", "CS-12")
    if variant == "split":
        reasons = {str(s): ("settles with the bidder." if s in with_bidder else
                            "settles with the partner.") for s in gang}
        return Question(
            kind="payment", seed=seed,
            prompt=("The deal is over. Which gang members settle with the bidder — pay the "
                    "bidder, or are paid by the bidder? Pick every one."),
            choices=tuple(Choice(str(s), f"seat {s}") for s in sorted(gang)), multi=True,
            rules=("CS-12",), facts=tuple(facts), context=context,
            _key=AnswerKey(frozenset(str(s) for s in with_bidder), split, ("CS-12",), reasons))
    seat = rng.choice(soloists if rng.random() < 0.6 else gang)
    answer = chips[seat]
    role = ("the bidder" if seat == bidder else "the partner" if seat == mate else
            "in the gang")
    if seat in gang:
        end = (f"Seat {seat} is in the gang and {'pays' if p5 > 0 else 'receives'} {abs(p5)}: "
               f"{answer:+d}." if p5 else "A draw: 0.")
    else:
        many = len(with_bidder) if seat == bidder else len(with_partner)
        end = (f"Seat {seat} is {role} and settles with {many} gang member"
               f"{'s' if many != 1 else ''}: {many} × {p5:+d} = {answer:+d}." if p5 else
               "A draw: 0.")
    explanation = f"{_rounding_words(state.trump, points)} {split} {end}"
    wrongs = [-answer, p5, -p5, p5 * len(gang), p5 * (n - 1),
              multiplier(state.trump) * (points - 60), 0]
    return Question(
        kind="payment", seed=seed,
        prompt=f"How many chips does seat {seat} ({role}) win or lose in this deal?",
        choices=number_choices(rng, answer, wrongs, signed=True, step=5), multi=False,
        rules=rules, facts=tuple(facts), context={**context, "seat": seat},
        _key=AnswerKey(frozenset({str(answer)}), explanation, rules))


__all__ = ["CHECKS", "QUIZ", "CrazySoloQuiz", "Void", "bot_deal", "bot_play", "exact_holders",
           "shown_void"]
