"""What the display draws for Auction Pitch (:class:`tutor.display.adapter.DealNotes`).

Pitch is not a Tapp game (52 cards, 3 to 7 players each on their own, six cards each and the
rest of the pack never dealt), so it draws its own table from the display's parts:

- **a seat's view** (:meth:`PitchNotes.table_view_html`): the facts and the calls; around the
  table the other seats as card backs (only their sizes), each with its call and, once play
  has begun, the tricks and game points it has taken (every card played stays face up,
  reading 15); the learner's own hand at the bottom; in the middle the pitcher, the bid and
  trump once the first card has named it (PI-5, PI-7), the trick in progress and the last
  trick; below, every trick played. Drawn from the view alone: no other hand, no undealt card;
- **the match's score board** (:meth:`PitchNotes.match_html`): each player's score in the
  match to the target (PI-12); a score below zero (a pitcher set back, PI-11) is written with
  a true minus sign and drawn boxed, not only in another colour;
- **a finished hand** (:meth:`PitchNotes.settlement_html`): who took High, Low, Jack and Game
  and with which cards, the game points each player counted, the pitcher's bid made or set
  back, every score change, and the running score board with the win check (PI-10..12);
- **a whole hand** (:meth:`PitchNotes.whole_deal_html`): the six cards each player was dealt
  (never the undealt rest of the pack, PI-3), the calls, every trick with its winner and its
  game points, and the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import Card, Suit, card_label
from ...display.adapter import OWN_BUTTONS, DealNotes, deck_of, words
from ...display.cards import hand_svg, trick_svg
from ...display.markup import CardLike, DisplayError, HtmlStr, esc
from ...display.ring import SeatPlace, ring_html
from ...display.table import calls_html, facts_html, trick_rows, trick_seats
from ...state import GameState, View
from .match import win_check
from .presentation import PitchPresentation
from .rules import (
    AUCTION,
    CARDS,
    DONE,
    GAME_POINTS,
    JACK,
    PLAY,
    SUIT_MASK,
    AuctionPitch,
    HandOutcome,
    PitchState,
    PitchView,
    mask_cards,
)

_ROW = 'style="display:flex;flex-wrap:wrap;gap:.5em;align-items:flex-start"'
#: PI-10's points in the order PI-12 credits them, as a learner reads them
POINT_WORDS = (("high", "High"), ("low", "Low"), ("jack", "Jack"), ("game", "Game"))


def you(seat: int | None, me: int | None, capital: bool = False) -> str:
    """``you`` for the learner's own seat, else ``seat 1``; ``nobody`` for None."""
    if seat is None:
        return "Nobody" if capital else "nobody"
    if seat == me:
        return "You" if capital else "you"
    return f"Seat {seat}" if capital else f"seat {seat}"


def minus(value: int) -> str:
    """A score as text: ``3``, ``0``, ``−3`` (a true minus sign, U+2212: PI-11's setback)."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A score change as text: ``+2``, ``0``, ``−3``."""
    return f"+{value}" if value > 0 else minus(value)


def score_html(value: int, *, change: bool = False) -> str:
    """A score (or with ``change`` a score change) as HTML: a negative one in a boxed
    ``st-neg`` span with its minus sign, so it reads as negative without colour."""
    text = signed(value) if change else minus(value)
    if value < 0:
        return f'<span class="st-neg">{esc(text)}</span>'
    if change and value > 0:
        return f'<span class="st-pos">{esc(text)}</span>'
    return esc(text)


def _pitch_view(view: View, where: str) -> PitchView:
    if not isinstance(view, PitchView):
        raise DisplayError("DSP-3", "Auction Pitch's table draws a Pitch view", where=where,
                           what=type(view).__name__)
    return view


def _pitch_state(state: GameState, where: str) -> PitchState:
    if not isinstance(state, PitchState):
        raise DisplayError("DSP-3", "Auction Pitch's drawing needs a Pitch hand", where=where,
                           what=type(state).__name__)
    return state


def _words() -> PitchPresentation:
    pres = words("auction-pitch")
    assert isinstance(pres, PitchPresentation)
    return pres


# --- a seat's view ----------------------------------------------------------------------------
def taken(view: PitchView) -> tuple[list[int], list[int]]:
    """The tricks and the game points (PI-10: 10 = 10, A 4, K 3, Q 2, J 1) each seat has won so
    far — public, since every card played stays face up (reading 15)."""
    tricks = [0] * len(view.hand_sizes)
    points = [0] * len(view.hand_sizes)
    deck = deck_of(view.game, view.options)
    for _, cards, winner in view.tricks:
        tricks[winner] += 1
        points[winner] += sum(deck.points(c) for c in cards)
    return tricks, points


