"""A seat's view and a whole deal as HTML, built from the card SVGs of :mod:`.cards`.

- :func:`view_html` draws a :class:`~tutor.games.tapp.SeatView` — what one seat may
  know — and nothing else: it has no access to the state, so it cannot show another hand, the
  widow or a discard laid away face down. The seats sit around the table (:mod:`.ring`, 2 to 12
  seats), the others as card backs (their hand sizes).
- :func:`deal_html` draws a whole deal from a state or a hand record: the hands as dealt, the
  widow and anything laid away (Frog's discard), the auction, the declaration, all tricks with
  their winners, and, when the deal is over, the bidder's points and the chips. It shows every
  hidden card, so it is for finished deals and for teachers; the widgets never show it during
  play.
- :func:`points_table_html` is the card-points table of a deck (by default SBS-3's).

The game's words — seat names, contract names, the facts a table shows — come from the game's
presentation and its deal notes (:mod:`.adapter`), never from its rules module. All return
:class:`~tutor.display.markup.HtmlStr`. Layout and colours come from ``assets/lesson.css``
(classes ``st-view``, ``st-deal``, ``st-facts``, ``st-calls``, ``st-ring``, ``st-seat`` ...);
inline styles keep a bare page readable without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import DECK_36, Card, Deck, Rank, Suit
from ..games.presentation import POSITIONS, Presentation
from ..games.tapp import CARDS, PLAY, SeatView, TappState, mask_cards, mask_points
from ..state import GameState, View
from .adapter import DEFAULT_GAME, deal_notes, deck_of, words
from .cards import card_svg, emphasis_of, hand_svg, trick_svg
from .markup import CardLike, DisplayError, HtmlStr, as_card, esc
from .ring import SeatPlace, ring_html

_ROW = 'style="display:flex;flex-wrap:wrap;gap:.5em;align-items:flex-start"'
_COL = 'style="display:flex;flex-direction:column;gap:.2em"'
#: A trick of more places than this is drawn in rows (a many-seat table's centre stays legible).
_TRICK_ROW = 6


def trick_rows(places: int) -> int | None:
    """Places per row for a trick of ``places``: one row up to six, else rows of even length
    (7 → 4 + 3, 11 → 6 + 5)."""
    if places <= _TRICK_ROW:
        return None
    rows = -(-places // _TRICK_ROW)
    return -(-places // rows)


def position_name(seat: int, active: Sequence[int], *, game: str = DEFAULT_GAME) -> str:
    """The seat's part in this deal in ``game``'s words: ``forehand`` … (SBS-5), ``sits out``."""
    return words(game).seat_name(seat, active)


def seat_label(seat: int, active: Sequence[int], dealer: int | None = None, *,
               game: str = DEFAULT_GAME) -> str:
    """``seat 1 (forehand)``; ``seat 0 (endhand, dealer)`` — in ``game``'s words."""
    return words(game).seat_label(seat, active, dealer)


def contract_words(contract: str | None, trump: Suit | None, *, game: str = DEFAULT_GAME) -> str:
    """``Solo, trump ♠``; ``Misère, no trump``; ``Frog bid, trump ♥``; ``—`` before the
    auction ends — in ``game``'s words."""
    return words(game).contract_words(contract, trump)


def trick_seats(leader: int, count: int, active: Sequence[int]) -> list[int]:
    """The seats that play a trick's cards, from the leader clockwise among the active players."""
    i = list(active).index(leader)
    return [active[(i + k) % len(active)] for k in range(count)]


def facts_html(rows: Sequence[tuple[str, str]]) -> HtmlStr:
    """Label/value lines as a ``<dl class="st-facts">`` (labels and values are escaped)."""
    return HtmlStr(_facts([(k, esc(v)) for k, v in rows]))


def _facts(rows: Sequence[tuple[str, str]]) -> str:
    """Like :func:`facts_html`, but the values are HTML already."""
    body = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
    return f'<dl class="st-facts">{body}</dl>'  # the grid is in lesson.css (narrow: stacked)


