"""The play table's drawings: its status line, the learner's seat, the log, the settlement and the
review of the learner's play — pure functions of plain data, returning HTML strings.

:class:`tutor.widgets.TableWidget` puts these into its HTML widgets; what they draw comes from
the learner's :class:`SeatView` (never from the state) until the deal is over, when the whole
deal (:func:`deal_end_html`) and the review are shown. SBS-25: tricks are turned face down, so
the seat view shows only the tricks that fell since the learner's last action unless the
*teaching aid* is on (every trick, and the card points taken).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, card_label
from ..games.six_bid_solo.rules import CONTRACT_NAMES, CONTRACTS, SixBidSoloState
from ..games.tapp import AUCTION, CARDS, PLAY, SUIT_SYMBOLS, SeatView
from .cards import hand_svg, trick_svg
from .markup import CardLike, HtmlStr, esc
from .table import calls_html, contract_words, deal_html, facts_html, seat_label, trick_seats

if TYPE_CHECKING:
    from ..quiz.decisions import ReviewLine

#: A trick as the seat view holds it: its leader, its cards in play order, its winner.
Trick = tuple[int, tuple[Card, ...], int]


@dataclass(frozen=True)
class MatchStanding:
    """A short match as the table shows it (SBS-26..28): ``deals_played`` deals settled of
    ``deals``, the chip ``balances`` before the current deal, and whether the current deal is
    ``settled`` in the match already."""

    deals_played: int
    deals: int
    balances: tuple[int, ...]
    settled: bool


def note_html(text: str) -> HtmlStr:
    """A short status note (a hint, a comparison, a file saved)."""
    return HtmlStr(f'<div class="st-root st-note" role="status">{esc(text)}</div>')


def table_status_html(view: SeatView, *, done: bool, learner_to_move: bool, auto: bool,
                      match: MatchStanding | None) -> HtmlStr:
    """The status line: whose turn, what the learner may do now and by which rule; in a match,
    the deal's number and the chips (SBS-26). ``auto``: the bots play at once."""
    pos = seat_label(view.seat, view.active, view.dealer)
    if done:
        text = ("Everyone passed: the deal is thrown in (SBS-17)." if view.bidder is None
                else "The deal is over — the settlement and the review are below.")
    elif learner_to_move:
        if view.phase == AUCTION:
            text = (f"Your call — you are {pos}. Only the calls the rules allow are enabled "
                    "(SBS-14: pass or a strictly higher contract).")
        elif view.step == "trump":
            text = "You won the auction: name trump (SBS-19)."
        elif view.step == "call":
            text = ("Call Solo: call one card you do not hold, or call none (SBS-20). "
                    "Its holder hands it over and you give a card back.")
        elif view.step == "give":
            text = (f"Give seat {view.call_holder} one of your cards, face down — any but "
                    "the called card (SBS-20).")
        else:
            text = ("Your turn: play a card. Only legal cards are enabled (SBS-23: follow "
                    "suit, else trump, else any card).")
    else:
        who = seat_label(view.to_move or 0, view.active)
        text = (f"{who} is to move — press “Next bot move”." if not auto
                else f"{who} is to move…")
    line = ""
    if match is not None:
        n = match.deals_played + (0 if match.settled else 1)
        bal = ", ".join(f"seat {s}: {b}" for s, b in enumerate(match.balances))
        line = (f'<div class="st-match">Match: deal {min(n, match.deals)} of {match.deals} · '
                f"chips (SBS-26): {esc(bal)}</div>")
    return HtmlStr(f'<div class="st-root st-status" role="status" aria-live="polite">'
                   f"{esc(text)}</div>{line}")


