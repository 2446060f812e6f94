"""A guided first hand: a scripted deal in which the learner makes the decisions that matter —
the bid, the trump, the key cards — and each choice gets a reasoned reply before play goes on.

The deal is a hand record (the other seats' actions and the learner's recommended ones); the
script is a guide file (``tutor-guide/1``, e.g. ``notebooks/guides/first-hand.json``) naming the
*stops*: the learner's actions to ask about, what to ask, which choices to offer, why the
recorded choice is good and replies to others. At a stop the learner picks:

- the recorded choice (or one the guide says is as good): "Right" and why;
- a choice the rules forbid (a card when the guide offers the whole hand): the rule it breaks,
  as the engine words it (``SBS-23: must follow suit ♠``) — the engine is asked, not the guide;
- another legal choice: the guide's reply for it, or why the recorded choice is better.

Then play goes on with the recorded choice, so the lesson's story holds. Between stops the other
seats' actions (and the learner's own ones the guide does not ask about) are played and told in
the game's words. Every action goes through the engine's checked ``apply``; the learner sees
only the learner's seat's view; the reply to a stop is not in the page before the learner picks
(:meth:`GuidedHand.secrets`). Cards are offered as their faces (``dress_card``); calls and trumps
as buttons named in the game's words. Keyboard: Tab to a choice, Enter or Space.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import trick_svg, view_html
from ..display.markup import esc
from ..engine.record import state_of
from ..errors import IllegalActionError, RecordError
from ..games import spec
from ..games.tapp import CARDS, N_CARDS, TappState, mask_cards
from ..state import Action
from .common import Panel, Shared, button, dress_card, guarded, html
from .replay import load_record

GUIDE_FORMAT = "tutor-guide/1"


@dataclass(frozen=True)
class Stop:
    """One decision the learner makes: the ``at``-th action of the deal's history."""

    at: int
    ask: str
    offer: str  # "legal" or "hand"
    rules: tuple[str, ...]
    why: str
    good: frozenset[str] = frozenset()  # tokens as good as the recorded one
    replies: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Guide:
    """A guide file: the record, the learner's seat, the words around the deal and the stops."""

    record: Mapping[str, Any]
    seat: int
    intro: str
    outro: str
    stops: tuple[Stop, ...]


def load_guide(path: str | os.PathLike[str]) -> Guide:
    """Read a guide and its record (beside it); REC-1 for a file that is not a guide, and the
    record's own errors for a record that does not replay."""
    where = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise RecordError("REC-1", f"cannot read the guide ({e.__class__.__name__})",
                          where=where) from None
    if not isinstance(data, dict) or data.get("format") != GUIDE_FORMAT:
        raise RecordError("REC-1", f"a guide is a JSON object of format {GUIDE_FORMAT}",
                          where=where)
    try:
        record = load_record(Path(path).parent / str(data["record"]))
        final = state_of(record)
        stops = tuple(Stop(int(s["at"]), str(s["ask"]), str(s["offer"]),
                           tuple(str(r) for r in s["rules"]), str(s["why"]),
                           frozenset(str(t) for t in s.get("good", ())),
                           {str(k): str(v) for k, v in s.get("replies", {}).items()})
                      for s in data["stops"])
        guide = Guide(record, int(data["seat"]), str(data.get("intro", "")),
                      str(data.get("outro", "")), stops)
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError("REC-1", f"a guide's stop or record is malformed ({e})",
                          where=where) from None
    history = final.history()
    for s in stops:
        if not 0 <= s.at < len(history) or s.offer not in ("legal", "hand"):
            raise RecordError("REC-1", "a stop names no action of the deal, or offers neither "
                              "'legal' nor 'hand'", where=f"{where}: stop {s.at}")
    return guide