def calls_html(calls: Sequence[tuple[int, str]], active: Sequence[int], *,
               game: str = DEFAULT_GAME) -> HtmlStr:
    """The calls of an auction in order, each with its seat and position (SBS-13), in
    ``game``'s words."""
    return HtmlStr(_calls(calls, active, words(game)))


def _calls(calls: Sequence[tuple[int, str]], active: Sequence[int], pres: Presentation) -> str:
    if not calls:
        first = pres.seat_name(active[0], active) if active else "the first player"
        return f'<p class="st-calls st-empty">No call yet: {esc(first)} speaks first.</p>'
    items = "".join(
        f'<li><span class="st-who">{esc(pres.seat_label(s, active))}</span>: '
        f'<span class="st-call">{esc(pres.call_words(t))}</span></li>'
        for s, t in calls)
    return f'<ol class="st-calls">{items}</ol>'


def _section(title: str, body: str, cls: str) -> str:
    return (f'<section class="{cls}" aria-label="{esc(title)}"><h4 class="st-h">{esc(title)}'
            f"</h4>{body}</section>")


_PHASE_WORDS = {"auction": "The auction is on: no trick yet.",
                "declare": "The bidder declares: no trick yet.",
                "done": "The deal is over."}


def seat_places(view: SeatView, pres: Presentation, own: str, *, backs_width: float,
                notes: Mapping[int, str] | None = None) -> list[SeatPlace]:
    """Every seat of ``view``'s table as the ring draws it, clockwise from the view's own seat
    (whose body is ``own``, the learner's hand): the other seats as card backs (their hand
    sizes), a seat out of this deal without cards, badges for the seat to move and the game's
    marks as this seat may know them (the bidder; Crazy Solo's sides), and a seat's line of
    ``notes`` (a teaching aid: :meth:`~.adapter.DealNotes.seat_notes`) under its cards.
    """
    n = len(view.hand_sizes)
    places = []
    for k in range(n):
        s = (view.seat + k) % n
        label = pres.seat_label(s, view.active, view.dealer)
        marks = ("to move",) * (s == view.to_move) + pres.seat_marks(view, s)
        if k == 0:
            places.append(SeatPlace(s, f"{label} — you", own, marks,
                                    out=s not in view.active))
        elif s not in view.active:
            places.append(SeatPlace(s, label, '<p class="st-empty">no cards this deal</p>',
                                    marks, out=True))
        else:
            size = view.hand_sizes[s]
            backs = hand_svg([], face_down=size, width=backs_width, overlap=0.7,
                             label=f"seat {s}") if size else ""
            if notes and s in notes:
                backs += f'<p class="st-seat-note">{esc(notes[s])}</p>'
            places.append(SeatPlace(s, f"{label} — {size} card{'s' if size != 1 else ''}",
                                    backs, marks))
    return places


def trick_centre(view: SeatView, *, width: float) -> str:
    """The centre of the table: the trick in progress captioned by seat (``you`` for the view's
    own), in rows when many seats play to it; else a line saying why there is none."""
    if view.phase == PLAY and view.trick_leader is not None:
        seats = trick_seats(view.trick_leader, len(view.trick), view.active)
        slots = len(view.active)
        return ('<h4 class="st-h">Trick in progress</h4>' + trick_svg(
            view.trick, seats=seats, labels=["you" if s == view.seat else f"seat {s}"
                                              for s in seats],
            slots=slots, per_row=trick_rows(slots), width=width))
    return f'<p class="st-empty">{esc(_PHASE_WORDS.get(view.phase, view.phase))}</p>'


