"""The play table as a widget: the learner plays one seat of a whole deal against the bots.

:class:`TableWidget` is the ipywidgets face of a :class:`tutor.play.session.TableGame` (the game,
with no user interface). It holds **no rules**: the buttons it enables are the engine's legal
actions for the learner's seat, and every click goes back through :meth:`TableGame.act`, which
re-checks the turn and the action against the engine — a forged click on a disabled button or a
value the rules forbid changes nothing and shows the rule in a friendly notice. What reaches the
browser is drawn by :mod:`tutor.display.play_table` from the learner's :class:`SeatView`, the
learner's own cards on the buttons, the public log and, once the deal is over, the whole deal and
the review. The solver is loaded on the first action that needs it (a sampling bot's move, a
hint, a comparison, the review) with a "warming up the engine" status (:mod:`tutor.widgets.engine`),
not when the page opens.

SBS-25: tricks won are turned face down and a player may not look back at earlier tricks, so by
default the table shows only the tricks that fell since the learner's last action and no running
point count. The *teaching aid* switch shows every trick and the card points each seat has taken —
clearly labelled as not allowed at a real table. Deals are saved and loaded by name in
``records_dir`` (:mod:`tutor.play.saved`); errors are the session's TABLE-n and the engine's SBS-n.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..bots.table_bot import within_reach
from ..cards import Card, Suit, card_label
from ..display import style_html
from ..display.markup import CardLike
from ..display.play_table import (
    deal_end_html,
    note_html,
    points_taken_html,
    review_html,
    settlement_html,
    table_log_html,
    table_status_html,
    table_view_html,
)
from ..engine import record as records
from ..errors import IllegalActionError, TutorError
from ..games.six_bid_solo.rules import CONTRACT_NAMES, CONTRACTS
from ..games.tapp import (
    AUCTION,
    CALL_BASE,
    CALLCARD_BASE,
    CARD_INDEX,
    CARDS,
    DECLARE,
    DECLINE,
    GIVE_BASE,
    N_CARDS,
    PASS,
    PLAY,
    TRUMP_BASE,
    SeatView,
)
from ..play.log import names_any, turn_rule
from ..play.saved import load_saved, save_path, saved_names
from ..play.session import TableGame
from ..quiz.decision_session import action_words
from ..state import Action
from .advisor_panel import WIDGET_CSS
from .common import Panel, Shared, button, guarded, html
from .engine import warm_up

if TYPE_CHECKING:  # the solver is loaded on first use (tutor.widgets.engine)
    from ..quiz.decisions import ReviewLine

_RANKS = (("A", "A"), ("10", "T"), ("K", "K"), ("Q", "Q"), ("J", "J"), ("9", "9"), ("8", "8"),
          ("7", "7"), ("6", "6"))
_SUITS = tuple((f"{s.symbol} {s.noun}", s.letter) for s in Suit)

#: The table's styles, on top of assets/lesson.css and :data:`WIDGET_CSS`.
TABLE_CSS = WIDGET_CSS + """
<style>
.tutor-table .st-table-view .st-row > div:first-child { max-width: 30em; }
.tutor-table .st-card-btn button, .tutor-table button.st-card-btn { min-width: 3.2em;
  font-size: 1.05em; font-weight: 600; }
.tutor-table .st-red { color: var(--st-red) !important; }
.tutor-table .st-black { color: var(--st-black) !important; }
.tutor-table .st-log { max-height: 14em; overflow-y: auto; margin: 0.3em 0;
  padding-left: 2.4em; }
.tutor-table .st-log .st-reason { color: var(--st-muted); }
.tutor-table .st-aid { border-left: 3px solid var(--st-winner); padding-left: 0.5em; }
.tutor-table .st-status { font-weight: 600; }
.tutor-table .st-review td, .tutor-table .st-review th { border: 1px solid var(--st-card-edge);
  padding: 0.15em 0.5em; text-align: left; }
