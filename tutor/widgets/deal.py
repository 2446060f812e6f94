"""The cut for the first dealer, and a deal shown packet by packet.

- :class:`CutForDealer` — each seat cuts a card from a shuffled pack; the lowest card deals
  (SBS-6), rank by SBS-2 and, between equal ranks, suit by SBS-4 (clubs highest, diamonds
  lowest). The cut cards are face up: nothing is hidden. The seat that deals is the engine's
  (:func:`tutor.engine.match.cut_for_dealer`).
- :class:`DealStepper` — the dealer shuffles, the player on the dealer's right cuts (SBS-7),
  then the packets go out clockwise from forehand: 4 to each, 3 to each, 3 to the widow, 4 to
  each (SBS-8). The learner sits at one seat and sees only that seat's cards; every other hand,
  the widow and the rest of the pack are card backs. When the last packet is out, the hands are
  checked against the engine's own deal of the same pack. The Tapp family deals alike (Frog
  follows SBS-8 under its default options): ``game="frog"`` deals Frog's deck through the
  registry.
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import card_back_svg, cards_html, hand_svg
from ..display.markup import esc
from ..engine.match import Cut, cut_for_dealer
from ..errors import IllegalActionError, OptionError
from ..games import make_game
from ..games.tapp import CARDS, N_CARDS, TappGame, active_seats, mask_cards
from .common import Panel, button, guarded, html

POSITIONS = ("forehand", "middlehand", "endhand")
#: One step of the deal: (sentence, rule ids, hands so far, widow so far, cards dealt so far).
PlanStep = tuple[str, tuple[str, ...], list[list[int]], list[int], int]
#: SBS-8's packets in dealing order: (cards, to whom) — "each" means each active player in turn
#: from forehand, clockwise. The stepper's hands are checked against the engine's deal.
PACKETS: tuple[tuple[int, str], ...] = ((4, "each"), (3, "each"), (3, "widow"), (4, "each"))


def _label(card: Card) -> str:
    return ("10" if card.rank.letter == "T" else card.rank.letter) + card.suit.symbol


class CutForDealer(Panel):
    """**Cut** — each seat cuts a card; the lowest deals the first deal (SBS-6)."""

    css_class = "tutor-cut"

    def __init__(self, players: int = 3, *, seed: int = 0) -> None:
        super().__init__()
        if players not in (3, 4, 5):
            raise OptionError("SBS-V2", "3, 4 or 5 players", where="players", what=repr(players))
        self.players = players
        self.rng = random.Random(seed)
        self.cut: Cut = cut_for_dealer(players, self.rng)
        self.table = html("", "tutor-cut-table")
        self.words = html("", "tutor-cut-words")
        self.again = button("Cut again", cls="tutor-cut-again", tooltip="A new cut")
        self.tie = button("Show a tie-break", cls="tutor-cut-tie",
                          tooltip="Cut until two lowest cards share a rank")
        self.again.on_click(lambda _: self.recut())
        self.tie.on_click(lambda _: self.recut(tie=True))
        self.box.children = [self.words, self.table,
                             w.HBox([self.again, self.tie],
                                    layout=w.Layout(flex_flow="row wrap")),
                             self.notice]
        self._show()

    @guarded
    def recut(self, tie: bool = False) -> None:
        """A new cut; with ``tie``, cut until the lowest rank appears twice (at most 500 cuts)."""
        for _ in range(500):
            cut = cut_for_dealer(self.players, self.rng)
            if not tie or self._tied(cut):
                self.cut = cut
                break
        self._show()

    @staticmethod
    def _tied(cut: Cut) -> bool:
        low = cut.cards[cut.dealer].rank
        return sum(c.rank == low for c in cut.cards) > 1

    def _show(self) -> None:
        cut = self.cut
        low = cut.cards[cut.dealer]
        items = "".join(
            f'<figure class="st-cut"><figcaption>seat {s}'
            f"{' — deals' if s == cut.dealer else ''}</figcaption>"
            f'{cards_html([c], emphasis={c: "winner"} if s == cut.dealer else None)}</figure>'
            for s, c in enumerate(cut.cards))
        words = [f"Each player cuts a card, seat 0 first. The lowest card deals (SBS-6): "
                 f"{_label(low)}, so seat {cut.dealer} deals first."]
        if self._tied(cut):
            same = [_label(c) for c in cut.cards if c.rank == low.rank]
            words.append(f"{' and '.join(same)} are the same rank, so the suit decides: clubs "
                         "are highest, then spades, hearts, diamonds (SBS-4) — "
                         f"{_label(low)} is lower.")
        else:
            words.append("Ranks go A 10 K Q J 9 8 7 6, highest first (SBS-2); between equal "
                         "ranks the suit decides (SBS-4: ♣ ♠ ♥ ♦, clubs highest).")
        with self.box.hold_sync():
            self.table.value = (f'<div class="st-root st-row" style="display:flex;'
                                f'flex-wrap:wrap;gap:1em">{items}</div>')
            self.words.value = ('<div class="st-root st-commentary" aria-live="polite">'
                                + "".join(f"<p>{esc(x)}</p>" for x in words) + "</div>")
            self.audit()  # written before the state goes out: a test reads it after


class DealStepper(Panel):
    """Shuffle, cut and deal one deal, a packet at a time, seen from ``seat``.

    ``seat`` defaults to forehand. ``players`` 4 or 5 shows who sits out (SBS-V2). ``game`` is a
    registered game of the Tapp family (Six-Bid Solo by default).
    """

    css_class = "tutor-deal"

    def __init__(self, *, seed: int = 0, dealer: int = 0, players: int = 3,
                 seat: int | None = None, game: str = "six-bid-solo") -> None:
        super().__init__()
        table = make_game(game, {"players": players})
        assert isinstance(table, TappGame)  # every registered game is of the Tapp family
        self.game: TappGame[Any] = table
        n = self.game.players
        if not 0 <= dealer < n:
            raise OptionError("SBS-5", f"the dealer is a seat 0..{n - 1}", where="dealer",
                              what=repr(dealer))
        self.dealer = dealer
        self.active = active_seats(self.game.options, dealer)
        self.seat = self.active[0] if seat is None else seat
        if not 0 <= self.seat < n:
            raise OptionError("SBS-5", f"no seat {self.seat} at a table of {n}", where="seat")
        rng = random.Random(seed)
        deck = list(range(N_CARDS))
        rng.shuffle(deck)  # SBS-7: the dealer shuffles ...
        self.cut_at = rng.randint(1, N_CARDS - 1)  # ... and the player on the right cuts
        self.pack = deck[self.cut_at:] + deck[:self.cut_at]
        self.engine_deal = self.game.deal_from_deck(self.pack, dealer)
        self.steps = self._plan()
        self.index = 0
        self.words = html("", "tutor-deal-words")
        self.table = html("", "tutor-deal-table")
        self.back = button("◀ Back", cls="tutor-deal-back", tooltip="One step back")
        self.forward = button("Next ▶", cls="tutor-deal-next", style="primary",
                              tooltip="Deal the next packet")
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.forward.on_click(lambda _: self.go(self.index + 1))
        self.box.children = [self.words, w.HBox([self.back, self.forward], layout=w.Layout(
            flex_flow="row wrap")), self.notice, self.table]
        self._show()

    def _plan(self) -> list[PlanStep]:
        n = self.game.players
        right = (self.dealer - 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        widow: list[int] = []
        plan: list[PlanStep] = [
            (f"Seat {self.dealer} deals: the dealer shuffles the 36 cards (SBS-7).",
             ("SBS-7",), [[] for _ in range(n)], [], 0),
            (f"Seat {right}, on the dealer's right, cuts the pack: the top {self.cut_at} "
             f"cards go under the other {N_CARDS - self.cut_at} (SBS-7).", ("SBS-7",),
             [[] for _ in range(n)], [], 0)]
        top = 0
        for size, whom in PACKETS:
            targets = [None] if whom == "widow" else list(self.active)
            for seat in targets:
                packet = self.pack[top:top + size]
                top += size
                if seat is None:
                    widow += packet
                    text = (f"{size} cards face down to the middle: the widow (SBS-8). Nobody "
                            "looks at it.")
                else:
                    hands[seat] += packet
                    who = ("you" if seat == self.seat else
                           f"seat {seat}")
                    text = (f"{size} cards to {POSITIONS[self.active.index(seat)]} ({who}) — "
                            f"packets go clockwise from the dealer's left (SBS-8).")
                plan.append((text, ("SBS-8",), [h[:] for h in hands], widow[:], top))
        engine = self.engine_deal  # the widget's packets must give the engine's own deal
        if any(sorted(hands[s]) != mask_cards(engine.hands[s]) for s in range(n)) or \
                sorted(widow) != mask_cards(engine.widow):
            raise IllegalActionError("SBS-8", "the packets differ from the engine's deal",
                                     where="DealStepper")
        out = [f"Seat {s} sits out this deal (SBS-V2)" for s in range(n) if s not in self.active]
        plan.append(("Done: 11 cards to each active player and 3 in the widow — "
                     "3 × 11 + 3 = 36 (SBS-8)." + ("" if not out else " " + "; ".join(out)
                                                   + ", but settles like any opponent."),
                     ("SBS-8",) + (("SBS-V2",) if out else ()), [h[:] for h in hands],
                     widow[:], top))
        return plan

    @guarded
    def go(self, index: int) -> None:
        """Show step ``index`` (a forged click past either end is refused, nothing moves)."""
        if not isinstance(index, int) or not 0 <= index < len(self.steps):
            self.refuse("There is no step there: the deal runs from the shuffle to the last "
                        "packet.", "SBS-8")
            return
        self.index = index
        self.clear_notice()
        self._show()

    def _show(self) -> None:
        text, rules, hands, widow, dealt = self.steps[self.index]
        n = self.game.players
        rows = []
        for s in range(n):
            if s not in self.active:
                label = f"seat {s} — sits out" + (" (dealer)" if s == self.dealer else "")
                rows.append(f'<div class="st-seat"><div class="st-who">{esc(label)}</div></div>')
                continue
            pos = POSITIONS[self.active.index(s)]
            who = f"seat {s} ({pos}{', dealer' if s == self.dealer else ''})"
            if s == self.seat:
                who += " — you"
                cards = [CARDS[c] for c in hands[s]]
                drawing = hand_svg(cards, sort=False, label="your cards") if cards else ""
            else:
                drawing = hand_svg([], face_down=len(hands[s]), width=40, overlap=0.7,
                                   label=f"seat {s}") if hands[s] else ""
            rows.append(f'<div class="st-seat"><div class="st-who">{esc(who)} — '
                        f"{len(hands[s])} cards</div>{drawing}</div>")
        widow_drawing = (hand_svg([], face_down=len(widow), width=40, overlap=0.5,
                                  label="the widow") if widow else "")
        rest = N_CARDS - dealt
        pack = (f'<div class="st-seat"><div class="st-who">the pack — {rest} cards</div>'
                f"{card_back_svg(width=40)}</div>" if rest else "")
        rules_html = "".join(f'<span class="st-rule">{esc(r)}</span>' for r in rules)
        with self.box.hold_sync():
            self.words.value = (f'<div class="st-root st-commentary" aria-live="polite"><p>'
                                f"<strong>Step {self.index + 1} of {len(self.steps)}:</strong> "
                                f"{esc(text)}</p><p class=\"st-rules\">Rules: {rules_html}</p>"
                                "</div>")
            self.table.value = (
                '<div class="st-root st-row" style="display:flex;flex-wrap:wrap;gap:1em">'
                + "".join(rows)
                + f'<div class="st-seat"><div class="st-who">the widow — {len(widow)} cards'
                f"</div>{widow_drawing}</div>{pack}</div>")
            self.back.disabled = self.index == 0
            self.forward.disabled = self.index == len(self.steps) - 1
            self.audit()  # written before the state goes out: a test reads it after

    def hidden_cards(self) -> set[Card]:
        hands = self.steps[self.index][2]
        return set(CARDS) - {CARDS[c] for c in hands[self.seat]}
