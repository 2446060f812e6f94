"""What the display draws for Sixty-Six (:class:`tutor.display.adapter.DealNotes`).

Sixty-Six is not a Tapp game, so it draws its own table from the display's parts:

- **a seat's view** (:meth:`SixtySixNotes.table_view_html`): the facts, the two hands — the
  opponent's face down but for the cards it has shown (a marriage's other card, the turn-up it
  took), the learner's own face up — and in the middle the stock with its count and the turn-up
  under it (face down once closed, SS-10), the trick in progress and the last trick, which lies
  face up only until the next trick is complete (SS-17). Drawn from the view alone: no hand but
  the learner's, no stock order, no total but the learner's own and that only under
  ``show_running_total``;
- **a finished deal** (:meth:`SixtySixNotes.settlement_html`): the game points and the rule that
  scored them, the claim, both totals (counted once the deal is over), the match to 7;
- **a whole deal** (:meth:`SixtySixNotes.whole_deal_html`): the hands as dealt, the turn-up, the
  stock top first, and the play — every trick with its winner, each draw, the close, the
  exchange, the marriages and the claim.

It also says how the table's log words a line once its card is turned face down (SS-17) and
which numbers a bot's reason must not show the learner (the opponent's total, and the learner's
own unless ``show_running_total``, SS-17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import Card, card_label
from ...display.adapter import OWN_BUTTONS, DealNotes, deck_of, words
from ...display.cards import card_svg, hand_svg, trick_svg
from ...display.markup import CardLike, DisplayError, HtmlStr, esc
from ...display.ring import SeatPlace, ring_html
from ...display.table import facts_html
from ...state import Action, GameState, View
from .presentation import ENDING_WORDS, seats
from .rules import (
    CARD,
    CARDS,
    CLOSE,
    DRAW,
    EXCHANGE,
    MARRIAGE,
    POINTS,
    SixtySixState,
    SixtySixView,
    marriage_cards,
    mask_cards,
)

_ROW = 'style="display:flex;flex-wrap:wrap;gap:.5em;align-items:flex-start"'


def you(seat: int, me: int | None, capital: bool = False) -> str:
    """``you`` for the learner's own seat, else ``seat 1``."""
    if seat == me:
        return "You" if capital else "you"
    return f"Seat {seat}" if capital else f"seat {seat}"


def known_why(view: SixtySixView, seat: int, card: Card) -> str:
    """Why ``card`` in ``seat``'s hand is known to both players (SS-17): a marriage's shown
    card, the turn-up taken by the exchange, or the turn-up drawn with the last card."""
    if view.exchanged is not None and view.exchanged == (seat, card):
        return "the turn-up taken by the exchange, SS-8"
    if any(m.seat == seat and m.suit == card.suit for m in view.marriages):
        return "shown with a marriage, SS-9"
    return "the turn-up, drawn with the last card, SS-5"


def stock_html(view: SixtySixView, width: float) -> str:
    """The stock as the view shows it: a stack of backs with its count and the turn-up under
    it; face down once closed (SS-10); a line once the stock is gone (SS-11)."""
    n = view.stock_left
    if view.closed_by is not None:
        who = you(view.closed_by, view.seat)
        stack = hand_svg([], face_down=min(n, 3) + 1, width=width * 0.85, overlap=0.8,
                         label=f"the closed stock: {n} card{'s' if n != 1 else ''} and the "
                               "turn-up, face down")
        words_ = (f"Closed by {who} after {view.closed_at_trick} "
                  f"trick{'' if view.closed_at_trick == 1 else 's'}: out of play, the strict "
                  "rules apply (SS-10, SS-11)")
        return (f'<div class="st-stock st-closed"><div class="st-who">Stock — {n} '
                f"card{'s' if n != 1 else ''}, closed</div>{stack}"
                f'<p class="st-seat-note">{esc(words_)}</p></div>')
    if view.turnup is None:
        return ('<div class="st-stock st-gone"><div class="st-who">Stock — gone</div>'
                '<p class="st-seat-note">Every card is drawn: follow suit and head the trick, '
                "else trump (SS-11).</p></div>")
    stack = hand_svg([], face_down=min(n, 3), width=width * 0.85, overlap=0.8,
                     label=f"the stock: {n} card{'s' if n != 1 else ''} face down")
    turnup = card_svg(view.turnup, width=width * 0.85)
    return (f'<div class="st-stock"><div class="st-who">Stock — {n} '
            f"card{'s' if n != 1 else ''}</div>"
            f'<div class="st-stock-cards" {_ROW}>{stack}'
            f'<div class="st-turnup">{turnup}<div class="st-seat-note">turn-up: trump '
            f"{esc(view.trump.symbol)} (SS-3)</div></div></div></div>")