def seat_line(view: PitchView, seat: int, tricks: Sequence[int], points: Sequence[int]) -> str:
    """A seat's line under its cards: its call, and in play the tricks and game points it won."""
    pres = _words()
    bits = []
    call = next((t for s, t in view.calls if s == seat), None)
    if call is not None:
        said = pres.call_words(call)
        if seat == view.dealer and call != "pass" and view.bidder == seat:
            earlier = [int(t) for s, t in view.calls if s != seat and t != "pass"]
            if earlier and max(earlier) == int(call):
                said = f"steal at {call}"
        bits.append(f"called {said}")
    elif view.phase == AUCTION:
        bits.append("to speak" if view.to_move == seat else "not yet spoken")
    if view.phase in (PLAY, DONE) and view.tricks:
        k = tricks[seat]
        bits.append(f"won {k} trick{'' if k == 1 else 's'}, {points[seat]} game "
                    f"point{'' if points[seat] == 1 else 's'}")
    return "; ".join(bits)


def seat_places(view: PitchView, own: str, notes: Mapping[int, str] | None) -> list[SeatPlace]:
    """Every seat clockwise from the learner's: the others as card backs (their sizes only),
    with the game's marks (the pitcher) and a line each; the learner's hand ``own``."""
    pres = _words()
    n = len(view.hand_sizes)
    tricks, points = taken(view)
    places = []
    for k in range(n):
        s = (view.seat + k) % n
        label = pres.seat_label(s, view.active)
        marks = ("to move",) * (s == view.to_move) + pres.seat_marks(view, s)
        line = seat_line(view, s, tricks, points)
        extra = (notes or {}).get(s)
        note = "".join(f'<p class="st-seat-note">{esc(t)}</p>' for t in (line, extra) if t)
        if k == 0:
            places.append(SeatPlace(s, f"{label} — you", own + note, marks))
            continue
        size = view.hand_sizes[s]
        backs = hand_svg([], face_down=size, width=26, overlap=0.7,
                         label=f"seat {s}") if size else ""
        places.append(SeatPlace(s, f"{label} — {size} card{'s' if size != 1 else ''}",
                                backs + note, marks))
    return places


def banner(view: PitchView) -> str:
    """The centre's head: the pitcher, the bid and trump once pitched (PI-5, PI-7)."""
    if view.phase == AUCTION:
        h = max((int(t) for _, t in view.calls if t != "pass"), default=0)
        high = f"highest bid so far: {h}" if h else "no bid yet"
        return (f'<p class="st-pitch-head">The auction: one call each, the dealer last '
                f"(PI-4) — {esc(high)}.</p>")
    if view.bidder is None:
        lead = (f", trump {view.trump.symbol}" if view.trump is not None else
                ": the first card led names trump")
        return (f'<p class="st-pitch-head">Nobody bid: the eldest leads{esc(lead)}, nobody can '
                "be set back (PI-6).</p>")
    who = you(view.bidder, view.seat, capital=True)
    if view.trump is None:
        return (f'<p class="st-pitch-head">{esc(who)} pitched at {esc(view.contract or "")}: '
                "the first card led names trump (PI-5, PI-7).</p>")
    suit = view.trump
    ink = "st-red" if suit.is_red else "st-black"
    return (f'<p class="st-pitch-head">Trump <span class="st-trump-suit {ink}" '
            f'title="{esc(suit.noun)}">{esc(suit.symbol)}</span> — {esc(who)} pitched at '
            f"{esc(view.contract or '')} (PI-5, PI-7).</p>")


def centre_html(view: PitchView, width: float) -> str:
    """The middle of the table: the banner, the trick in progress captioned by seat and, once
    a trick has fallen, the last one with its winner (every played card stays face up)."""
    me = view.seat
    n = len(view.active)
    parts = [banner(view)]
    if view.phase == PLAY and view.trick_leader is not None and view.trick:
        seats = trick_seats(view.trick_leader, len(view.trick), view.active)
        parts.append('<h4 class="st-h">Trick in progress</h4>' + trick_svg(
            view.trick, seats=seats, labels=[you(s, me) for s in seats], slots=n,
            per_row=trick_rows(n), width=width))
    if view.tricks and not view.trick:
        leader, cards, winner = view.tricks[-1]
        seats = trick_seats(leader, len(cards), view.active)
        parts.append(f'<div class="st-fallen"><div class="st-who">Trick {len(view.tricks)} — '
                     f"won by {esc(you(winner, me))}</div>"
                     + trick_svg(cards, seats=seats, labels=[you(s, me) for s in seats],
                                 winner=winner, slots=len(cards), per_row=trick_rows(n),
                                 width=width) + "</div>")
    elif view.phase == PLAY and not view.trick:
        who = you(view.to_move, me, capital=True)
        parts.append(f'<p class="st-empty">{esc(who)} to lead.</p>')
    return "".join(parts)


