"""The play table's drawings: its status line, the learner's seat, the log, the settlement and the
review of the learner's play — pure functions of plain data, returning HTML strings.

:class:`tutor.widgets.TableWidget` puts these into its HTML widgets; what they draw comes from
the learner's :class:`SeatView` (never from the state) until the deal is over, when the whole
deal (:func:`deal_end_html`) and the review are shown. SBS-25: tricks are turned face down, so
the seat view shows only the tricks that fell since the learner's last action unless the
*teaching aid* is on (every trick, and the card points taken). The game's words (seat names,
contracts, prompts with their rule ids, the facts) come from its presentation and its deal
notes (:mod:`.adapter`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, Suit, card_label
from ..games.tapp import AUCTION, CARDS, PLAY, SeatView, TappState
from ..state import GameState, View
from .adapter import OWN_BUTTONS, deal_notes, deck_of, words
from .cards import hand_svg, trick_svg
from .markup import CardLike, DisplayError, HtmlStr, esc
from .ring import ring_html
from .table import (
    calls_html,
    deal_html,
    facts_html,
    seat_places,
    trick_centre,
    trick_rows,
    trick_seats,
)

if TYPE_CHECKING:
    from ..quiz.decisions import ReviewLine

#: A trick as the seat view holds it: its leader, its cards in play order, its winner.
Trick = tuple[int, tuple[Card, ...], int]


@dataclass(frozen=True)
class MatchStanding:
    """A short match as the table shows it (SBS-26..28, CS-13): ``deals_played`` deals settled
    of ``deals``, the chip ``balances`` before the current deal, and whether the current deal is
    ``settled`` in the match already. ``bank_loans``: a balance may go below zero without
    ending the match (CS-13); else the match ends once a balance is 0 or below (SBS-28)."""

    deals_played: int
    deals: int
    balances: tuple[int, ...]
    settled: bool
    bank_loans: bool = False
    #: what the balances count (a game's match to a score counts ``game points``), the score
    #: that ends the match (SS-16: 7; None for a match of ``deals`` deals) and, before the
    #: finished deal is settled, the balances it will leave (None: ``balances`` plus its chips)
    unit: str = "chips"
    target: int | None = None
    after: tuple[int, ...] | None = None
    #: the balances after each settled deal, oldest first (a running score board)
    history: tuple[tuple[int, ...], ...] = ()


def note_html(text: str) -> HtmlStr:
    """A short status note (a hint, a comparison, a file saved)."""
    return HtmlStr(f'<div class="st-root st-note" role="status">{esc(text)}</div>')


def table_status_html(view: View, *, done: bool, learner_to_move: bool, auto: bool,
                      match: MatchStanding | None) -> HtmlStr:
    """The status line: whose turn, what the learner may do now and by which rule (the game's
    prompt); in a match, the deal's number and the chips (SBS-26) or the game points (SS-16).
    ``auto``: the bots play at once."""
    pres = words(view.game)
    family = isinstance(view, SeatView)
    if done:
        text = (f"Everyone passed: the deal is thrown in ({deal_notes(view.game).thrown_in_rule})."
                if isinstance(view, SeatView) and view.bidder is None
                else "The deal is over — the settlement and the review are below.")
    elif learner_to_move:
        prompt, rule = pres.prompt(view)
        text = f"{prompt} ({rule})" if rule else prompt
        if isinstance(view, SeatView) and view.phase == AUCTION:
            pos = pres.seat_label(view.seat, view.active, view.dealer)
            text += f" — you are {pos}. Only the calls the rules allow are enabled."
        elif view.phase == PLAY:
            text += (". Only legal cards are enabled." if family
                     else ". Only legal cards and actions are enabled.")
        else:
            text += "."
    else:
        who = pres.who(view.to_move or 0, view)
        text = (f"{who} is to move — press “Next bot move”." if not auto
                else f"{who} is to move…")
    line = ""
    own = deal_notes(view.game).match_html(view, match) if match is not None else None
    if own is not None:  # the game's own score board (Auction Pitch's)
        line = own
    elif match is not None and match.target is not None:
        n = match.deals_played + (0 if match.settled else 1)
        scores = ", ".join(("you" if s == view.seat else f"seat {s}") + f" {b}"
                           for s, b in enumerate(match.balances))
        rule = deal_notes(view.game).match_rule
        line = (f'<div class="st-match">Match to {match.target} ({esc(rule)}): deal {n} · '
                f"{esc(match.unit)}: {esc(scores)}</div>")
    elif match is not None:
        n = match.deals_played + (0 if match.settled else 1)
        bal = ", ".join(f"seat {s}: {b}" for s, b in enumerate(match.balances))
        rule = deal_notes(view.game).match_rule
        line = (f'<div class="st-match">Match: deal {min(n, match.deals)} of {match.deals} · '
                f"chips ({esc(rule)}): {esc(bal)}</div>")
    return HtmlStr(f'<div class="st-root st-status" role="status" aria-live="polite">'
                   f"{esc(text)}</div>{line}")


def table_view_html(view: View, emphasis: Mapping[CardLike, str], *,
                    fallen: Sequence[Trick], teaching_aid: bool,
                    seat_notes: Mapping[int, str] | None = None,
                    own_hand: bool = True) -> HtmlStr:
    """The learner's seat at the table, from the view alone: the game's facts and the auction;
    the seats around the table (the others as card backs with the game's marks and a line of
    ``seat_notes`` each, the learner's hand at the bottom, ``emphasis`` marking cards, e.g. the
    legal ones); in the centre the trick in progress and the tricks ``fallen`` since the
    learner's last action (SBS-25), or with the ``teaching_aid`` every trick played below; the
    exposed Spread Misère hand; a Frog bidder's own discard. ``own_hand=False`` leaves the
    learner's hand out (the widget shows it as buttons, each card's face a button). A game that
    draws its own table (its deal notes, :meth:`~.adapter.DealNotes.table_view_html`:
    Sixty-Six) draws it instead, from the view alone."""
    own_table = deal_notes(view.game).table_view_html(view, emphasis, seat_notes=seat_notes,
                                                      own_hand=own_hand)
    if own_table is not None:
        return own_table
    if not isinstance(view, SeatView):
        raise DisplayError("DSP-3", "the table draws a Tapp game's SeatView, or a game's own "
                           "table from its deal notes", where="table_view_html",
                           what=type(view).__name__)
    pres = words(view.game)
    deck = deck_of(view.game, view.options)
    active = view.active
    me = view.seat
    top = (f'<div class="st-row"><div>{facts_html(pres.facts(view))}</div>'
           f'<div><h4 class="st-h">Auction</h4>'
           f"{calls_html(view.calls, active, game=view.game)}</div></div>")
    # ``own_hand`` False: the learner's cards are buttons below the table (their faces are the
    # buttons), so the seat says so instead of drawing the hand a second time
    own = (hand_svg(view.hand, width=56, emphasis=emphasis or None, label="your hand", deck=deck)
           if own_hand else OWN_BUTTONS)
    centre = trick_centre(view, width=48)
    if not teaching_aid:
        centre += "".join(_fallen(view, fallen))
    parts = [top, ring_html(seat_places(view, pres, own, backs_width=26, notes=seat_notes),
                            centre, label="the seats at the table")]
    if view.exposed is not None and view.bidder is not None and view.bidder != me:
        parts.append(f'<div class="st-seat"><div class="st-who">Spread Misère: seat '
                     f"{view.bidder}'s hand, face up (SBS-21)</div>"
                     + hand_svg(view.exposed, width=40, label=f"seat {view.bidder}, exposed",
                                deck=deck)
                     + "</div>")
    if view.discarded:
        parts.append('<div class="st-seat st-discard"><div class="st-who">Your discard, face '
                     "down (only you see it)</div>"
                     + hand_svg(view.discarded, width=34, overlap=0.3, label="your discard",
                                deck=deck) + "</div>")
    if teaching_aid and view.tricks:
        rows = []
        for i, (leader, cards, winner) in enumerate(view.tricks):
            who = trick_seats(leader, len(cards), active)
            rows.append(f'<div class="st-seat"><div class="st-who">Trick {i + 1}, won by '
                        f"{'you' if winner == me else f'seat {winner}'}</div>"
                        + trick_svg(cards, seats=who, winner=winner, width=34,
                                    slots=len(cards)) + "</div>")
        parts.append('<section class="st-aid"><h4 class="st-h">Tricks played (teaching '
                     f'aid)</h4><div class="st-row">{"".join(rows)}</div></section>')
    return HtmlStr(f'<div class="st-root st-view st-table-view" role="region" '
                   f'aria-label="{esc(f"seat {me} at the table")}">{"".join(parts)}</div>')


def _fallen(view: SeatView, tricks: Sequence[Trick]) -> list[str]:
    """The tricks that fell since the learner's last action, as they were seen (SBS-25)."""
    first = len(view.tricks) - len(tricks)
    items = []
    for k, (leader, cards, winner) in enumerate(tricks):
        who = trick_seats(leader, len(cards), view.active)
        items.append(f'<div class="st-fallen"><div class="st-who">Trick {first + k + 1}'
                     f" — won by {'you' if winner == view.seat else f'seat {winner}'} "
                     "(now face down, SBS-25)</div>"
                     + trick_svg(cards, seats=who, labels=[
                         "you" if s == view.seat else f"seat {s}" for s in who],
                         winner=winner, width=48, slots=len(cards),
                         per_row=trick_rows(len(cards))) + "</div>")
    return items