def trick_html(view: SixtySixView, width: float) -> str:
    """The trick in progress and the last trick, which both players saw fall and which lies
    face up until the next trick is complete (SS-17)."""
    me = view.seat
    parts = []
    if view.trick and view.trick_leader is not None:
        leader = view.trick_leader
        parts.append('<div class="st-trick-now"><h4 class="st-h">Trick in progress</h4>'
                     + trick_svg(view.trick, seats=[leader], labels=[you(leader, me)], slots=2,
                                 width=width) + "</div>")
    if view.last_trick is not None:
        leader, cards, winner = view.last_trick
        number = sum(view.tricks_won)
        note = ("face down once the next trick is complete" if not view.trick
                else "face down once this trick is complete")
        parts.append(f'<div class="st-fallen"><div class="st-who">Trick {number} — won by '
                     f"{you(winner, me)} ({note}, SS-17)</div>"
                     + trick_svg(cards, seats=[leader, 1 - leader],
                                 labels=[you(leader, me), you(1 - leader, me)], winner=winner,
                                 slots=2, width=width * (0.8 if view.trick else 1)) + "</div>")
    if not parts:
        if view.phase == "done":
            return '<p class="st-empty">The deal is over.</p>'
        return '<p class="st-empty">No card led yet.</p>'
    return "".join(parts)


def opponent_body(view: SixtySixView, deck: Any) -> str:
    """The opponent's hand: face down, but for the cards it has shown (SS-17)."""
    opp = view.opponent
    known = view.known[opp]
    hidden = view.hand_sizes[opp] - len(known)
    parts: list[str] = []
    if hidden:
        parts.append(hand_svg([], face_down=hidden, width=30, overlap=0.7,
                              label=f"seat {opp}"))
    if known:
        shown = hand_svg(known, width=40, overlap=0.2, deck=deck,
                         label=f"seat {opp}'s cards you have seen")
        why = "; ".join(f"{card_label(c)}: {known_why(view, opp, c)}" for c in known)
        parts.append(f'<div class="st-known">{shown}<p class="st-seat-note">Face up to you: '
                     f"{esc(why)}</p></div>")
    return f'<div class="st-hand-mix" {_ROW}>{"".join(parts)}</div>'


