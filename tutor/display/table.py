"""A seat's view and a whole deal as HTML, built from the card SVGs of :mod:`.cards`.

- :func:`view_html` draws a :class:`~tutor.games.tapp.SeatView` — what one seat may
  know — and nothing else: it has no access to the state, so it cannot show another hand or the
  widow. Other seats appear as card backs (their hand sizes).
- :func:`deal_html` draws a whole deal from a state or a hand record: the hands as dealt, the
  widow, the auction, the declaration, all tricks with their winners, and, when the deal is over,
  the bidder's points and the chips (SBS-10..12, SBS-27). It shows every hidden card, so it is
  for finished deals and for teachers; the widgets never show it during play.
- :func:`points_table_html` is the card-points table of SBS-3, computed from the deck.

All return :class:`~tutor.display.markup.HtmlStr`. Layout and colours come from
``assets/lesson.css`` (classes ``st-view``, ``st-deal``, ``st-facts``, ``st-calls``,
``st-row``, ``st-seat`` ...); inline styles keep a bare page readable without it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import DECK_36, Card, Rank, Suit
from ..games.six_bid_solo.rules import CONTRACT_NAMES, SixBidSoloState
from ..games.tapp import CARDS, SeatView, mask_cards, mask_points
from .cards import card_svg, hand_svg, trick_svg
from .markup import CardLike, DisplayError, HtmlStr, esc

POSITIONS = ("forehand", "middlehand", "endhand")
_ROW = 'style="display:flex;flex-wrap:wrap;gap:.5em;align-items:flex-start"'
_COL = 'style="display:flex;flex-direction:column;gap:.2em"'


def position_name(seat: int, active: Sequence[int]) -> str:
    """``forehand``, ``middlehand``, ``endhand`` (SBS-5), or ``sits out`` (SBS-V2)."""
    return POSITIONS[list(active).index(seat)] if seat in active else "sits out"


def seat_label(seat: int, active: Sequence[int], dealer: int | None = None) -> str:
    """``seat 1 (forehand)``; ``seat 0 (endhand, dealer)``."""
    bits = [position_name(seat, active)]
    if dealer is not None and seat == dealer:
        bits.append("dealer")
    return f"seat {seat} ({', '.join(bits)})"


def contract_words(contract: str | None, trump: Suit | None) -> str:
    """``Solo, trump ♠``; ``Misère, no trump``; ``—`` before the auction ends."""
    if contract is None:
        return "—"
    name = CONTRACT_NAMES[contract]
    if trump is not None:
        return f"{name}, trump {trump.symbol}"
    if contract in ("misere", "spread-misere"):
        return f"{name}, no trump"
    return f"{name}, trump not yet named"


def trick_seats(leader: int, count: int, active: Sequence[int]) -> list[int]:
    """The seats that play a trick's cards, from the leader clockwise among the active players."""
    i = list(active).index(leader)
    return [active[(i + k) % 3] for k in range(count)]


def facts_html(rows: Sequence[tuple[str, str]]) -> HtmlStr:
    """Label/value lines as a ``<dl class="st-facts">`` (labels and values are escaped)."""
    return HtmlStr(_facts([(k, esc(v)) for k, v in rows]))


def _facts(rows: Sequence[tuple[str, str]]) -> str:
    """Like :func:`facts_html`, but the values are HTML already."""
    body = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
    return f'<dl class="st-facts">{body}</dl>'  # the grid is in lesson.css (narrow: stacked)


def calls_html(calls: Sequence[tuple[int, str]], active: Sequence[int]) -> HtmlStr:
    """The calls of an auction in order, each with its seat and position (SBS-13)."""
    return HtmlStr(_calls(calls, active))


def _calls(calls: Sequence[tuple[int, str]], active: Sequence[int]) -> str:
    if not calls:
        return '<p class="st-calls st-empty">No call yet (SBS-13: forehand speaks first).</p>'
    items = "".join(
        f'<li><span class="st-who">{esc(seat_label(s, active))}</span>: '
        f'<span class="st-call">{esc("pass" if t == "pass" else CONTRACT_NAMES[t])}</span></li>'
        for s, t in calls)
    return f'<ol class="st-calls">{items}</ol>'


def _section(title: str, body: str, cls: str) -> str:
    return (f'<section class="{cls}" aria-label="{esc(title)}"><h4 class="st-h">{esc(title)}'
            f"</h4>{body}</section>")