def points_taken_html(taken: Mapping[int, int], learner: int) -> HtmlStr:
    """The teaching aid's count: card points in the tricks each seat has taken, labelled as not
    allowed at a real table (SBS-25)."""
    rows = [(f"seat {s}" + (" (you)" if s == learner else ""), f"{p} points")
            for s, p in taken.items()]
    return HtmlStr('<div class="st-root st-aid" role="note"><strong>Teaching aid</strong> — at '
                   "a real table tricks are turned face down and nobody may look back or count "
                   "(SBS-25). Card points taken in tricks so far (the widow not counted):"
                   + facts_html(rows) + "</div>")


def table_log_html(lines: Sequence[tuple[str, str]]) -> HtmlStr:
    """The log: each action's text and the reason shown for it ("" for none)."""
    if not lines:
        return HtmlStr("")
    items = []
    for text, reason in lines:
        extra = f' <span class="st-reason">— {esc(reason)}</span>' if reason else ""
        items.append(f"<li>{esc(text)}{extra}</li>")
    return HtmlStr('<section class="st-root" aria-label="what happened">'
                   '<h4 class="st-h">What happened (each bot says why)</h4>'
                   f'<ol class="st-log">{"".join(items)}</ol></section>')


def settlement_html(state: GameState, learner: int,
                    match: MatchStanding | None) -> HtmlStr:
    """The finished deal's settlement from the learner's side: contract, result and chips, with
    the game's rules for P and the chips (Six-Bid Solo: SBS-10..12, SBS-27; Frog: FR-1, FR-5;
    Crazy Solo: CS-11, CS-12, with the soloists and the payment) and any rows the game's deal
    notes add; in a match the balances after it and, at the end, the winners (SBS-28, CS-13)
    — after a deal thrown in too. A game that draws its own (Sixty-Six's game points, SS-13b..
    SS-16) does so in its deal notes."""
    notes = deal_notes(state.game.id)
    own = notes.settlement_html(state, learner, match)
    if own is not None:
        return own
    if not isinstance(state, TappState):
        raise DisplayError("DSP-3", "the settlement draws a Tapp game's deal, or a game's own "
                           "from its deal notes", where="settlement_html",
                           what=type(state).__name__)
    d = state.describe()
    me = learner
    chips = d["chips"]
    facts: list[tuple[str, str]] = []
    if state.bidder is not None:
        pres = words(state.game.id)
        made = notes.outcome(d)
        contract = d["contract"]
        name = pres.contract_name(contract)
        trump = f" {Suit(state.trump).symbol}" if state.trump >= 0 else ""
        who = "you" if state.bidder == me else f"Seat {state.bidder}"
        facts = [("Contract", f"{name}{trump} by {who}"),
                 ("Result", f"{made} — P = {d['bidder_points']} points ({notes.points_rule}"
                  + (f"; {came}" if (came := notes.points_from(state)) else "")
                  + f"), {d['bidder_tricks']} trick{'' if d['bidder_tricks'] == 1 else 's'}"),
                 *notes.settlement_rows(state, me),
                 ("Your chips", f"{chips[me]:+d} ({notes.chips_rules})")]
    if match is not None:
        m = match
        after = [b + (0 if m.settled else c) for b, c in zip(m.balances, chips, strict=True)]
        facts.append(("Match balances", ", ".join(f"seat {s}: {b}"
                                                 for s, b in enumerate(after))))
        if m.deals_played + (0 if m.settled else 1) >= m.deals or (
                not m.bank_loans and min(after) <= 0):
            top = max(after)
            winners = [s for s, b in enumerate(after) if b == top]
            facts.append(("Match", f"over ({notes.match_over_rule}) — won by " + ", ".join(
                "you" if s == me else f"seat {s}" for s in winners)))
    if state.bidder is None:
        return HtmlStr('<div class="st-root"><p>Everyone passed: the cards are thrown in and no '
                       f"chips change ({esc(notes.thrown_in_rule)}).</p>"
                       + (facts_html(facts) if facts else "") + "</div>")
    return HtmlStr('<section class="st-root st-settlement" aria-label="settlement">'
                   '<h4 class="st-h">Settlement</h4>' + facts_html(facts) + "</section>")