def tricks_html(view: PitchView, width: float) -> str:
    """Every trick played so far, small, with its winner (face up: reading 15)."""
    if not view.tricks:
        return ""
    me = view.seat
    items = []
    for i, (leader, cards, winner) in enumerate(view.tricks):
        seats = trick_seats(leader, len(cards), view.active)
        items.append(f'<li><div class="st-who">Trick {i + 1}, won by {esc(you(winner, me))}'
                     "</div>" + trick_svg(cards, seats=seats, labels=[you(s, me) for s in seats],
                                          winner=winner, slots=len(cards), width=width,
                                          per_row=trick_rows(len(cards)))
                     + "</li>")
    return ('<section class="st-history" aria-label="tricks played"><h4 class="st-h">Tricks '
            "played (face up to everyone)</h4>"
            f'<ol class="st-tricks st-row">{"".join(items)}</ol></section>')


# --- the match --------------------------------------------------------------------------------
def board_html(rows: Sequence[tuple[str, Sequence[int]]], learner: int | None, *,
               caption: str, corner: str = "") -> str:
    """A score board: a column per seat and a row per ``(label, scores)`` — running totals
    hand by hand, or the scores now; a negative score drawn as such (:func:`score_html`)."""
    n = len(rows[0][1]) if rows else 0
    head = "".join(f'<th scope="col">{esc(you(s, learner))}</th>' for s in range(n))
    last = len(rows) - 1
    now = ' class="st-now"'
    body = "".join(f'<tr{now * (i == last)}><th scope="row">{esc(label)}</th>'
                   + "".join(f"<td>{score_html(v)}</td>" for v in totals) + "</tr>"
                   for i, (label, totals) in enumerate(rows))
    return (f'<p class="st-board-caption">{esc(caption)}</p><div class="st-scroll">'
            f'<table class="st-board" aria-label="{esc(caption)}"><thead><tr>'
            f'<th scope="col">{esc(corner)}</th>{head}</tr></thead><tbody>{body}</tbody>'
            "</table></div>")


def win_words(how: str | None, winner: int, learner: int | None, target: int) -> str:
    """How the winner won (PI-12), in words."""
    who = you(winner, learner, capital=True)
    reached = "reach" if winner == learner else "reaches"
    if how == "smudge":
        return f"{who} took High, Low, Jack and Game in one hand: a smudge wins at once"
    if how == "pitcher":
        return f"{who}, the pitcher, {reached} {target}"
    point = dict(POINT_WORDS).get(how or "", how or "")
    return f"{who} {reached} {target} first, with {point} credited (pitcher first, then HLJG)"


# --- a finished hand --------------------------------------------------------------------------
def point_cards(state: PitchState) -> dict[str, Card | None]:
    """The cards that carried High, Low and Jack (PI-10): the highest and the lowest trump in
    play and the trump jack if it was dealt (a card never dealt is never in play, PI-3)."""
    dealt = 0
    for hand in state.dealt:
        dealt |= hand
    trumps = dealt & SUIT_MASK[state.trump]
    high = (trumps & -trumps).bit_length() - 1  # a lower index is a higher card (PI-1)
    low = trumps.bit_length() - 1
    jack = 13 * state.trump + JACK
    return {"high": CARDS[high], "low": CARDS[low],
            "jack": CARDS[jack] if trumps >> jack & 1 else None}


def holder(state: PitchState, card: Card) -> int:
    """The seat ``card`` was dealt to."""
    i = CARDS.index(card)
    return next(s for s, h in enumerate(state.dealt) if h >> i & 1)