def view_html(view: SeatView, *, four_colour: bool = False,
              emphasis: Mapping[CardLike, str] | None = None, show_tricks: bool = False,
              width: float = 64) -> HtmlStr:
    """What seat ``view.seat`` sees: facts, the auction, the table, the trick, the own hand.

    ``emphasis`` marks cards of the own hand (e.g. ``{"TH": "selected"}``). The view's
    ``legal`` list is *not* drawn unless the caller puts it in ``emphasis``: a quiz asking for
    the legal cards must not show them. ``show_tricks`` adds the tricks played so far (a teaching
    aid; SBS-25 has them face down at the table).
    """
    if not isinstance(view, SeatView):
        raise DisplayError("DSP-3", "view_html draws a SeatView (state.view(seat))",
                           where="view_html", what=type(view).__name__)
    active = view.active
    me = view.seat
    facts: list[tuple[str, str]] = [
        ("Seat", esc(seat_label(me, active, view.dealer))),
        ("Phase", esc(view.phase)),
    ]
    if view.to_move is not None:
        facts.append(("To move", esc("you" if view.to_move == me
                                     else seat_label(view.to_move, active))))
    if view.bidder is not None:
        facts.append(("Contract", esc(contract_words(view.contract, view.trump))))
        facts.append(("Bidder", esc("you" if view.bidder == me
                                    else seat_label(view.bidder, active))))
    if view.called is not None:
        held = ("the widow" if view.call_holder == -1 else
                f"seat {view.call_holder}" if view.call_holder is not None else "—")
        facts.append(("Called card", f"{esc(view.called.name)} (from {esc(held)})"))
    if view.given is not None:
        facts.append(("Card given back", esc(view.given.name)))
    if view.phase in ("play", "done"):
        facts.append(("Tricks won", esc(", ".join(
            f"seat {s}: {view.won_tricks[s]}" for s in active))))

    parts = [_facts(facts), _section("Auction", _calls(view.calls, active), "st-auction")]

    others = []
    for s in active:
        if s == me:
            continue
        n = view.hand_sizes[s]
        backs = hand_svg([], face_down=n, width=width * 0.45, overlap=0.7,
                         label=f"seat {s}") if n else ""
        others.append(f'<div class="st-seat"><div class="st-who">{esc(seat_label(s, active))}'
                      f" — {n} card{'s' if n != 1 else ''}</div>{backs}</div>")
    parts.append(_section("The table", f'<div class="st-row" {_ROW}>{"".join(others)}</div>',
                          "st-others"))

    if view.exposed is not None and view.bidder is not None and view.bidder != me:
        parts.append(_section(f"Spread Misère: seat {view.bidder}'s hand, face up (SBS-21)",
                              hand_svg(view.exposed, four_colour=four_colour, width=width * 0.8,
                                       label=f"seat {view.bidder}, exposed"), "st-exposed"))

    if view.phase == "play" and view.trick_leader is not None:
        seats = trick_seats(view.trick_leader, len(view.trick), active)
        parts.append(_section("Trick in progress", trick_svg(
            view.trick, seats=seats, labels=[f"seat {s}" for s in seats],
            four_colour=four_colour, width=width), "st-current"))

    if show_tricks and view.tricks:
        rows = []
        for i, (leader, cards, winner) in enumerate(view.tricks):
            seats = trick_seats(leader, len(cards), active)
            rows.append(f'<li {_COL}><span class="st-who">Trick {i + 1}, won by seat {winner}'
                        "</span>"
                        + trick_svg(cards, seats=seats, winner=winner, width=width * 0.6,
                                    four_colour=four_colour) + "</li>")
        parts.append(_section("Tricks played", f'<ol class="st-tricks">{"".join(rows)}</ol>',
                              "st-history"))

    parts.append(_section("Your hand", hand_svg(view.hand, four_colour=four_colour, width=width,
                                                emphasis=emphasis, label="your hand"),
                          "st-own"))
    return HtmlStr(f'<div class="st-root st-view" role="region" '
                   f'aria-label="{esc(f"seat {me}’s view")}">{"".join(parts)}</div>')