def view_html(view: View, *, four_colour: bool = False,
              emphasis: Mapping[CardLike, str] | None = None, show_tricks: bool = False,
              width: float = 64, seat_notes: Mapping[int, str] | None = None,
              own_hand: bool = True) -> HtmlStr:
    """What seat ``view.seat`` sees: facts, the auction, the table, the trick, the own hand.

    The facts and every name come from the game's presentation; the hand sorts in the game's
    deck. The seats sit around the table, the own hand at the bottom. ``emphasis`` marks cards
    of the own hand (e.g. ``{"TH": "selected"}``). The view's ``legal`` list is *not* drawn
    unless the caller puts it in ``emphasis``: a quiz asking for the legal cards must not show
    them. ``show_tricks`` adds the tricks played so far (a teaching aid; SBS-25 has them face
    down at the table). A Frog bidder's view shows the bidder's own discard; no other view
    holds it. ``seat_notes`` puts a line under a seat's cards (a teaching aid worked out from
    the view: :meth:`~.adapter.DealNotes.seat_notes`). ``own_hand=False`` leaves the own hand
    out: a widget shows it as buttons, each card's face a button, and the seat says so. A game
    outside the Tapp family draws its own table (Sixty-Six's two hands, stock and turn-up: its
    deal notes' :meth:`~.adapter.DealNotes.table_view_html`).
    """
    if not isinstance(view, SeatView) and isinstance(view, View) \
            and isinstance(getattr(view, "game", None), str):
        drawn = deal_notes(view.game).table_view_html(view, emphasis or {},
                                                      seat_notes=seat_notes)
        if drawn is not None:
            return drawn
    if not isinstance(view, SeatView):
        raise DisplayError("DSP-3", "view_html draws a seat's view (state.view(seat))",
                           where="view_html", what=type(view).__name__)
    pres = words(view.game)
    deck = deck_of(view.game, view.options)
    active = view.active
    me = view.seat
    parts = [facts_html(pres.facts(view)),
             _section("Auction", _calls(view.calls, active, pres), "st-auction")]
    own = (hand_svg(view.hand, four_colour=four_colour, width=width, emphasis=emphasis,
                    label="your hand", deck=deck) if own_hand else
           HtmlStr('<p class="st-muted st-own-buttons">Your cards are the buttons below.</p>'))
    ring = ring_html(seat_places(view, pres, own, backs_width=width * 0.45, notes=seat_notes),
                     trick_centre(view, width=width * 0.75), label="the seats at the table")
    parts.append(_section("The table", ring, "st-others"))

    if view.exposed is not None and view.bidder is not None and view.bidder != me:
        parts.append(_section(f"Spread Misère: seat {view.bidder}'s hand, face up (SBS-21)",
                              hand_svg(view.exposed, four_colour=four_colour, width=width * 0.8,
                                       label=f"seat {view.bidder}, exposed", deck=deck),
                              "st-exposed"))
    if view.discarded:
        parts.append(_section("Your discard, face down (only you see it)", hand_svg(
            view.discarded, four_colour=four_colour, width=width * 0.6, overlap=0.3,
            label="your discard", deck=deck), "st-discard"))

    if show_tricks and view.tricks:
        rows = []
        for i, (leader, cards, winner) in enumerate(view.tricks):
            seats = trick_seats(leader, len(cards), active)
            rows.append(f'<li {_COL}><span class="st-who">Trick {i + 1}, won by seat {winner}'
                        "</span>"
                        + trick_svg(cards, seats=seats, winner=winner, width=width * 0.6,
                                    slots=len(cards), four_colour=four_colour,
                                    per_row=trick_rows(len(cards)))
                        + "</li>")
        parts.append(_section("Tricks played", f'<ol class="st-tricks">{"".join(rows)}</ol>',
                              "st-history"))
    return HtmlStr(f'<div class="st-root st-view" role="region" '
                   f'aria-label="{esc(f"seat {me}’s view")}">{"".join(parts)}</div>')