def point_rows(state: PitchState, learner: int | None) -> list[tuple[str, str]]:
    """Who took High, Low, Jack and Game, with the cards and the game-point counts (PI-10)."""
    o = state.outcome()
    cards = point_cards(state)
    trump = Suit(state.trump)
    single = cards["high"] == cards["low"]
    rows: list[tuple[str, str]] = []
    for key, name in POINT_WORDS[:3]:
        seat, card = o.awards[key], cards[key]
        if card is None:  # named by its suit alone: an undealt card is never shown (PI-3)
            rows.append((f"{name} (PI-10)", f"nobody: the jack of trumps ({trump.symbol}) was "
                                            "not dealt"))
            continue
        what = {"high": "the highest trump in play", "low": "the lowest trump in play",
                "jack": "the jack of trumps"}[key]
        if single and key != "jack":
            what = "the only trump in play, both highest and lowest"
        dealt_to = holder(state, card)
        if key == "low" and state.options.low_point == "dealt_holder":
            what += " — to the player it was dealt to (low_point: dealt_holder)"
        elif key != "high" and dealt_to != seat:
            what += f" — dealt to {you(dealt_to, learner)}, won in a trick"
        rows.append((f"{name} (PI-10)",
                     f"{you(seat, learner, capital=True)} — {card_label(card)}, {what}"))
    counts = ", ".join(f"{you(s, learner)}: {p}" for s, p in enumerate(o.game_points))
    if o.game is None:
        top = max(o.game_points)
        tie = f"a tie at {top} for the most" if top else "nobody took a game point"
        rows.append(("Game (PI-10)", f"nobody: {tie} — game points: {counts}"))
    else:
        rows.append(("Game (PI-10)", f"{you(o.game, learner, capital=True)}, with the most "
                                     f"game points ({o.game_points[o.game]}) — game points "
                                     f"(10 = 10, A 4, K 3, Q 2, J 1): {counts}"))
    return rows


def result_words(o: HandOutcome, learner: int | None) -> str:
    """The pitcher's bid made or set back (PI-11)."""
    if o.pitcher is None or o.bid is None:
        return "no pitcher: everyone scores the points they won (PI-6)"
    who = you(o.pitcher, learner, capital=True)
    won = o.points_won[o.pitcher]
    pts = f"{won} point{'' if won == 1 else 's'}"
    if o.made:
        verb = "score" if o.pitcher == learner else "scores"
        return f"made — {who} bid {o.bid}, won {pts} and {verb} all of them (PI-11)"
    verb = "lose" if o.pitcher == learner else "loses"
    return (f"set back — {who} bid {o.bid} but won only {pts}, so {verb} {o.bid}: the bid "
            "is subtracted (PI-11)")


def changes_html(state: PitchState, learner: int | None) -> str:
    """A row per seat: the points it won (H L J G), its game points and its score change."""
    o = state.outcome()
    rows = []
    for s in range(state.n):
        got = " ".join(name for key, name in POINT_WORDS if o.awards[key] == s) or "—"
        label = you(s, learner) + (" (pitcher)" if s == o.pitcher else "")
        rows.append(f'<tr><th scope="row">{esc(label)}</th><td>{esc(got)}</td>'
                    f"<td>{o.game_points[s]}</td><td>{o.points_won[s]}</td>"
                    f"<td>{score_html(o.score_change[s], change=True)}</td></tr>")
    caption = ("This hand: the points each player took, its game points, its points won "
               "and its score change (PI-10, PI-11)")
    return (f'<p class="st-board-caption">{esc(caption)}</p><div class="st-scroll">'
            f'<table class="st-board st-changes" aria-label="{esc(caption)}"><thead><tr>'
            '<th scope="col">player</th><th scope="col">took</th>'
            '<th scope="col">game points</th><th scope="col">points</th>'
            '<th scope="col">score</th></tr></thead><tbody>' + "".join(rows)
            + "</tbody></table></div>")


def hand_result_html(state: PitchState, learner: int | None, *, table: bool = True) -> str:
    """A finished hand's result: the four points and their cards, the game-point counts, the
    pitcher's bid made or set back, and every score change (a table of them, or without
    ``table`` one line); a thrown-in deal says so."""
    o = state.outcome()
    if o.thrown_in:
        return facts_html([("Result", "everyone passed: the deal is thrown in and the same "
                                      "dealer deals again; no score changes (PI-6)")])
    trump = Suit(state.trump)
    head: list[tuple[str, str]] = []
    if o.pitcher is not None:
        head.append(("Pitcher", f"{you(o.pitcher, learner, capital=True)}, bid {o.bid}, trump "
                                f"{trump.symbol} (PI-5, PI-7)"))
    else:
        head.append(("Pitcher", f"nobody: everyone passed, the eldest led, trump "
                                f"{trump.symbol} (PI-6)"))
    rows = head + point_rows(state, learner) + [("Result", result_words(o, learner))]
    if not table:
        rows.append(("Score change (PI-11)", ", ".join(
            f"{you(s, learner)}: {signed(c)}" for s, c in enumerate(o.score_change))))
        return str(facts_html(rows))
    return str(facts_html(rows)) + changes_html(state, learner)