def deal_html(deal: SixBidSoloState | Mapping[str, Any], *, four_colour: bool = False,
              width: float = 48) -> HtmlStr:
    """A whole deal — hands as dealt, widow, auction, declaration, tricks, result and chips.

    ``deal`` is a :class:`~tutor.games.six_bid_solo.rules.SixBidSoloState` or a hand record
    (``tutor-record/1``, replayed with :func:`tutor.engine.record.state_of`, so a bad record
    raises its RecordError). An unfinished deal is drawn as far as it has gone, without chips.
    """
    state = _state_of(deal)
    active = state.active
    dealer = state.dealer
    view = state.view(active[0])  # any seat's view carries every call with its speaker
    d = state.describe()
    done = state.is_terminal()

    head: list[tuple[str, str]] = [
        ("Players", f"{state.n} (dealer: seat {dealer})"),
        ("Contract", esc(contract_words(view.contract, view.trump)
                         if state.bidder is not None else
                         ("thrown in — everyone passed (SBS-17)" if done else "auction on"))),
    ]
    if state.bidder is not None:
        head.append(("Bidder", esc(seat_label(state.bidder, active, dealer))))
    if view.called is not None:
        held = "the widow" if state.call_holder == -1 else f"seat {state.call_holder}"
        head.append(("Called card", f"{esc(view.called.name)} (held by {esc(held)})"))
    if state.given >= 0:
        head.append(("Given back", f"{esc(CARDS[state.given].name)} (SBS-20)"))
    opts = {k: v for k, v in state.game.options_dict().items()
            if v != type(state.game.options)().as_dict()[k]}
    if opts:
        head.append(("Options", esc(", ".join(f"{k}={v}" for k, v in opts.items()))))

    hands = []
    for s in range(state.n):
        body: str
        if s in active:
            body = hand_svg([CARDS[c] for c in mask_cards(state.dealt[s])],
                            four_colour=four_colour, width=width, label=f"seat {s} as dealt")
        else:
            body = '<p class="st-empty">no cards this deal (SBS-V2)</p>'
        hands.append(f'<div class="st-seat"><div class="st-who">'
                     f"{esc(seat_label(s, active, dealer))}</div>{body}</div>")
    widow_cards = [CARDS[c] for c in mask_cards(state.widow)]
    widow_pts = mask_points(state.widow)
    hands.append(f'<div class="st-seat st-widow"><div class="st-who">widow — {widow_pts} '
                 f"points</div>"
                 + hand_svg(widow_cards, four_colour=four_colour, width=width, label="widow",
                            overlap=0.3) + "</div>")
    parts = [_facts(head),
             _section("Hands as dealt", f'<div class="st-row" {_ROW}>{"".join(hands)}</div>',
                      "st-hands"),
             _section("Auction", _calls(view.calls, active), "st-auction")]

    if state.tricks or state.trick:
        rows = []
        for i, (leader, cards, winner) in enumerate(state.tricks):
            seats = trick_seats(leader, 3, active)
            pts = sum(DECK_36.points(CARDS[c]) for c in cards)
            rows.append(
                f'<li class="st-trick-row" {_COL}><span class="st-who">Trick {i + 1}: '
                f"seat {leader} led, seat {winner} won, {pts} points</span>"
                + trick_svg([CARDS[c] for c in cards], seats=seats, winner=winner,
                            four_colour=four_colour, width=width) + "</li>")
        if state.trick:
            seats = trick_seats(state.leader, len(state.trick), active)
            rows.append(f'<li class="st-trick-row" {_COL}><span class="st-who">Trick '
                        f"{len(state.tricks) + 1} (in progress)</span>"
                        + trick_svg([CARDS[c] for c in state.trick], seats=seats,
                                    four_colour=four_colour, width=width) + "</li>")
        parts.append(_section("Tricks", f'<ol class="st-tricks" {_ROW}>{"".join(rows)}</ol>',
                              "st-history"))

    if done:
        parts.append(_section("Result", _result(state, d), "st-result"))
    return HtmlStr(f'<div class="st-root st-deal" role="region" aria-label="a whole deal">'
                   f'{"".join(parts)}</div>')


def _result(state: SixBidSoloState, d: Mapping[str, Any]) -> str:
    chips: list[int] = d["chips"]
    if state.bidder is None:
        return "<p>Everyone passed: the deal is thrown in and no chips change (SBS-17).</p>"
    rows = [
        ("Bidder’s points (P, SBS-12)", str(d["bidder_points"])),
        ("Bidder’s tricks", str(d["bidder_tricks"])),
        ("Made?", "yes" if d["made"] else "no"),
    ]
    cells = "".join(
        f"<tr><th scope=\"row\">{esc(seat_label(s, state.active, state.dealer))}</th>"
        f'<td class="{"st-plus" if c > 0 else "st-minus" if c < 0 else ""}">{c:+d}</td></tr>'
        for s, c in enumerate(chips))
    table = (f'<table class="st-chips"><caption>Chips (SBS-10, SBS-11, SBS-27)</caption>'
             f"<tbody>{cells}</tbody></table>")
    return _facts([(k, esc(v)) for k, v in rows]) + table


def _state_of(deal: object) -> SixBidSoloState:
    if isinstance(deal, SixBidSoloState):
        return deal
    if isinstance(deal, Mapping):
        from ..engine.record import state_of

        state = state_of(deal)
        if isinstance(state, SixBidSoloState):
            return state
    raise DisplayError("DSP-3", "deal_html draws a Six-Bid Solo state or a hand record",
                       where="deal_html", what=type(deal).__name__)


def points_table_html() -> HtmlStr:
    """Card points by rank (SBS-3), from the deck (:data:`tutor.cards.DECK_36`), with the totals."""
    ranks = DECK_36.ranks
    head = "".join(f'<th scope="col">{"10" if r is Rank.TEN else r.letter}</th>' for r in ranks)
    cells = "".join(f"<td>{DECK_36.rank_points(r)}</td>" for r in ranks)
    per_suit = sum(DECK_36.rank_points(r) for r in ranks)
    total = DECK_36.total_points
    return HtmlStr(
        '<table class="st-points"><caption>Card points (SBS-3)</caption>'
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
    from .cards import emphasis_of
    from .markup import as_card

    marks = emphasis_of(emphasis, "cards_html")
    items: list[str] = []
    for i, c in enumerate(cards):
        card: Card = as_card(c, f"cards_html[{i}]")
        items.append(card_svg(card, four_colour=four_colour, width=width,
                              emphasis=marks.get(card, "")))
    return HtmlStr(f'<div class="st-cards st-row" role="group" aria-label="cards" {_ROW}>'
                   f'{"".join(items)}</div>')