def deal_html(deal: GameState | Mapping[str, Any], *, four_colour: bool = False,
              width: float = 48) -> HtmlStr:
    """A whole deal — hands as dealt, widow, auction, declaration, tricks, result and chips.

    ``deal`` is a state of a Tapp-family game (Six-Bid Solo, Frog) or a hand record
    (``tutor-record/1``, replayed with :func:`tutor.engine.record.state_of`, so a bad record
    raises its RecordError). An unfinished deal is drawn as far as it has gone, without chips.
    What the game adds — Call Solo's called card, Frog's discard and where P came from — comes
    from the game's deal notes (:func:`.adapter.deal_notes`); a game outside the family draws
    its whole deal there (Sixty-Six: the turn-up, the stock top first, draws and claims).
    """
    state = _state_of(deal)
    own = deal_notes(state.game.id).whole_deal_html(state, four_colour=four_colour, width=width)
    if own is not None:
        return own
    if not isinstance(state, TappState):
        raise DisplayError("DSP-3", "deal_html draws a Tapp-family deal, or a game's own from "
                           "its deal notes", where="deal_html", what=type(state).__name__)
    game = state.game.id
    pres, notes = words(game), deal_notes(game)
    deck = state.game.info.deck
    active = state.active
    dealer = state.dealer
    view = state.view(active[0])  # any seat's view carries every call with its speaker
    d = state.describe()
    done = state.is_terminal()

    head: list[tuple[str, str]] = [
        ("Game", pres.name),
        ("Players", f"{state.n} (dealer: seat {dealer})"),
        ("Contract", pres.contract_words(view.contract, view.trump)
         if state.bidder is not None else
         (f"thrown in — everyone passed ({notes.thrown_in_rule})" if done else "auction on")),
    ]
    if state.bidder is not None:
        head.append(("Bidder", pres.seat_label(state.bidder, active, dealer)))
    head += notes.declaration(state)
    defaults = type(state.game.options)().as_dict()
    opts = {k: v for k, v in state.game.options_dict().items() if v != defaults[k]}
    if opts:
        head.append(("Options", ", ".join(f"{k}={v}" for k, v in opts.items())))

    hands = []
    for s in range(state.n):
        body: str
        if s in active:
            body = hand_svg([CARDS[c] for c in mask_cards(state.dealt[s])], deck=deck,
                            four_colour=four_colour, width=width, label=f"seat {s} as dealt")
        else:
            body = '<p class="st-empty">no cards this deal</p>'
        hands.append(f'<div class="st-seat"><div class="st-who">'
                     f"{esc(pres.seat_label(s, active, dealer))}</div>{body}</div>")
    if state.game.info.widow:  # a game without a widow (Crazy Solo, CS-2) draws none
        widow_cards = [CARDS[c] for c in mask_cards(state.widow)]
        hands.append(f'<div class="st-seat st-widow"><div class="st-who">widow — '
                     f"{mask_points(state.widow)} points</div>"
                     + hand_svg(widow_cards, four_colour=four_colour, width=width,
                                label="widow", overlap=0.3, deck=deck) + "</div>")
    for caption, laid in notes.laid_away(state):
        hands.append(f'<div class="st-seat st-widow st-laid"><div class="st-who">'
                     f"{esc(caption)}</div>"
                     + hand_svg(laid, four_colour=four_colour, width=width, overlap=0.3,
                                label=caption, deck=deck) + "</div>")
    parts = [facts_html(head),
             _section("Hands as dealt", f'<div class="st-row" {_ROW}>{"".join(hands)}</div>',
                      "st-hands"),
             _section("Auction", _calls(view.calls, active, pres), "st-auction")]

    if state.tricks or state.trick:
        rows = []
        for i, (leader, cards, winner) in enumerate(state.tricks):
            seats = trick_seats(leader, len(cards), active)
            pts = sum(deck.points(CARDS[c]) for c in cards)
            rows.append(
                f'<li class="st-trick-row" {_COL}><span class="st-who">Trick {i + 1}: '
                f"seat {leader} led, seat {winner} won, {pts} points</span>"
                + trick_svg([CARDS[c] for c in cards], seats=seats, winner=winner,
                            slots=len(active), four_colour=four_colour, width=width,
                            per_row=trick_rows(len(active))) + "</li>")
        if state.trick:
            seats = trick_seats(state.leader, len(state.trick), active)
            rows.append(f'<li class="st-trick-row" {_COL}><span class="st-who">Trick '
                        f"{len(state.tricks) + 1} (in progress)</span>"
                        + trick_svg([CARDS[c] for c in state.trick], seats=seats,
                                    slots=len(active), four_colour=four_colour, width=width,
                                    per_row=trick_rows(len(active)))
                        + "</li>")
        parts.append(_section("Tricks", f'<ol class="st-tricks" {_ROW}>{"".join(rows)}</ol>',
                              "st-history"))

    if done:
        parts.append(_section("Result", _result(state, d, pres), "st-result"))
    return HtmlStr(f'<div class="st-root st-deal" role="region" aria-label="a whole deal">'
                   f'{"".join(parts)}</div>')