class SixtySixNotes(DealNotes):
    """Sixty-Six's drawings and its rules for the table's words."""

    points_rule = "SS-13"
    chips_rules = "SS-13b, SS-14, SS-15"
    thrown_in_rule = "SS-15"  # never used: a deal of Sixty-Six is always played or claimed
    played_out_rule = "SS-15"
    match_rule = "SS-16"
    match_over_rule = "SS-16"
    review_title = ("Your play once the stock was gone, valued exactly (every card's place "
                    "known, best play by both after each action)")
    review_note = ("Actions made while the stock was open are not valued here: the exact solver "
                   "takes over once the stock is closed or exhausted.")
    #: how the strong bot (``pimc.py``) values each sampled deal for the hint and comparison
    hint_how = ("each searched with every card's place known — to the deal's end once the stock "
                "is closed or down to its last draw, before that to the next lead and played on "
                "by simple rules from there")

    def hint_deals(self, view: Any, worlds: int) -> str:
        """Once the stock is exhausted every card's place is known: one deal."""
        view = getattr(view, "view", view)  # what the seat has seen holds its latest view
        if isinstance(view, SixtySixView) and view.stock_left == 0 and view.turnup is None \
                and view.closed_by is None:
            return "the one deal your view allows (the stock is gone: every card's place is known)"
        return super().hint_deals(view, worlds)

    # -- a seat's view --
    def table_view_html(self, view: View, emphasis: Mapping[CardLike, str], *,
                        seat_notes: Mapping[int, str] | None = None,
                        own_hand: bool = True) -> HtmlStr:
        if not isinstance(view, SixtySixView):
            raise DisplayError("DSP-3", "Sixty-Six's table draws a Sixty-Six view",
                               where="table_view_html", what=type(view).__name__)
        pres = words(view.game)
        deck = deck_of(view.game, view.options)
        me, opp = view.seat, view.opponent
        order = seats(view)
        own: str = (hand_svg(view.hand, width=56, emphasis=emphasis or None, label="your hand",
                             deck=deck) if own_hand else OWN_BUTTONS)
        mine = view.known[me]
        if mine:
            why = "; ".join(f"{card_label(c)}: {known_why(view, me, c)}" for c in mine)
            own += (f'<p class="st-seat-note">Seat {opp} has seen these of yours: '
                    f"{esc(why)}</p>")
        places = []
        for s, body in ((me, own), (opp, opponent_body(view, deck))):
            n = view.hand_sizes[s]
            label = pres.seat_label(s, order) + (" — you" if s == me else
                                                 f" — {n} card{'s' if n != 1 else ''}")
            note = (seat_notes or {}).get(s)
            if note:
                body += f'<p class="st-seat-note">{esc(note)}</p>'
            places.append(SeatPlace(s, label, body, ("to move",) * (s == view.to_move)))
        centre = (f'<div class="st-centre-66" {_ROW}>{stock_html(view, 56)}'
                  f'<div class="st-tricks-66">{trick_html(view, 48)}</div></div>')
        ring = ring_html(places, centre, label="the seats at the table")
        top = f'<div class="st-row"><div>{facts_html(pres.facts(view))}</div></div>'
        return HtmlStr(f'<div class="st-root st-view st-table-view" role="region" '
                       f'aria-label="{esc(f"seat {me} at the table")}">{top}{ring}</div>')

    # -- a finished deal, from the learner's side --
    def settlement_html(self, state: GameState, learner: int, match: Any) -> HtmlStr:
        if not isinstance(state, SixtySixState):
            raise DisplayError("DSP-3", "Sixty-Six's settlement needs a Sixty-Six deal",
                               where="settlement_html", what=type(state).__name__)
        rows = result_rows(state, learner)
        if match is not None and match.target is not None:
            after = match.after if match.after is not None else match.balances
            scores = ", ".join(f"{you(s, learner)} {p}" for s, p in enumerate(after))
            rows.append((f"Match ({self.match_rule})",
                         f"{scores} {match.unit} — the first to {match.target} wins"))
            top = max(after)
            if top >= match.target:
                winner = after.index(top)
                rows.append(("Match", f"over ({self.match_over_rule}) — won by "
                                      f"{you(winner, learner)}"))
        return HtmlStr('<section class="st-root st-settlement" aria-label="settlement">'
                       '<h4 class="st-h">The deal’s result</h4>' + facts_html(rows)
                       + "</section>")

    # -- a whole deal --
    def whole_deal_html(self, state: GameState, *, four_colour: bool = False,
                        width: float = 48) -> HtmlStr:
        if not isinstance(state, SixtySixState):
            raise DisplayError("DSP-3", "Sixty-Six's whole deal needs a Sixty-Six deal",
                               where="whole_deal_html", what=type(state).__name__)
        return whole_deal(state, four_colour=four_colour, width=width)

    # -- the table's log and the bots' reasons --
    def over_rule(self, state: GameState) -> str:
        """The rule that scored the finished deal (SS-13b .. SS-15)."""
        ending = getattr(state, "ending", None)
        return ending if isinstance(ending, str) else self.played_out_rule

    def face_down_text(self, view: View, seat: int, action: Action, text: str) -> str:
        """A line of the log once a card it names is face down again (SS-17): the card, the
        marriage's cards or the exchange's nine are no longer named, who won a trick still is
        (both players count tricks won)."""
        who, _, rest = text.partition(":")
        tail = rest.split(" — ", 1)[1] if " — " in rest else ""
        if action >= CARD:
            won = f" — {tail}" if tail.startswith("trick") else ""
            return f"{who}: a card, now face down (SS-17){won}"
        if action >= MARRIAGE:
            suit = CARDS[marriage_cards(action)[0]].suit
            points = 40 if isinstance(view, SixtySixView) and suit == view.trump else 20
            return f"{who}: a marriage of {points} in {suit.symbol} (SS-9); its cards now face down"
        if action == EXCHANGE:
            return f"{who}: exchange the 9 of trumps for the turn-up (SS-8)"
        return super().face_down_text(view, seat, action, text)

    def secrets(self, state: GameState, learner: int) -> tuple[str, ...]:
        """The opponent's total (SS-17: always hidden) and the learner's own unless
        ``show_running_total``: a bot's reason that shows one waits for the deal's end."""
        if not isinstance(state, SixtySixState) or state.is_terminal():
            return ()
        found = [str(state.total(1 - learner))]
        if not state.options.show_running_total:
            found.append(str(state.total(learner)))
        return tuple(found)