.tutor-table .st-review { border-collapse: collapse; margin: 0.4em 0; }
.tutor-table .st-cost { color: var(--st-wrong); font-weight: 600; }
.tutor-table .st-best { color: var(--st-right); font-weight: 600; }
.tutor-table .widget-hbox { flex-wrap: wrap; gap: 0.25em; }
</style>
"""


class TableWidget(Panel):
    """Play one seat of a deal against the bots (see the module docstring).

    ``records_dir`` is the folder where deals are saved and from which they are loaded (a
    teacher puts a record there; a learner picks it by name). ``match_deals`` offers a short
    match of that many deals as an option.
    """

    css_class = "tutor-table"

    def __init__(self, *, seat: int = 0, bot: str = "rule", seed: int | None = None,
                 records_dir: str | Path | None = None, match_deals: int = 4,
                 hint_worlds: int = 10, auto: bool = True, teaching_aid: bool = False,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.table = TableGame(seat=seat, bot=bot, seed=seed, options=options,
                               hint_worlds=hint_worlds)
        self.records_dir = Path(records_dir) if records_dir is not None else None
        self.match_deals = match_deals
        n = self.table.game.players

        same = Shared()  # one layout and one style for the buttons: fewer models to send
        # controls
        self.seat_pick = w.Dropdown(options=[(f"seat {s}", s) for s in range(n)], value=seat,
                                    description="Your seat", layout=w.Layout(width="auto"))
        self.bot_pick = w.Dropdown(options=[("random cards", "random"), ("rules of thumb", "rule"),
                                            ("sampling + solver (PIMC)", "pimc")], value=bot,
                                   description="Bots", layout=w.Layout(width="auto"))
        self.mode_pick = w.Dropdown(options=[("single deals", 0),
                                             (f"a match of {match_deals} deals", match_deals)],
                                    value=0, description="Play", layout=w.Layout(width="auto"))
        self.new_button = button("New deal", cls="tutor-new-deal", style="primary", shared=same)
        controls = w.HBox([self.seat_pick, self.bot_pick, self.mode_pick, self.new_button])
        controls.add_class("tutor-controls")

        self.status = html("", "tutor-status", shared=same)
        self.view_out = html("", "tutor-view", shared=same)
        self.aid_out = html("", "tutor-aid", shared=same)

        # the learner's actions: calls, trumps, Call Solo's call, cards
        self.call_buttons = [button("pass" if k == 0 else CONTRACT_NAMES[CONTRACTS[k - 1]],
                                    cls="tutor-call", shared=same) for k in range(7)]
        self.calls_box = w.HBox(self.call_buttons)
        self.calls_box.add_class("tutor-calls")
        self.trump_buttons = [button(f"trump {s.symbol}", cls="tutor-trump",
                                     tooltip=f"trump {s.noun}", shared=same) for s in Suit]
        for s, b in zip(Suit, self.trump_buttons, strict=True):
            b.add_class("st-red" if s.is_red else "st-black")
        self.trumps_box = w.HBox(self.trump_buttons)
        self.trumps_box.add_class("tutor-trumps")
        self.call_rank = w.Dropdown(options=list(_RANKS), value="A", description="Call",
                                    layout=w.Layout(width="9em"))
        self.call_suit = w.Dropdown(options=list(_SUITS), value="C",
                                    layout=w.Layout(width="9em"))
        self.call_button = button("Call this card", cls="tutor-call-card", shared=same)
        self.decline_button = button("Call no card", cls="tutor-decline", shared=same)
        self.callcard_box = w.HBox([self.call_rank, self.call_suit, self.call_button,
                                    self.decline_button])
        self.callcard_box.add_class("tutor-callcard")
        self.card_buttons = [button("", cls="tutor-card", shared=same, own_layout=True)
                             for _ in range(12)]  # each hidden alone when the hand shrinks
        for b in self.card_buttons:
            b.add_class("st-card-btn")
        self.cards_box = w.HBox(self.card_buttons)
        self.cards_box.add_class("tutor-cards")
        self._card_actions: list[Action | None] = [None] * 12
        self._call_actions: list[Action] = [PASS] + [CALL_BASE + k for k in range(1, 7)]

        # tools
        self.hint_button = button("Hint", cls="tutor-hint", shared=same,
                                  tooltip="what a sampling player would do here, and why")
        self.undo_button = button("Take back", cls="tutor-undo", shared=same,
                                  tooltip="take back your last call or card and try another")
        self.next_button = button("Next bot move", cls="tutor-next", shared=same,
                                  own_layout=True)
        self.auto = w.Checkbox(value=auto, description="Bots play at once", indent=False,
                               layout=w.Layout(width="auto"))
        self.aid = w.Checkbox(value=teaching_aid, indent=False, layout=w.Layout(width="auto"),
                              description="Teaching aid: past tricks and points")
        self.aid.add_class("tutor-aid-switch")
        aid_note = html('<span class="st-root st-muted">(not allowed at a real table, '
                        "SBS-25)</span>", "tutor-aid-note")
        tools = w.HBox([self.hint_button, self.undo_button, self.next_button, self.auto,
                        w.HBox([self.aid, aid_note])])
        tools.add_class("tutor-tools")
        self.hint_out = html("", "tutor-hint-out", shared=same)
        self.compare_out = html("", "tutor-compare", shared=same)
        self.log_out = html("", "tutor-log", shared=same)
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0, description="Analysing",
                                        layout=w.Layout(display="none", width="auto"))
        self.progress.add_class("tutor-progress")
        self.result = html("", "tutor-result", shared=same)

        # records
        self.save_name = w.Text(value="", placeholder="a name for this deal",
                                description="Deal name", layout=w.Layout(width="auto"))
        self.save_button = button("Save deal", cls="tutor-save", shared=same)
        self.load_pick = w.Dropdown(options=[], description="Saved deals",
                                    layout=w.Layout(width="auto"))
        self.load_button = button("Load", cls="tutor-load", shared=same)
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Open a record")
        self.upload.add_class("tutor-upload")
        self.files_out = html("", "tutor-files", shared=same)
        files = w.HBox([self.save_name, self.save_button, self.load_pick, self.load_button,
                        self.upload])
        files.add_class("tutor-records")

        self.box.children = [
            html(str(style_html()) + TABLE_CSS, "tutor-style"), controls, self.status,
            self.view_out, self.calls_box, self.trumps_box, self.callcard_box,
            self.cards_box, tools, self.aid_out, self.notice, self.hint_out,
            self.compare_out, self.log_out, self.progress, self.result, files, self.files_out]

        # events: every handler is guarded (a friendly notice, never a traceback)
        self.new_button.on_click(lambda _b: self.new_deal())
        for i, b in enumerate(self.call_buttons):
            b.on_click(lambda _b, i=i: self.press_call(i))
        for i, b in enumerate(self.trump_buttons):
            b.on_click(lambda _b, i=i: self.press_trump(i))
        for i, b in enumerate(self.card_buttons):
            b.on_click(lambda _b, i=i: self.press_card(i))
        self.call_button.on_click(lambda _b: self.press_call_card())
        self.decline_button.on_click(lambda _b: self.act(DECLINE))
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.undo_button.on_click(lambda _b: self.take_back())
        self.next_button.on_click(lambda _b: self.next_bot())
        self.aid.observe(lambda _c: self.refresh(), names="value")
        self.auto.observe(lambda _c: self.auto_changed(), names="value")
        self.bot_pick.observe(lambda _c: self.bots_changed(), names="value")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load_saved())
        self.upload.observe(lambda _c: self.load_upload(), names="value")

        self._list_records()
        self.refresh()
        self._start()

    @guarded
    def _start(self) -> None:
        """The bots before the learner move at once (a failing bot: a notice, not a traceback)."""
        self._continue()

    # -- hidden information (tests and the browser audit read these) --
    def hidden_cards(self) -> set[Card]:
        return self.table.hidden_cards()

    def secrets(self) -> list[str]:
        """Bot reasons held back now: they name a card the learner cannot see yet."""
        if self.table.done:
            return []
        hidden = self.table.hidden_cards()
        return [e.reason for e in self.table.log if e.reason and names_any(e.reason, hidden)]

    # -- events --
    @guarded
    def new_deal(self) -> None:
        t = self.table
        seat = self.seat_pick.value
        deals = self.mode_pick.value
        try:
            if deals and (t.match is None or t.match.deals != deals or t.match.is_over()):
                t.start_match(deals, seat)
            else:
                if not deals:
                    t.end_match()
                t.new_deal(seat)
        finally:  # a refused deal (SBS-25, SBS-28) may still have settled the last one
            self.refresh()
        self.hint_out.value = ""
        self.compare_out.value = ""
        self.clear_notice()
        self.refresh()
        self._continue()

    @guarded
    def press_call(self, i: int) -> None:
        self.act(self._call_actions[i] if 0 <= i < len(self._call_actions) else None)

    @guarded
    def press_trump(self, i: int) -> None:
        self.act(TRUMP_BASE + i if 0 <= i < 4 else None)

    @guarded
    def press_card(self, i: int) -> None:
        action = self._card_actions[i] if 0 <= i < len(self._card_actions) else None
        if action is None:
            raise IllegalActionError("SBS-23", "there is no card on this button",
                                     where=f"seat {self.table.seat}")
        self.act(action)

    @guarded
    def press_call_card(self) -> None:
        text = f"{self.call_rank.value}{self.call_suit.value}"
        try:
            card = Card.parse(text)
        except TutorError:
            raise IllegalActionError("SBS-20", "call a card of the deck", what=text) from None
        self.act(CALLCARD_BASE + CARD_INDEX[card])

    @guarded
    def act(self, action: object) -> None:
        """The learner's action (a call, a declaration step or a card), re-checked by the
        engine; then the bots move (at once, or one per click of *Next bot move*)."""
        if action is None:
            raise IllegalActionError(*turn_rule(self.table.state),
                                     where=f"seat {self.table.seat}", what="nothing")
        self.table.act(action)
        self.clear_notice()
        self.hint_out.value = ""
        self.refresh()
        if self.table._compare_job is not None:
            warm_up(lambda text: setattr(self.compare_out, "value", note_html(text)))
            self.compare_out.value = note_html("Comparing your two tries on sampled deals…")
            self.compare_out.value = note_html(self.table.compare())
        self._continue()

    @guarded
    def next_bot(self) -> None:
        if not self.table.bot_to_move():
            rule = turn_rule(self.table.state)[0]
            raise IllegalActionError(rule, "no bot is to move now" if not self.table.done
                                     else "the deal is over", where="bots")
        if self.table.bot_kind == "pimc":
            self._warm()
        self.table.bot_step()
        self.clear_notice()
        self.refresh()
        self._finish_if_done()

    @guarded
    def take_back(self) -> None:
        taken = self.table.undo()
        self.clear_notice()
        self.result.value = ""
        self.hint_out.value = ""
        self.refresh()  # the position first, then the note about it
        self.compare_out.value = note_html(
            f"Taken back: {action_words(taken)}. Try another — the two will be compared on "
            "deals sampled from your view.")

    @guarded
    def show_hint(self) -> None:
        t = self.table
        if not t.learner_to_move():
            t._require_turn("hint")
        view = t.view
        if not (view.phase == AUCTION and not within_reach(view)):  # else: no deal is sampled
            warm_up(lambda text: setattr(self.hint_out, "value", note_html(text)))
            self.hint_out.value = note_html("Thinking: sampling deals from your view…")
        action, reason = t.hint()
        words = action_words(action)
        # the bots' reasons begin with the action itself ("pass: ..."): say it once
        said = reason if reason.lower().startswith(words.lower()) else f"{words}. {reason}"
        self.hint_out.value = note_html(
            f"Hint: {said}. (A sampling player's choice from what you can see: deals consistent "
            "with your view, each solved double-dummy.)")

    @guarded
    def auto_changed(self) -> None:
        self.refresh()
        self._continue()

    @guarded
    def bots_changed(self) -> None:
        self.table.set_bots(self.bot_pick.value)
        self.refresh()

    @guarded
    def save(self) -> None:
        path = save_path(self.records_dir, self.save_name.value.strip())
        self.table.save(path)
        self._list_records(select=path.name)
        self.clear_notice()
        self.files_out.value = note_html(f"Saved as {path.name}.")

    @guarded
    def load_saved(self) -> None:
        name = self.load_pick.value
        self._load(load_saved(self.records_dir, name), name)

    @guarded
    def load_upload(self) -> None:
        files = self.upload.value
        if not files:
            return
        try:
            item = files[0]
            content = bytes(item["content"])
            name = str(item.get("name", "upload"))
        finally:
            self.upload.value = ()  # the record may hold every hand: keep it out of the page
        self._load(records.parse(content), name)

    def _load(self, record: Mapping[str, Any], name: str) -> None:
        self.table.load(record, self.seat_pick.value)
        self.mode_pick.value = 0
        self.clear_notice()
        self.hint_out.value = ""
        self.compare_out.value = ""
        self.result.value = ""
        self.files_out.value = note_html(f"Loaded {name}: you play seat {self.table.seat}.")
        self.refresh()
        self._continue()

    def _list_records(self, select: str | None = None) -> None:
        names = saved_names(self.records_dir)
        self.load_pick.options = names
        if select in names:
            self.load_pick.value = select
        elif names:
            self.load_pick.value = names[0]

    # -- moving the bots, finishing the deal --
    def _warm(self) -> None:
        """Load the solver on the first action that needs it (not when the page opens),
        saying so in the status line while it loads."""
        warm_up(lambda text: setattr(self.status, "value", note_html(text)))

    def _continue(self) -> None:
        if self.auto.value and self.table.bot_kind == "pimc" and self.table.bot_to_move():
            self._warm()  # the sampling bots solve deals
        if self.auto.value:
            self.table.run_bots(on_step=lambda _e: self.refresh())
        self.refresh()
        self._finish_if_done()

    def _finish_if_done(self) -> None:
        t = self.table
        if not t.done:
            return
        head = settlement_html(t.state, t.seat, t.standing())
        self.result.value = head
        if t.state.bidder is not None and t.learner_cards_played():
            self._warm()  # the review solves every position of the learner's
            self.progress.layout.display = None
            self.progress.value = 0.0
            total = t.learner_cards_played()
            done_lines: list[ReviewLine] = []

            def step(line: ReviewLine) -> None:
                done_lines.append(line)
                self.progress.value = len(done_lines) / total
                self.result.value = head + review_html(done_lines, total)

            lines = t.review(on_line=step)
            self.progress.layout.display = "none"
            self.result.value = head + review_html(lines, total)
        self.result.value += deal_end_html(t.state, t.held_back())
        self.refresh()

    # -- drawing --
    def refresh(self) -> None:
        """Redraw everything from the learner's view (never from the state)."""
        t = self.table
        view = t.view
        done = t.done
        mine = t.learner_to_move()
        legal = set(view.legal)
        with self.box.hold_sync():
            self.status.value = table_status_html(view, done=done, learner_to_move=mine,
                                                  auto=self.auto.value, match=t.standing())
            emphasis: dict[CardLike, str] = {}
            if mine and view.phase == PLAY:
                emphasis = {CARDS[a]: "legal" for a in legal if a < N_CARDS}
            self.view_out.value = self._view_html(view, emphasis)
            self.aid_out.value = (points_taken_html(t.points_taken(), t.seat) if self.aid.value
                                  else "")
            # calls
            in_auction = view.phase == AUCTION
            self.calls_box.layout.display = None if in_auction else "none"
            for b, a in zip(self.call_buttons, self._call_actions, strict=True):
                b.disabled = not (mine and a in legal)
            # trump
            trump_step = view.phase == DECLARE and view.step == "trump" and mine
            self.trumps_box.layout.display = None if trump_step else "none"
            for i, b in enumerate(self.trump_buttons):
                b.disabled = not (trump_step and TRUMP_BASE + i in legal)
            # Call Solo's call
            call_step = view.phase == DECLARE and view.step == "call" and mine
            self.callcard_box.layout.display = None if call_step else "none"
            self.call_button.disabled = not call_step
            self.decline_button.disabled = not (call_step and DECLINE in legal)
            # cards: the learner's own, legal ones enabled (play, or the gift of SBS-20)
            give_step = view.phase == DECLARE and view.step == "give" and mine
            hand = list(view.hand)
            show_cards = view.phase in (PLAY, DECLARE, AUCTION) and not done
            self.cards_box.layout.display = None if show_cards and (
                view.phase == PLAY or give_step) else "none"
            for i, b in enumerate(self.card_buttons):
                if i < len(hand):
                    card = hand[i]
                    c = CARD_INDEX[card]
                    action = GIVE_BASE + c if give_step else c
                    self._card_actions[i] = action
                    b.description = card_label(card)
                    b.tooltip = ("give " if give_step else "play ") + card.name
                    b.disabled = not (mine and action in legal)
                    b.layout.display = None
                    b.remove_class("st-red" if not card.suit.is_red else "st-black")
                    b.add_class("st-red" if card.suit.is_red else "st-black")
                else:
                    self._card_actions[i] = None
                    b.description = ""
                    b.tooltip = ""
                    b.disabled = True
                    b.layout.display = "none"
            # tools
            self.hint_button.disabled = not mine
            self.undo_button.disabled = not t._marks or (t.match is not None and t.settled)
            self.next_button.disabled = not t.bot_to_move()
            self.next_button.layout.display = "none" if self.auto.value else None
            self.log_out.value = table_log_html(t.shown_log())
            if not done:  # the whole deal and the review only once the deal is over
                self.result.value = ""
            if t.match is not None:
                self.new_button.description = ("New match" if t.match.is_over() and t.settled
                                               else "Next deal")
            else:
                self.new_button.description = "New deal"
        self.audit()

    def _view_html(self, view: SeatView, emphasis: Mapping[CardLike, str]) -> str:
        """The learner's seat at the table (nothing once the deal is over: the settlement, the
        review and the whole deal are drawn below)."""
        if self.table.done:
            return ""
        aid = self.aid.value
        fallen = [] if aid else self.table.fallen_tricks()
        return table_view_html(view, emphasis, fallen=fallen, teaching_aid=aid)

    # -- for tests and notebooks --
    def widget_state_text(self) -> str:
        """Every synced trait of this widget tree as JSON — what a browser receives."""
        from .common import state_text, subtree

        return state_text(subtree(self.box))