class PitchNotes(DealNotes):
    """Auction Pitch's drawings and its rules for the table's words."""

    points_rule = "PI-10"
    chips_rules = "PI-11"
    thrown_in_rule = "PI-6"
    played_out_rule = "PI-9"
    match_rule = "PI-12"
    match_over_rule = "PI-12"
    hint_how = ("each played out by the rules of thumb (the last tricks searched, every other "
                "seat playing against you)")

    # -- a seat's view --
    def table_view_html(self, view: View, emphasis: Mapping[CardLike, str], *,
                        seat_notes: Mapping[int, str] | None = None,
                        own_hand: bool = True) -> HtmlStr:
        v = _pitch_view(view, "table_view_html")
        pres = _words()
        deck = deck_of(v.game, v.options)
        own = (hand_svg(v.hand, width=56, emphasis=emphasis or None, label="your hand",
                        deck=deck) if own_hand else OWN_BUTTONS)
        ring = ring_html(seat_places(v, own, seat_notes), centre_html(v, 48),
                         label="the seats at the table")
        top = (f'<div class="st-row"><div>{facts_html(pres.facts(v))}</div>'
               f'<div><h4 class="st-h">Calls</h4>'
               f"{calls_html(v.calls, v.active, game=v.game)}</div></div>")
        return HtmlStr(f'<div class="st-root st-view st-table-view st-pitch" role="region" '
                       f'aria-label="{esc(f"seat {v.seat} at the table")}">{top}{ring}'
                       f"{tricks_html(v, 36)}</div>")

    # -- the match's score board under the status line --
    def match_html(self, view: View, match: Any) -> HtmlStr | None:
        if match is None or match.target is None:
            return None
        n = match.deals_played + (0 if match.settled else 1)
        caption = (f"Match to {match.target} ({self.match_rule}) — hand {n}; scores may go "
                   "below zero (PI-11)")
        row = (("score", match.balances) if match.after is None
               else ("after", match.after))  # a finished hand not yet settled
        return HtmlStr('<div class="st-root st-match st-pitch-match" role="group" '
                       f'aria-label="{esc(f"the match to {match.target}: scores")}">'
                       + board_html([row], view.seat, caption=caption) + "</div>")

    # -- a finished hand, from the learner's side --
    def settlement_html(self, state: GameState, learner: int, match: Any) -> HtmlStr:
        s = _pitch_state(state, "settlement_html")
        parts = ['<section class="st-root st-settlement" aria-label="settlement">'
                 '<h4 class="st-h">The hand’s result</h4>', hand_result_html(s, learner)]
        if match is not None and match.target is not None:
            o = s.outcome()
            before = (tuple(b - c for b, c in zip(match.balances, o.score_change, strict=True))
                      if match.settled else tuple(match.balances))
            assert isinstance(s.game, AuctionPitch)
            check = win_check(s.game.options, before, o)
            done = len(match.history) - (1 if match.settled else 0)  # hands before this
            rows = [("before", before), ("after", check.scores)]
            parts.append(board_html(rows, learner, caption=f"The match to {match.target} "
                                    f"({self.match_rule}), hand {done + 1}"))
            if done:  # every hand's scores, folded away
                every = [(f"after hand {i + 1}", tuple(t))
                         for i, t in enumerate(match.history[:done])]
                every.append((f"after hand {done + 1}", check.scores))
                parts.append('<details class="st-more"><summary>The scores after every hand '
                             f"({done + 1} hands)</summary>"
                             + board_html(every, learner, caption="A running score board",
                                          corner="after") + "</details>")
            if check.winner is not None:
                parts.append(facts_html([("Match", f"over ({self.match_over_rule}) — "
                                          + win_words(check.how, check.winner, learner,
                                                      match.target))]))
            elif max(check.scores) >= match.target:
                parts.append(facts_html([("Match", f"goes on ({self.match_over_rule}): only "
                                          f"a pitcher who reaches {match.target} wins with "
                                          "the hand (win_check: pitcher_hand)")]))
        parts.append("</section>")
        return HtmlStr("".join(parts))

    # -- a whole hand --
    def whole_deal_html(self, state: GameState, *, four_colour: bool = False,
                        width: float = 48) -> HtmlStr:
        return whole_deal(_pitch_state(state, "whole_deal_html"), four_colour=four_colour,
                          width=width)

    # -- the table's log --
    def never_shown(self, state: GameState) -> frozenset[Card]:
        """The undealt rest of the pack (PI-3: never shown and never counted)."""
        s = _pitch_state(state, "never_shown")
        dealt = 0
        for hand in s.dealt:
            dealt |= hand
        return frozenset(c for i, c in enumerate(CARDS) if not dealt >> i & 1)

    def deals_again(self, state: GameState) -> bool:
        """PI-6: a deal thrown in (``redeal_same_dealer``) is dealt again by the same dealer."""
        return isinstance(state, PitchState) and state.thrown_in

    def over_rule(self, state: GameState) -> str:
        """PI-6 for a deal thrown in, else PI-9 (six tricks in all)."""
        if isinstance(state, PitchState) and state.thrown_in:
            return self.thrown_in_rule
        return self.played_out_rule