def result_rows(state: SixtySixState, learner: int | None) -> list[tuple[str, str]]:
    """A finished deal's result: the game points and the rule that scored them, the claim,
    both totals and tricks won (everything is public once the deal is over), the stock, and a
    point carried (SS-12..SS-15)."""
    d = state.describe()
    points = d["game_points"] or [0, 0]
    totals, won = d["totals"], d["tricks_won"]
    rule = state.ending or ""
    how = f" ({rule}: {ENDING_WORDS[rule]})" if rule in ENDING_WORDS else ""
    if any(points):
        scorer = 0 if points[0] else 1
        verb = "score" if scorer == learner else "scores"
        scored = f"{you(scorer, learner, capital=True)} {verb}"
        rows = [("Game points", f"{scored} {max(points)}{how}")]
    else:
        rows = [("Game points", f"nobody scores; {d['carried'] or 0} carried to the next "
                                f"deal's winner{how}")]
    if state.claim is not None:
        seat, right = state.claim
        rows.append(("Claim", f"{you(seat, learner, capital=True)} claimed 66 with "
                              f"{totals[seat]} — {'right' if right else 'wrong'} (SS-13a)"))
    rows.append(("Totals (SS-13)", ", ".join(f"{you(s, learner)} {totals[s]}"
                                             for s in (0, 1))))
    rows.append(("Tricks won", ", ".join(f"{you(s, learner)} {won[s]}" for s in (0, 1))))
    if state.closed_by >= 0:
        rows.append(("Stock", f"closed by {you(state.closed_by, learner)} after "
                              f"{state.closed_at} trick{'' if state.closed_at == 1 else 's'} "
                              "(SS-10): no 10 for the last trick (SS-12)"))
    elif state.last_bonus >= 0:
        rows.append(("Last trick", f"10 to {you(state.last_bonus, learner)} (SS-12)"))
    return rows