def review_html(lines: Sequence[ReviewLine], total: int) -> HtmlStr:
    """The learner's play card by card, double-dummy: each card, the best ones, what it cost and
    the cards tried and taken back; ``total`` cards in all (fewer lines while analysing)."""
    if not lines:
        return HtmlStr("")
    unit = lines[0].analysis.unit
    rows = []
    for ln in lines:
        a = ln.analysis
        best = ", ".join(card_label(CARDS[c]) for c in a.best())  # each as good
        cost = ln.cost
        cls = "st-best" if cost == 0 else "st-cost"
        tried = ", ".join(f"{card_label(CARDS[c])} ({a.cost(c)})" for c in ln.tries)
        rows.append(f"<tr><td>{ln.trick}</td><td>{esc(card_label(CARDS[ln.card]))}</td>"
                    f"<td>{esc(best)}</td><td class=\"{cls}\">{cost}</td>"
                    f"<td>{a.chip_cost(ln.card)}</td><td>{esc(tried)}</td></tr>")
    lost = sum(ln.cost for ln in lines)
    best_n = sum(1 for ln in lines if ln.cost == 0)
    more = "" if len(lines) >= total else f" (analysing: {len(lines)} of {total})"
    return HtmlStr('<section class="st-root st-review-box" aria-label="your play, card by card">'
                   '<h4 class="st-h">Your play, card by card (double-dummy: every hand seen, '
                   "perfect play after each card)</h4>"
                   f"<p>{best_n} of {len(lines)} cards were best; together they gave away {lost} "
                   f"{esc(unit)}{esc(more)}.</p>"
                   '<div class="st-scroll"><table class="st-review"><thead><tr><th>trick</th>'
                   f"<th>your card</th><th>best</th><th>cost ({esc(unit)})</th>"
                   "<th>cost (chips)</th><th>tried and taken back (cost)</th></tr></thead><tbody>"
                   + "".join(rows) + "</tbody></table></div></section>")