def table_view_html(view: SeatView, emphasis: Mapping[CardLike, str], *,
                    fallen: Sequence[Trick], teaching_aid: bool) -> HtmlStr:
    """The learner's seat at the table, from the view alone: facts and the auction; the other
    seats (card backs), the trick in progress and the tricks ``fallen`` since the learner's last
    action (SBS-25), or with the ``teaching_aid`` every trick played; the exposed Spread Misère
    hand; the learner's hand, ``emphasis`` marking cards (e.g. the legal ones)."""
    active = view.active
    me = view.seat
    facts = [("You are", seat_label(me, active, view.dealer))]
    if view.bidder is not None:
        facts.append(("Contract", contract_words(view.contract, view.trump)))
        facts.append(("Bidder", "you" if view.bidder == me else seat_label(view.bidder,
                                                                          active)))
    if view.called is not None:
        held = ("the widow" if view.call_holder == -1 else
                "you" if view.call_holder == me else f"seat {view.call_holder}")
        facts.append(("Called card", f"{card_label(view.called)} (from {held})"))
    if view.given is not None:
        facts.append(("Card given back", card_label(view.given)))
    if view.phase == PLAY:
        facts.append(("Tricks won", ", ".join(
            f"{'you' if s == me else f'seat {s}'}: {view.won_tricks[s]}" for s in active)))
    top = (f'<div class="st-row"><div>{facts_html(facts)}</div>'
           f'<div><h4 class="st-h">Auction</h4>{calls_html(view.calls, active)}</div></div>')
    seats = []
    for s in active:
        if s == me:
            continue
        n = view.hand_sizes[s]
        backs = hand_svg([], face_down=n, width=26, overlap=0.7, label=f"seat {s}") \
            if n else ""
        seats.append(f'<div class="st-seat"><div class="st-who">'
                     f"{esc(seat_label(s, active))} — {n} card{'s' if n != 1 else ''}"
                     f"</div>{backs}</div>")
    middle = list(seats)
    if view.phase == PLAY and view.trick_leader is not None:
        who = trick_seats(view.trick_leader, len(view.trick), active)
        middle.append('<div class="st-seat st-current"><div class="st-who">Trick in '
                      "progress</div>" + trick_svg(view.trick, seats=who, labels=[
                          "you" if s == me else f"seat {s}" for s in who], width=48)
                      + "</div>")
    if not teaching_aid:
        middle.extend(_fallen(view, fallen))
    parts = [top, f'<div class="st-row st-table-middle">{"".join(middle)}</div>']
    if view.exposed is not None and view.bidder is not None and view.bidder != me:
        parts.append(f'<div class="st-seat"><div class="st-who">Spread Misère: seat '
                     f"{view.bidder}'s hand, face up (SBS-21)</div>"
                     + hand_svg(view.exposed, width=40, label=f"seat {view.bidder}, exposed")
                     + "</div>")
    if teaching_aid and view.tricks:
        rows = []
        for i, (leader, cards, winner) in enumerate(view.tricks):
            who = trick_seats(leader, 3, active)
            rows.append(f'<div class="st-seat"><div class="st-who">Trick {i + 1}, won by '
                        f"{'you' if winner == me else f'seat {winner}'}</div>"
                        + trick_svg(cards, seats=who, winner=winner, width=34) + "</div>")
        parts.append('<section class="st-aid"><h4 class="st-h">Tricks played (teaching '
                     f'aid)</h4><div class="st-row">{"".join(rows)}</div></section>')
    parts.append('<h4 class="st-h">Your hand</h4>' + hand_svg(
        view.hand, width=56, emphasis=emphasis or None, label="your hand"))
    return HtmlStr(f'<div class="st-root st-view st-table-view" role="region" '
                   f'aria-label="{esc(f"seat {me} at the table")}">{"".join(parts)}</div>')


def _fallen(view: SeatView, tricks: Sequence[Trick]) -> list[str]:
    """The tricks that fell since the learner's last action, as they were seen (SBS-25)."""
    first = len(view.tricks) - len(tricks)
    items = []
    for k, (leader, cards, winner) in enumerate(tricks):
        who = trick_seats(leader, 3, view.active)
        items.append(f'<div class="st-seat st-fallen"><div class="st-who">Trick {first + k + 1}'
                     f" — won by {'you' if winner == view.seat else f'seat {winner}'} "
                     "(now face down, SBS-25)</div>"
                     + trick_svg(cards, seats=who, labels=[
                         "you" if s == view.seat else f"seat {s}" for s in who],
                         winner=winner, width=48) + "</div>")
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


def settlement_html(state: SixBidSoloState, learner: int,
                    match: MatchStanding | None) -> HtmlStr:
    """The finished deal's settlement from the learner's side: contract, result and chips
    (SBS-10..12, SBS-27); in a match the balances after it and, at the end, the winners
    (SBS-28)."""
    d = state.describe()
    if state.bidder is None:
        return HtmlStr('<div class="st-root"><p>Everyone passed: the cards are thrown in and no '
                       "chips change (SBS-17).</p></div>")
    me = learner
    chips = d["chips"]
    made = "made" if d["made"] else "lost"
    name = CONTRACT_NAMES[CONTRACTS[state.contract - 1]]
    who = "You" if state.bidder == me else f"Seat {state.bidder}"
    facts = [("Contract", f"{name}{'' if state.trump < 0 else ' ' + SUIT_SYMBOLS[state.trump]}"
              f" by {who.lower() if who == 'You' else who}"),
             ("Result", f"{made} — P = {d['bidder_points']} points (SBS-12), "
              f"{d['bidder_tricks']} tricks"),
             ("Your chips", f"{chips[me]:+d} (SBS-10, SBS-11, SBS-27)")]
    if match is not None:
        m = match
        after = [b + (0 if m.settled else c) for b, c in zip(m.balances, chips, strict=True)]
        facts.append(("Match balances", ", ".join(f"seat {s}: {b}"
                                                 for s, b in enumerate(after))))
        if m.deals_played + (0 if m.settled else 1) >= m.deals or min(after) <= 0:
            top = max(after)
            winners = [s for s, b in enumerate(after) if b == top]
            facts.append(("Match", "over (SBS-28) — won by " + ", ".join(
                "you" if s == me else f"seat {s}" for s in winners)))
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


def deal_end_html(state: SixBidSoloState, held_back: Sequence[tuple[str, str]]) -> HtmlStr:
    """After the deal: the bots' reasons ``held_back`` during it (each action's text and its
    reason), then the whole deal."""
    extra = ""
    if held_back:
        items = "".join(f"<li>{esc(text)} — {esc(reason)}</li>" for text, reason in held_back)
        extra = ('<section class="st-root"><h4 class="st-h">Reasons held back during the '
                 f"deal</h4><ul>{items}</ul></section>")
    return HtmlStr(extra + '<section class="st-root" aria-label="the whole deal">'
                   '<h4 class="st-h">The whole deal</h4>' + deal_html(state, width=40)
                   + "</section>")


__all__ = ["MatchStanding", "Trick", "deal_end_html", "note_html", "points_taken_html",
           "review_html", "settlement_html", "table_log_html", "table_status_html",
           "table_view_html"]