def whole_deal(state: PitchState, *, four_colour: bool = False, width: float = 48) -> HtmlStr:
    """Every dealt card of a hand (never the undealt rest of the pack, PI-3): the hands as
    dealt, the calls, every trick with its winner and game points and, once over, the result."""
    pres = _words()
    deck = state.game.info.deck
    order = state.order
    defaults = type(state.game.options)().as_dict()
    opts = {k: v for k, v in state.game.options_dict().items() if v != defaults[k]}
    head = [("Game", pres.name),
            ("Players", f"{state.n}; seat {state.dealer} deals, seat {state.eldest} speaks "
                        "first (PI-3, PI-4)"),
            ("Undealt", f"{52 - 6 * state.n} cards, never shown (PI-3)")]
    if opts:
        head.append(("Options", ", ".join(f"{k}={v}" for k, v in opts.items())))
    hands = [f'<div class="st-seat"><div class="st-who">{esc(pres.seat_label(s, order))} as '
             "dealt</div>"
             + hand_svg([CARDS[c] for c in mask_cards(state.dealt[s])], deck=deck,
                        four_colour=four_colour, width=width, label=f"seat {s} as dealt")
             + "</div>" for s in order]
    calls = state.view(order[0]).calls
    parts = [facts_html(head),
             '<section class="st-hands" aria-label="hands as dealt"><h4 class="st-h">Hands as '
             f'dealt</h4><div class="st-row" {_ROW}>{"".join(hands)}</div></section>',
             '<section class="st-auction" aria-label="calls"><h4 class="st-h">Calls</h4>'
             + calls_html(calls, order, game=state.game.id) + "</section>"]
    rows = []
    for i, (leader, cards, winner) in enumerate(state.tricks):
        seats = trick_seats(leader, len(cards), order)
        pts = sum(GAME_POINTS[c] for c in cards)
        rows.append(f'<li class="st-trick-row"><span class="st-who">Trick {i + 1}: seat '
                    f"{leader} led, seat {winner} won, {pts} game point"
                    f"{'' if pts == 1 else 's'}</span>"
                    + trick_svg([CARDS[c] for c in cards], seats=seats, winner=winner,
                                slots=len(cards), four_colour=four_colour, width=width,
                                per_row=trick_rows(len(cards))) + "</li>")
    if state.trick:
        seats = trick_seats(state.leader, len(state.trick), order)
        rows.append(f'<li class="st-trick-row"><span class="st-who">Trick '
                    f"{len(state.tricks) + 1} (in progress)</span>"
                    + trick_svg([CARDS[c] for c in state.trick], seats=seats, slots=state.n,
                                four_colour=four_colour, width=width,
                                per_row=trick_rows(state.n)) + "</li>")
    if rows:
        parts.append('<section class="st-history" aria-label="the play"><h4 class="st-h">The '
                     f'play</h4><ol class="st-tricks st-row">{"".join(rows)}</ol></section>')
    if state.is_terminal():
        parts.append('<section class="st-result" aria-label="result"><h4 class="st-h">Result'
                     "</h4>" + hand_result_html(state, None, table=False) + "</section>")
    return HtmlStr('<div class="st-root st-deal" role="region" aria-label="a whole deal">'
                   + "".join(parts) + "</div>")


NOTES = PitchNotes()

__all__ = ["NOTES", "PitchNotes", "board_html", "hand_result_html", "minus", "point_cards",
           "point_rows", "score_html", "signed", "whole_deal"]