@dataclass(frozen=True)
class ValuedLine:
    """One of the learner's actions valued exactly (every card's place known, best play by both
    after it): the trick it was made in, its words, the best actions' words, what it cost in
    ``unit`` against the best, and the actions tried and taken back with their costs."""

    trick: int
    action: str
    best: tuple[str, ...]
    cost: float
    tries: tuple[tuple[str, float], ...] = ()


def valued_review_html(lines: Sequence[ValuedLine], *, unit: str, title: str,
                       note: str = "") -> HtmlStr:
    """The learner's actions valued exactly, one row each (Sixty-Six: from the moment the stock
    is gone, by the endgame solver, in game points); ``note`` says what is left out."""
    if not lines:
        return HtmlStr('<section class="st-root st-review-box" aria-label="your play, valued">'
                       f'<h4 class="st-h">{esc(title)}</h4><p>{esc(note)}</p></section>')
    rows = []
    for ln in lines:
        cls = "st-best" if ln.cost == 0 else "st-cost"
        tried = ", ".join(f"{t} ({c:g})" for t, c in ln.tries)
        rows.append(f"<tr><td>{ln.trick}</td><td>{esc(ln.action)}</td>"
                    f"<td>{esc(', '.join(ln.best))}</td><td class=\"{cls}\">{ln.cost:g}</td>"
                    f"<td>{esc(tried)}</td></tr>")
    lost = sum(ln.cost for ln in lines)
    best_n = sum(1 for ln in lines if ln.cost == 0)
    return HtmlStr('<section class="st-root st-review-box" aria-label="your play, valued">'
                   f'<h4 class="st-h">{esc(title)}</h4>'
                   f"<p>{best_n} of {len(lines)} were best; together they gave away {lost:g} "
                   f"{esc(unit)}.{(' ' + esc(note)) if note else ''}</p>"
                   '<div class="st-scroll"><table class="st-review"><thead><tr><th>trick</th>'
                   f"<th>yours</th><th>best</th><th>cost ({esc(unit)})</th>"
                   "<th>tried and taken back (cost)</th></tr></thead><tbody>"
                   + "".join(rows) + "</tbody></table></div></section>")


def deal_end_html(state: GameState, held_back: Sequence[tuple[str, str]]) -> HtmlStr:
    """After the deal: the bots' reasons ``held_back`` during it (each action's text and its
    reason), then the whole deal."""
    extra = ""
    if held_back:
        items = "".join(f"<li>{esc(text)} — {esc(reason)}</li>" for text, reason in held_back)
        extra = ('<section class="st-root"><h4 class="st-h">Reasons held back during the '
                 f"deal</h4><ul>{items}</ul></section>")
    whole = deal_notes(state.game.id).whole_deal_html(state, width=40)
    return HtmlStr(extra + '<section class="st-root" aria-label="the whole deal">'
                   '<h4 class="st-h">The whole deal</h4>'
                   + (whole if whole is not None else deal_html(state, width=40))
                   + "</section>")


__all__ = ["MatchStanding", "Trick", "ValuedLine", "deal_end_html", "note_html",
           "points_taken_html", "review_html", "settlement_html", "table_log_html",
           "table_status_html", "table_view_html", "valued_review_html"]