class GuidedHand(Panel):
    """Play the guide's deal with the learner deciding at its stops (see the module docstring).

    Buttons: **Start** / **Play on ▶** (to the next stop), the choices at a stop, **Start over**.
    A forged click — a choice when no stop is open, a value not offered — changes nothing.
    """

    css_class = "tutor-guided"

    def __init__(self, guide: str | os.PathLike[str]) -> None:
        super().__init__()
        self.guide = load_guide(guide)
        final = state_of(self.guide.record)
        if not isinstance(final, TappState):
            raise RecordError("REC-2", "the guided hand plays deals of the Tapp family",
                              where="game", what=str(final.game.id))
        self.final = final
        self.history = final.history()
        self.seat = self.guide.seat
        self.stops = {s.at: s for s in self.guide.stops}
        self.pres = spec(final.game.id).presentation
        same = self.same = Shared()
        self.where = html("", "tutor-guided-step", shared=same)
        self.story = html("", "tutor-guided-story", shared=same)
        self.table = html("", "tutor-guided-table", shared=same)
        self.ask = html("", "tutor-guided-ask", shared=same)
        self.choices = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.choices.add_class("tutor-guided-choices")
        self.reply = html("", "tutor-guided-reply", shared=same)
        self.go = button("Start ▶", cls="tutor-guided-next", style="primary",
                         tooltip="play on to your next decision")
        self.again = button("Start over", cls="tutor-guided-restart",
                            tooltip="deal the hand again from the start")
        self.go.on_click(lambda _: self.play_on())
        self.again.on_click(lambda _: self.restart())
        self.box.children = [self.where, self.story, self.table, self.ask, self.choices,
                             self.reply, w.HBox([self.go, self.again],
                                                layout=w.Layout(flex_flow="row wrap")),
                             self.notice]
        self._buttons: list[tuple[w.Button, str]] = []
        self.restart()

    # -- the walk through the deal --
    @guarded
    def restart(self) -> None:
        """Back to the deal, before the first call."""
        self.state: TappState = self.final.game.from_record_deal(self.guide.record)
        self.at = 0  # the next action of the history
        self.open: Stop | None = None
        self.answered: list[tuple[int, str, bool]] = []  # (stop, token picked, right)
        self.lines: list[str] = [self.guide.intro]
        self.go.description = "Start ▶"
        self.go.disabled = False
        self._show(reply="")

    @guarded
    def play_on(self) -> None:
        """Play the actions up to the next stop (or the end), telling each."""
        if self.open is not None:
            self.refuse("Make your choice first — then play on.")
            return
        if self.at >= len(self.history):
            self.refuse("The deal is over: Start over to play it again.")
            return
        self.lines = []
        while self.at < len(self.history):
            stop = self.stops.get(self.at)
            if stop is not None:
                self.open = stop
                break
            self._apply_next()
        if self.at >= len(self.history):
            self.lines.append(self._result())
            self.go.disabled = True
        self.go.description = "Play on ▶"
        self._show(reply="")

    def _apply_next(self) -> None:
        """Apply the next action of the record and tell it."""
        action = self.history[self.at]
        seat = self.state.to_move
        assert seat is not None
        before = self.state.view(self.seat)
        self.state.apply(action)
        self.at += 1
        after = self.state.view(self.seat)
        line = self.pres.action_text(after, seat, action)
        if not after.trick and after.tricks and len(after.tricks) > len(before.tricks):
            n = len(after.tricks)
            winner = after.tricks[-1][2]
            line += (f" — trick {n} to {'you' if winner == self.seat else f'seat {winner}'}"
                     if "— trick" not in line else "")
        self.lines.append(line + ".")

    def _result(self) -> str:
        state = self.state
        parts = [self.guide.outro] if self.guide.outro else []
        if state.bidder is not None:
            chips = state.chips()
            parts.append("Chips: " + ", ".join(f"seat {s} {chips[s]:+d}" for s in range(state.n))
                         + ".")
        return " ".join(parts)

    # -- a stop --
    def _offer(self, stop: Stop) -> list[tuple[str, Action | None, Card | None, str]]:
        """The choices at ``stop``: (token, action or None for a card the rules forbid, card,
        label)."""
        state = self.state
        legal = state.legal_actions()
        out: list[tuple[str, Action | None, Card | None, str]] = []
        if stop.offer == "hand":
            legal_set = set(legal)
            for c in mask_cards(state.hands[self.seat]):
                card = CARDS[c]
                out.append((card.text, c if c in legal_set else None, card, card.name))
        else:
            game = state.game
            for a in legal:
                info = game.action_info(a)
                out.append((str(state.token(a)), a, info.card, info.label))
        return out

    @guarded
    def choose(self, token: str) -> None:
        """The learner's choice at the open stop (a forged one changes nothing)."""
        stop = self.open
        if stop is None:
            self.refuse("There is no decision to make now: press Play on.")
            return
        offer = self._offer(stop)
        offered = {t: (a, c) for t, a, c, _ in offer}
        labels = {t: (c.name if c is not None else lbl) for t, _, c, lbl in offer}
        if token not in offered:
            self.refuse("That is not one of the choices here.")
            return
        recorded = self.history[self.at]
        best = str(self.state.token(recorded))
        action, card = offered[token]
        right = token == best or token in stop.good
        label = labels[token]
        if right:
            text = stop.replies.get(token, "") if token != best else ""
            reply = ("right", f"Right — {label}. " + (text or stop.why))
        elif action is None:
            trial = self.state.copy()
            assert card is not None
            try:
                trial.apply(self._card_action(card))
                why = "the rules forbid it"  # pragma: no cover — the engine refuses it
            except IllegalActionError as e:
                why = f"{e.rule}: {e.detail}"
            reply = ("wrong", f"{label} is not allowed here — {why}. The rules decide "
                     f"this one. {stop.why}")
        else:
            own = stop.replies.get(token)
            reply = ("wrong", (own + " " if own else f"{label} is allowed, but not the best "
                               "choice here. ") + stop.why)
        self.answered.append((stop.at, token, right))
        self.open = None
        self.lines = [f"You chose {label}."]
        if not right:
            self.lines.append(f"Play goes on with {labels.get(best, best)}, as the lesson "
                              "planned.")
        self._apply_next()
        self._show(reply=self._reply_html(*reply, stop.rules))

    def _card_action(self, card: Card) -> Action:
        return next(i for i in range(N_CARDS) if CARDS[i] == card)

    @staticmethod
    def _reply_html(kind: str, text: str, rules: Sequence[str]) -> str:
        badges = "".join(f'<span class="st-rule">{esc(r)}</span>' for r in rules)
        mark = "✓" if kind == "right" else "✗"
        return (f'<div class="st-root st-reply st-{kind}" role="status" aria-live="polite">'
                f'<p><span aria-hidden="true">{mark}</span> {esc(text)}</p>'
                f'<p class="st-rules">Rules: {badges}</p></div>')

    # -- drawing --
    def _show(self, reply: str) -> None:
        state = self.state
        view = state.view(self.seat)
        stop = self.open
        parts = []
        if not view.trick and view.tricks:  # the trick that just fell
            leader, cards, winner = view.tricks[-1]
            seats = [leader]
            while len(seats) < len(cards):
                seats.append(state.next_active(seats[-1]))
            parts.append(f'<p class="st-muted">Trick {len(view.tricks)}, won by '
                         f"{'you' if winner == self.seat else f'seat {winner}'}:</p>"
                         + trick_svg(list(cards), seats=seats, winner=winner,
                                     labels=["you" if s == self.seat else f"seat {s}"
                                             for s in seats]))
        # at a stop that offers the hand, the hand is its cards' faces below, the buttons
        parts.append(view_html(view, own_hand=not (stop is not None and stop.offer == "hand")))
        n_stops = len(self.guide.stops)
        done = len(self.answered)
        with self.box.hold_sync():
            self.where.value = (f'<p class="st-step" aria-live="polite"><strong>Your decisions: '
                                f"{done} of {n_stops}</strong> — you see seat {self.seat}'s "
                                "cards</p>")
            self.story.value = ('<div class="st-root st-commentary">'
                                + "".join(f"<p>{esc(x)}</p>" for x in self.lines if x)
                                + "</div>")
            self.table.value = '<div class="st-root">' + "".join(parts) + "</div>"
            self.reply.value = reply
            if stop is not None:
                self.ask.value = (f'<p class="st-root st-prompt">{esc(stop.ask)}</p>')
                self._buttons = []
                kids = []
                for token, _action, card, label in self._offer(stop):
                    b = w.Button(layout=w.Layout(width="auto"))
                    if card is not None:
                        dress_card(b, card, verb="choose")
                    else:
                        b.description = label
                        b.tooltip = label
                    b.add_class("tutor-guided-choice")
                    b.on_click(lambda _b, t=token: self.choose(t))
                    self._buttons.append((b, token))
                    kids.append(b)
                self.choices.children = kids
                self.go.disabled = True
            else:
                self.ask.value = ""
                self.choices.children = []
                self._buttons = []
                self.go.disabled = self.at >= len(self.history)
            self.clear_notice()
        self.audit()

    # -- hidden information --
    def hidden_cards(self) -> set[Card]:
        seen = self.state.view(self.seat).visible_cards()
        return {CARDS[c] for c in range(N_CARDS)} - seen

    def secrets(self) -> list[str]:
        """The open stop's reasons: not in the page before the learner picks."""
        stop = self.open
        if stop is None:
            return []
        return [stop.why, *stop.replies.values()]

    def score(self) -> tuple[int, int]:
        """(stops answered right, stops answered)."""
        return sum(1 for _, _, r in self.answered if r), len(self.answered)


__all__ = ["GUIDE_FORMAT", "Guide", "GuidedHand", "Stop", "load_guide"]