def whole_deal(state: SixtySixState, *, four_colour: bool = False, width: float = 48
               ) -> HtmlStr:
    """Every card of a deal: the hands as dealt, the turn-up and the stock top first, then the
    play in order and, once over, the result (for a finished deal or a teacher)."""
    pres = words(state.game.id)
    deck = state.game.info.deck
    order = (1 - state.dealer, state.dealer)
    defaults = type(state.game.options)().as_dict()
    opts = {k: v for k, v in state.game.options_dict().items() if v != defaults[k]}
    head = [("Game", pres.name),
            ("Dealer", f"seat {state.dealer}; seat {1 - state.dealer} leads first (SS-4)"),
            ("Trump", f"{CARDS[state.first_turnup].suit.symbol}, the turn-up "
                      f"{card_label(CARDS[state.first_turnup])} (SS-3)")]
    if opts:
        head.append(("Options", ", ".join(f"{k}={v}" for k, v in opts.items())))
    hands = [f'<div class="st-seat"><div class="st-who">{esc(pres.seat_label(s, order))} as '
             f"dealt</div>"
             + hand_svg([CARDS[c] for c in mask_cards(state.dealt[s])], deck=deck,
                        four_colour=four_colour, width=width, label=f"seat {s} as dealt")
             + "</div>" for s in order]
    hands.append('<div class="st-seat st-widow"><div class="st-who">turn-up</div>'
                 + card_svg(CARDS[state.first_turnup], four_colour=four_colour, width=width)
                 + "</div>")
    hands.append('<div class="st-seat st-widow"><div class="st-who">stock, top first</div>'
                 + hand_svg([CARDS[c] for c in state.stock], sort=False, deck=deck,
                            four_colour=four_colour, width=width, overlap=0.3,
                            label="the stock, top first") + "</div>")
    parts = [facts_html(head),
             f'<section class="st-hands" aria-label="hands as dealt"><h4 class="st-h">Hands as '
             f'dealt, turn-up and stock</h4><div class="st-row" {_ROW}>{"".join(hands)}</div>'
             "</section>",
             '<section class="st-history" aria-label="the play"><h4 class="st-h">The play</h4>'
             f'<ol class="st-tricks">{"".join(play_items(state, four_colour, width))}</ol>'
             "</section>"]
    if state.is_terminal():
        parts.append('<section class="st-result" aria-label="result"><h4 class="st-h">Result'
                     "</h4>" + facts_html(result_rows(state, None)) + "</section>")
    return HtmlStr('<div class="st-root st-deal" role="region" aria-label="a whole deal">'
                   + "".join(parts) + "</div>")


def play_items(state: SixtySixState, four_colour: bool, width: float) -> list[str]:
    """The play of ``state`` in order, replayed from its record: each trick drawn with its
    winner and points, each draw, close, exchange, marriage and claim as a line."""
    replay = state.game.from_record_deal(state.record())
    items: list[str] = []
    marriage = ""
    for action in state.history():
        seat = replay.to_move
        assert seat is not None
        before = list(replay.hands)
        tricks = len(replay.tricks)
        if MARRIAGE <= action < CARD:
            led, shown = marriage_cards(action)
            points = 40 if CARDS[led].suit == replay.trump else 20
            marriage = (f" (a marriage of {points}, showing "
                        f"{card_label(CARDS[shown])}, SS-9)")
        replay.apply(action)
        if len(replay.tricks) > tricks:
            t = replay.tricks[-1]
            pts = POINTS[t.lead] + POINTS[t.follow]
            items.append(
                f'<li class="st-trick-row"><span class="st-who">Trick {len(replay.tricks)}: '
                f"seat {t.leader} led{esc(marriage)}, seat {t.winner} won, {pts} points</span>"
                + trick_svg([CARDS[t.lead], CARDS[t.follow]], seats=[t.leader, 1 - t.leader],
                            winner=t.winner, slots=2, four_colour=four_colour, width=width)
                + "</li>")
            marriage = ""
        elif action == DRAW:
            got = [CARDS[c] for s in (seat, 1 - seat)
                   for c in mask_cards(replay.hands[s] & ~before[s])]
            items.append(f"<li>Seat {seat} drew {esc(card_label(got[0]))}, seat {1 - seat} "
                         f"{esc(card_label(got[1]))} (SS-5)</li>")
        elif action == CLOSE:
            items.append(f"<li>Seat {seat} closed the stock (SS-10)</li>")
        elif action == EXCHANGE:
            assert replay.exchanged is not None
            items.append(f"<li>Seat {seat} exchanged the 9 of trumps for the turn-up "
                         f"{esc(card_label(CARDS[replay.exchanged[1]]))} (SS-8)</li>")
        elif action < CLOSE:
            claim = replay.claim
            right = " — right" if claim and claim[1] else " — wrong"
            items.append(f"<li>Seat {seat}: {esc(replay.game.action_info(action).label)}"
                         f"{right} (SS-13a)</li>")
    return items


NOTES = SixtySixNotes()

__all__ = ["NOTES", "SixtySixNotes", "result_rows", "whole_deal"]