def _result(state: TappState, d: Mapping[str, Any], pres: Presentation) -> str:
    notes = deal_notes(state.game.id)
    chips: list[int] = d["chips"]
    if state.bidder is None:
        return ("<p>Everyone passed: the deal is thrown in and no chips change "
                f"({esc(notes.thrown_in_rule)}).</p>")
    rows = notes.result_rows(state, d)
    cells = "".join(
        f"<tr><th scope=\"row\">{esc(pres.seat_label(s, state.active, state.dealer))}</th>"
        f'<td class="{"st-plus" if c > 0 else "st-minus" if c < 0 else ""}">{c:+d}</td></tr>'
        for s, c in enumerate(chips))
    table = (f'<table class="st-chips"><caption>Chips ({esc(notes.chips_rules)})</caption>'
             f"<tbody>{cells}</tbody></table>")
    return facts_html(rows) + table


def _state_of(deal: object) -> GameState:
    if isinstance(deal, GameState):
        return deal
    if isinstance(deal, Mapping):
        from ..engine.record import state_of

        return state_of(deal)
    raise DisplayError("DSP-3", "deal_html draws a game's state or a hand record",
                       where="deal_html", what=type(deal).__name__)


def points_table_html(deck: Deck = DECK_36, rule: str = "SBS-3") -> HtmlStr:
    """Card points by rank of ``deck`` (``game.info.deck``) with the totals, captioned with the
    ``rule`` that gives them (by default the 36-card deck of SBS-3; Pitch: ``DECK_52``, PI-10).
    """
    ranks = deck.ranks
    head = "".join(f'<th scope="col">{"10" if r is Rank.TEN else r.letter}</th>' for r in ranks)
    cells = "".join(f"<td>{deck.rank_points(r)}</td>" for r in ranks)
    per_suit = sum(deck.rank_points(r) for r in ranks)
    total = deck.total_points
    caption = f"Card points ({esc(rule)})" if rule else "Card points"
    return HtmlStr(
        f'<table class="st-points"><caption>{caption}</caption>'
        f'<thead><tr><th scope="col">rank</th>{head}</tr></thead>'
        f'<tbody><tr><th scope="row">points</th>{cells}</tr></tbody>'
        f"<tfoot><tr><td colspan=\"{len(ranks) + 1}\">{per_suit} a suit, {total} in the "
        "deck</td></tr></tfoot></table>")


def cards_html(cards: Sequence[CardLike], *, four_colour: bool = False, width: float = 64,
               emphasis: Mapping[CardLike, str] | None = None) -> HtmlStr:
    """Cards as a row of separate SVGs (each its own ``role="img"``), wrapping on narrow screens.

    Unlike :func:`~tutor.display.cards.hand_svg` the cards do not overlap and keep their given
    order; a quiz uses this for "which card is higher?".
    """
    marks = emphasis_of(emphasis, "cards_html")
    items: list[str] = []
    for i, c in enumerate(cards):
        card: Card = as_card(c, f"cards_html[{i}]")
        items.append(card_svg(card, four_colour=four_colour, width=width,
                              emphasis=marks.get(card, "")))
    return HtmlStr(f'<div class="st-cards st-row" role="group" aria-label="cards" {_ROW}>'
                   f'{"".join(items)}</div>')


__all__ = ["POSITIONS", "calls_html", "cards_html", "contract_words", "deal_html", "facts_html",
           "points_table_html", "position_name", "seat_label", "seat_places", "trick_centre",
           "trick_rows", "trick_seats", "view_html"]
