"""An auction the learner steps through: pick each call, see who speaks next and why.

:class:`AuctionExplorer` runs the auction of a real deal in the engine (SBS-13..18, SBS-16a) —
the learner makes every call in turn, for forehand, middlehand and endhand, and reads after each
call who speaks next, what they may say and why. It explains the Tapp family's duel auction:
Six-Bid Solo's, and Frog's under its default options (``game="frog"``); the calls and contract
names are the game's own (its actions and presentation, from the registry). No card is shown:
the lesson is the order of speaking. Every call is one real button; the calls that are not
legal now are disabled, and a forged click on one is refused by the engine (``SBS-14: a bid
must name a strictly higher contract``) and changes nothing.
"""

from __future__ import annotations

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import calls_html
from ..display.markup import esc
from ..games import spec
from ..games.tapp import AUCTION, CARDS, PASS, TappState
from .common import Catalogue, Panel, button, guarded, html

POSITIONS = ("forehand", "middlehand", "endhand")


class AuctionExplorer(Panel):
    """Make the calls of one auction of ``game`` (Six-Bid Solo by default); ``dealer`` fixes
    who is forehand (the dealer's left)."""

    css_class = "tutor-auction"

    def __init__(self, *, game: str = "six-bid-solo", dealer: int = 0, seed: int = 0,
                 title: str = "Try an auction") -> None:
        super().__init__()
        self.spec = spec(game)
        self.game = self.spec.make()
        self.words_of = self.spec.presentation
        self.dealer = dealer
        self.seed = seed
        self.state: TappState = self._deal()
        catalogue = Catalogue.of(self.game)
        #: the game's calls in button order: pass, then the contracts lowest first
        self.calls_order: tuple[int, ...] = catalogue.by_kind["call"]
        self._tokens = {a: catalogue.infos[a].token or "" for a in self.calls_order}
        self.title = html(f'<h3 class="st-auction-title">{esc(title)}</h3>', "tutor-auction-title")
        self.calls = html("", "tutor-auction-calls")
        self.words = html("", "tutor-auction-words")
        self.buttons: dict[int, w.Button] = {}
        for a in self.calls_order:
            b = button(self.call_words(a), cls="tutor-auction-call",
                       tooltip=("pass: out of this auction" if a == PASS
                                else f"bid {self.call_words(a)}"))
            b.on_click(lambda _, a=a: self.call(a))
            self.buttons[a] = b
        self.undo = button("↶ Undo", cls="tutor-auction-undo", tooltip="Take back the last call")
        self.reset = button("New auction", cls="tutor-auction-reset", tooltip="Start again")
        self.undo.on_click(lambda _: self.take_back())
        self.reset.on_click(lambda _: self.restart())
        row = w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))
        row.add_class("tutor-auction-buttons")
        tools = w.HBox([self.undo, self.reset], layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [self.title, self.words, row, self.notice, self.calls, tools]
        self._show(last=None)

    def _deal(self) -> TappState:
        state = self.game.new_deal(self.seed, self.dealer)
        assert isinstance(state, TappState)  # every registered game is of the Tapp family
        return state

    def call_words(self, action: int) -> str:
        """``Pass``, ``Solo``, ``Heart Solo``: a call's button in the game's words."""
        text = self.words_of.call_words(self._tokens[action])
        return text[:1].upper() + text[1:]

    def contract_name(self, k: int) -> str:
        """The name of the game's ``k``-th contract (1 = the lowest)."""
        return self.words_of.contract_name(self.state.CONTRACTS[k - 1])

    def _pos(self, seat: int) -> str:
        return f"{POSITIONS[self.state.active.index(seat)]} (seat {seat})"

    @guarded
    def call(self, action: int) -> None:
        """Make ``action`` (pass or a bid) for whoever speaks now — checked by the engine."""
        if self.state.phase != AUCTION:
            self.refuse("The auction is over — press New auction to try another.", "SBS-16a")
            return
        seat = self.state.to_move
        self.state.apply(action)  # IllegalActionError (SBS-14 ...) → a notice, nothing changed
        self.clear_notice()
        assert seat is not None
        self._show(last=(seat, action))

    @guarded
    def take_back(self) -> None:
        if not self.state.history():
            self.refuse("No call to take back yet.")
            return
        self.state.undo()
        self.clear_notice()
        self._show(last=None)

    @guarded
    def restart(self) -> None:
        self.state = self._deal()
        self.clear_notice()
        self._show(last=None)

    def explain(self, last: tuple[int, int] | None) -> list[str]:
        """Sentences for the learner: what the last call did and who speaks now (with rule ids)."""
        s = self.state
        out: list[str] = []
        if last is not None:
            seat, action = last
            if action == PASS:
                out.append(f"{self._pos(seat).capitalize()} passes and is out of this auction "
                           "(SBS-14).")
            else:
                out.append(f"{self._pos(seat).capitalize()} bids {self.call_words(action)}.")
        else:
            out.append(f"Seat {s.dealer} dealt, so forehand is seat {s.active[0]}, middlehand "
                       f"seat {s.active[1]}, endhand seat {s.active[2]} (SBS-5). Each player "
                       "has looked at their own hand (SBS-13).")
        if s.phase != AUCTION:
            if s.bidder is None:
                out.append("All three passed: nobody plays, the cards are thrown in and the "
                           "next dealer deals (SBS-17, SBS-9).")
            else:
                out.append(f"Only {self._pos(s.bidder)} has not passed: the auction ends and "
                           f"seat {s.bidder} is the bidder, bound to play "
                           f"{self.contract_name(s.contract)} (SBS-16a, SBS-18). "
                           "Trump is named only now, after the auction (SBS-18, SBS-19).")
            return out
        now = s.to_move
        assert now is not None
        pos = s.active.index(now)
        standing = self.contract_name(s.high) if s.high else None
        if not any(s.spoken):
            out.append("Forehand speaks first (SBS-13).")
        elif pos == 2 and not s.spoken[2] and not (s.passed[0] and s.passed[1]):
            out.append("Forehand and middlehand have finished their duel; endhand, who waited, "
                       "speaks now (SBS-15).")
        elif pos == 2 and not s.spoken[2]:
            out.append("Forehand and middlehand both passed: endhand may bid any contract or "
                       "pass (SBS-16).")
        elif pos == 1 and not s.spoken[1] and s.passed[0]:
            out.append("Forehand passed at once, so middlehand speaks and the duel is "
                       "middlehand against endhand (SBS-16).")
        need = (f"name a contract strictly higher than {standing}" if standing
                else "bid any contract")
        out.append(f"Now {self._pos(now)}: {need}, or pass (SBS-14, SBS-16a).")
        return out

    def _show(self, last: tuple[int, int] | None) -> None:
        s = self.state
        legal = set(s.legal_actions()) if s.phase == AUCTION else set()
        spoken = [(seat, tok) for seat, tok in s.view(s.active[0]).calls]
        words = self.explain(last)
        with self.box.hold_sync():
            self.words.value = ('<div class="st-root st-commentary" aria-live="polite">'
                                + "".join(f"<p>{esc(x)}</p>" for x in words) + "</div>")
            self.calls.value = (calls_html(spoken, s.active) if spoken else
                                '<p class="st-muted">No call yet.</p>')
            for a, b in self.buttons.items():
                b.disabled = a not in legal
            self.undo.disabled = not s.history()
            self.audit()  # written before the state goes out: a test reads it after

    def called(self) -> list[str]:
        """The calls so far as record tokens (``["solo", "pass", ...]``)."""
        return [str(self.state.token(a)) for a in self.state.history()]

    def hidden_cards(self) -> set[Card]:
        return set(CARDS)  # the deal behind the auction is never shown
