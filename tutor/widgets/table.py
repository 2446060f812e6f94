"""The play table as a widget: the learner plays one seat of a whole deal against the bots.

:class:`TableWidget` is the ipywidgets face of a :class:`tutor.play.session.TableGame` (the game,
with no user interface), for any registered game — a picker above the table changes it. It holds
**no rules**: its rows of buttons are built from the kinds of the game's actions (one row per
kind — calls, trump, the called card, the card given, the discard, Sixty-Six's draw, exchange,
close, claim and marriage, cards; :class:`Catalogue`), each when it is first in sight
(:class:`RowSet`: every widget is a message to the page), and labelled with the game's own words
(a row of moves that name cards holds buttons only for the learner's legal ones, so no label
names a card the learner may not see), the buttons it enables are the engine's legal actions
for the learner's seat, and every click goes back through :meth:`TableGame.act`, which re-checks
the turn and the action against the engine — a forged click on a disabled button or a value the
rules forbid changes nothing and shows the rule in a friendly notice. What reaches the browser
is drawn by :mod:`tutor.display.play_table` from the learner's :class:`SeatView`, the learner's
own cards on the buttons, the public log and, once the deal is over, the whole deal and the
review. The solver is loaded on the first action that needs it (a sampling bot's move, a hint, a
comparison, the review) with a "warming up the engine" status (:mod:`tutor.widgets.engine`),
not when the page opens; a game the sampling bots do not play yet has no hints, comparisons
or review, and its bots play the levels it has (:mod:`tutor.play.levels`).

SBS-25: tricks won are turned face down and a player may not look back at earlier tricks, so by
default the table shows only the tricks that fell since the learner's last action and no running
point count. The *teaching aid* switch shows every trick and the card points each seat has taken —
clearly labelled as not allowed at a real table. Deals are saved and loaded by name in
``records_dir`` (:mod:`tutor.play.saved`); errors are the session's TABLE-n and the engine's rule
errors.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card, Deck, Rank, Suit
from ..display import style_html
from ..display.adapter import deal_notes
from ..display.markup import CardLike
from ..display.play_table import (
    ValuedLine,
    deal_end_html,
    note_html,
    points_taken_html,
    review_html,
    settlement_html,
    table_log_html,
    table_status_html,
    table_view_html,
    valued_review_html,
)
from ..engine import record as records
from ..engine.match import match_class
from ..errors import IllegalActionError, OptionError, RecordError, TutorError, shorten
from ..facts import ActionKind
from ..games import spec
from ..games.tapp import AUCTION, PLAY
from ..play.levels import LEVEL_WORDS, levels
from ..play.log import card_words, names_any, turn_rule
from ..play.saved import load_saved, save_path, saved_names
from ..play.session import DEFAULT_GAME, TableGame, table_choices, table_sizes
from ..state import Action, Game, View
from .common import (
    WIDGET_CSS,
    Catalogue,
    Later,
    LaterHTML,
    Panel,
    Shared,
    button,
    dress_card,
    guarded,
    html,
)
from .engine import prewarm, warm_up

if TYPE_CHECKING:  # the solver is loaded on first use (tutor.widgets.engine)
    from ..quiz.decisions import ReviewLine

#: The learner's rows of buttons, top to bottom: one per kind of action a game may have, with
#: the row's CSS class and its buttons' (tests, the stylesheet and the browser find them so).
ROWS: tuple[tuple[ActionKind, str, str], ...] = (
    ("call", "tutor-calls", "tutor-call"),
    ("trump", "tutor-trumps", "tutor-trump"),
    ("call-card", "tutor-callcard", "tutor-call-card"),
    ("give", "tutor-gives", "tutor-give"),
    ("discard", "tutor-discards", "tutor-discard"),
    ("draw", "tutor-draws", "tutor-draw"),
    ("exchange", "tutor-exchanges", "tutor-exchange"),
    ("close", "tutor-closes", "tutor-close"),
    ("claim", "tutor-claims", "tutor-claim"),
    ("marriage", "tutor-marriages", "tutor-marriage"),
    ("card", "tutor-cards", "tutor-card"),
)
#: Kinds whose buttons stand for the learner's legal actions of the kind only, rebuilt at each
#: redraw (:class:`LegalRow`): a marriage's label names two cards of the learner's hand.
LEGAL_ROWS: tuple[ActionKind, ...] = ("draw", "exchange", "close", "claim", "marriage")
#: Kinds whose rows share one line of buttons (the moves around Sixty-Six's stock).
ONE_LINE: tuple[ActionKind, ...] = ("draw", "exchange", "close", "claim")
#: Kinds whose row holds one button per card of the learner's hand, and the verb of its tooltip.
HAND_ROWS: Mapping[ActionKind, str] = {"card": "play", "give": "give", "discard": "discard"}
#: The row left in sight, disabled, while another seat is to move (the auction's calls, the
#: play's cards); in a declaration only the bidder's own row shows, on its turn.
WAITING: Mapping[str, ActionKind] = {AUCTION: "call", PLAY: "card"}
#: The *Play* picker's value for a match that opens with a blind round (CS-14).
BLIND = "blind"
#: The *Play* picker's values for a match to another target score (``"to 10"``), where the
#: game's match names its targets (Auction Pitch: 7, 10, 11, 15, 21, PI-12).
TO = "to "

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
/* the called card's grid (Crazy Solo): a line per suit, its ranks in columns that shrink to
   fit a phone's width */
.tutor-table .tutor-card-line { display: grid; gap: 0.25em; align-items: center;
  grid-template-columns: 1.8em repeat(9, minmax(0, 3.2em)); margin: 0.1em 0; }
.tutor-table .tutor-card-line button.st-card-btn { min-width: 0; width: auto; margin: 0;
  padding: 0 0.15em; }
.tutor-table .st-suit-head { font-size: 1.4em; line-height: 1; }
.tutor-table button.st-own { text-decoration: underline; text-decoration-thickness: 2px;
  text-underline-offset: 3px; }
@media (max-width: 480px) {  /* a phone: the discard's 14 cards in two rows of seven */
  .tutor-table .st-card-btn button, .tutor-table button.st-card-btn { min-width: 2.6em;
    padding: 0 0.3em; }
}
</style>
"""


#: A button to make: its label, the action it carries (None: none yet), its tooltip and its
#: CSS classes beyond the row's.
ButtonSpec = tuple[str, Action | None, str, tuple[str, ...]]


class ActionRow:
    """The learner's buttons for one kind of action: a wrapping row, and the action each button
    carries now (``None``: an empty button, hidden). A hand row grows a button per card when
    the hand does (a Frog bidder holds 14 before the discard). ``head``: controls before the
    buttons; ``buttons``: the buttons the row starts with (made before the row's box, so the
    box goes to the page with them in one message), those carrying an action in ``enabled``
    enabled, the others disabled; ``shown``: in sight from the start. The table's refresh
    shows, hides, enables and disables them from then on."""

    def __init__(self, kind: ActionKind, box_class: str, button_class: str, same: Shared,
                 *, head: Sequence[w.Widget] = (), buttons: Sequence[ButtonSpec] = (),
                 enabled: Collection[Action] = (), shown: bool = False, grid: bool = False
                 ) -> None:
        self.kind = kind
        self.button_class = button_class
        self.same = same
        self.buttons: list[w.Button] = [
            self._button(*spec, disabled=spec[1] is None or spec[1] not in enabled)
            for spec in buttons]
        self.actions: list[Action | None] = [spec[1] for spec in buttons]
        # a layout of its own, to be hidden alone
        self.box = (w.VBox if grid else w.HBox)(
            [*head, *self.buttons], layout=w.Layout(display=None if shown else "none"),
            _dom_classes=(box_class, *(("tutor-card-grid",) if grid else ())))

    def _button(self, label: str, action: Action | None, tooltip: str = "",
                classes: tuple[str, ...] = (), own_layout: bool = False, *,
                disabled: bool = True) -> w.Button:
        return button(label, cls=self.button_class, tooltip=tooltip, shared=self.same,
                      own_layout=own_layout, disabled=disabled, classes=classes)

    def add(self, label: str, action: Action | None, *, tooltip: str = "",
            classes: tuple[str, ...] = (), own_layout: bool = False, later: bool = False
            ) -> w.Button:
        """One more button at the row's end (``later``: put in the row by :meth:`lay`, once
        for several)."""
        b = self._button(label, action, tooltip, classes, own_layout)
        self.buttons.append(b)
        self.actions.append(action)
        if not later:
            self.lay()
        return b

    def lay(self) -> None:
        """The row's box holds its controls before the buttons, then every button."""
        head = [c for c in self.box.children if c not in self.buttons]
        self.box.children = (*head, *self.buttons)

    def action_of(self, i: object) -> Action | None:
        """The action button ``i`` carries (None for an empty button or a forged index)."""
        return self.actions[i] if type(i) is int and 0 <= i < len(self.actions) else None


class CallCardRow(ActionRow):
    """Calling a card (SBS-20): the card picked by rank and suit from the game's deck, *Call
    this card*, and declining to call one."""

    def __init__(self, game: Game, catalogue: Catalogue, same: Shared, *,
                 enabled: Collection[Action] = (), shown: bool = False) -> None:
        self.button_class = "tutor-call-card"
        self.same = same
        deck = game.info.deck
        narrow = w.Layout(width="9em")  # the two pickers' one layout
        self.rank = w.Dropdown(options=[("10" if r is Rank.TEN else r.letter, r.letter)
                                        for r in deck.ranks], value=deck.ranks[0].letter,
                               description="Call", layout=narrow, style=same.picker)
        self.suit = w.Dropdown(options=[(f"{s.symbol} {s.noun}", s.letter) for s in deck.suits],
                               value=deck.suits[0].letter, layout=narrow, style=same.picker)
        # no action of its own (the pickers name the card): enabled while a call is legal
        self.call = self._button("Call this card", None, disabled=not enabled)
        decline = [a for a in catalogue.by_kind["call-card"] if catalogue.infos[a].card is None]
        buttons: list[ButtonSpec] = [] if not decline else [
            (catalogue.infos[decline[0]].label.capitalize(), decline[0], "", ("tutor-decline",))]
        super().__init__("call-card", "tutor-callcard", "tutor-call-card", same,
                         head=(self.rank, self.suit, self.call), buttons=buttons,
                         enabled=enabled, shown=shown)
        self.buttons.insert(0, self.call)
        self.actions.insert(0, None)
        self.decline = self.buttons[1] if decline else None

    @property
    def decline_action(self) -> Action | None:
        """Declining to call a card (SBS-20), if the game has it."""
        return None if self.decline is None else self.actions[self.buttons.index(self.decline)]


class CardGridRow(ActionRow):
    """Calling a card that must be called (Crazy Solo, CS-7): a line per suit of the family's
    deck, headed by the suit, with a button per rank. Like the rank and suit pickers of
    :class:`CallCardRow`, no label names a whole card: the page holds the deck's ranks and
    suits, never a list of cards that could be mistaken for a hand. The table shows the buttons
    of this deal's deck only (CS-2: a removed card cannot be called) and underlines the ranks of
    the learner's own cards — calling one means playing secretly alone (CS-8)."""

    def __init__(self, catalogue: Catalogue, same: Shared, *, shown: bool = False) -> None:
        self.button_class = "tutor-call-card"
        self.same = same
        self.cards: list[Card] = []
        lines: dict[Suit, list[w.Widget]] = {}
        buttons: list[w.Button] = []
        actions: list[Action | None] = []
        for action in catalogue.by_kind["call-card"]:
            card = catalogue.infos[action].card
            if card is None:  # declining (SBS-20) belongs to the rank-and-suit row
                continue
            colour = "st-red" if card.suit.is_red else "st-black"
            line = lines.get(card.suit)
            if line is None:
                line = lines[card.suit] = [html(
                    f'<span class="st-root st-suit-head {colour}" title="{card.suit.noun}"'
                    f">{card.suit.symbol}</span>", "tutor-suit-head", shared=same)]
            # a layout of its own: a card of this deal's deck only is shown (CS-2)
            b = self._button(rank_text(card.rank), action, self.words(card),
                             ("st-card-btn", colour), own_layout=True)
            line.append(b)
            buttons.append(b)
            actions.append(action)
            self.cards.append(card)
        self.note = html("", "tutor-card-grid-note", shared=same)
        boxes = [w.HBox(line, layout=same.plain, _dom_classes=("tutor-card-line",))
                 for line in lines.values()]
        super().__init__("call-card", "tutor-callcard", "tutor-call-card", same,
                         head=(*boxes, self.note), shown=shown, grid=True)
        self.buttons, self.actions = buttons, actions

    def lay(self) -> None:
        """The grid's buttons stay in their suits' lines (none is ever added)."""

    @staticmethod
    def words(card: Card, own: bool = False) -> str:
        """A button's tooltip: ``call: ace, hearts line`` (rank and suit apart, as the pickers
        have them)."""
        return (f"call: {card.rank.noun}, {card.suit.noun} line"
                + (" — in your own hand" if own else ""))


class LegalRow(ActionRow):
    """A row whose buttons are the learner's legal actions of its kind, labelled with the
    game's words (:func:`readable`), rebuilt at each redraw and emptied while another seat is
    to move — so a label naming cards (a marriage's K and Q) is only ever one the learner may
    read."""

    def show(self, actions: list[Action], labels: list[str], tooltips: list[str],
             press: Any) -> None:
        """Buttons for ``actions`` (enabled), the rest emptied and hidden."""
        while len(self.buttons) < len(actions):
            i = len(self.buttons)
            b = self.add("", None, own_layout=True)
            b.on_click(lambda _b, i=i: press(self, i))
        for i, b in enumerate(self.buttons):
            if i < len(actions):
                self.actions[i] = actions[i]
                b.description = labels[i]
                b.tooltip = tooltips[i]
                b.disabled = False
                b.layout.display = None
            else:
                self.actions[i] = None
                b.description = ""
                b.tooltip = ""
                b.disabled = True
                b.layout.display = "none"


class RowSet(Mapping[ActionKind, ActionRow]):
    """A game's rows of buttons by kind of action, in :data:`ROWS` order, each built when it is
    first asked for — by the table's redraw when the row is first in sight (a deal may never
    need Call Solo's or the discard's), or by whoever looks it up — and then kept."""

    def __init__(self, kinds: Sequence[ActionKind],
                 build: Callable[[ActionKind, Collection[Action] | None], ActionRow]) -> None:
        self.kinds = tuple(kinds)
        self._build = build
        self._made: dict[ActionKind, ActionRow] = {}

    def __getitem__(self, kind: ActionKind) -> ActionRow:
        return self.need(kind, None)

    def need(self, kind: ActionKind, enabled: Collection[Action] | None) -> ActionRow:
        """The row of ``kind``; built now if it is not yet: in sight with the buttons of
        ``enabled`` enabled, or (``None``) out of sight with every button disabled."""
        row = self._made.get(kind)
        if row is None:
            if kind not in self.kinds:
                raise KeyError(kind)
            row = self._build(kind, enabled)
            self._made.setdefault(kind, row)
        return self._made[kind]

    def keep(self, kind: ActionKind, row: ActionRow) -> None:
        """Keep ``row`` as the row of ``kind`` (its builder lays it out at once)."""
        self._made.setdefault(kind, row)

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.kinds)

    def built(self) -> list[tuple[ActionKind, ActionRow]]:
        """The rows built so far, in order (nothing is built by asking)."""
        return [(k, self._made[k]) for k in self.kinds if k in self._made]

    def made(self, kind: object) -> ActionRow | None:
        """The row of ``kind`` if it is built (nothing is built by asking)."""
        return next((row for k, row in self._made.items() if k == kind), None)


def readable(label: str, deck: Deck) -> str:
    """A game's action label with its card texts as a learner reads them, capitalised for a
    button: ``lead KH, showing QH: ...`` → ``Lead K♥, showing Q♥: ...``."""
    label = card_words(label, deck)
    return label[:1].upper() + label[1:]


def rank_text(rank: Rank) -> str:
    """A rank as a button shows it: ``10`` for the ten, else its letter."""
    return "10" if rank is Rank.TEN else rank.letter


class TableWidget(Panel):
    """Play one seat of a deal against the bots (see the module docstring).

    ``game`` is a registered game's id (Six-Bid Solo by default) and ``options`` its options.
    ``records_dir`` is the folder where deals are saved and from which they are loaded (a
    teacher puts a record there; a learner picks it by name). ``match_deals`` offers a short
    match of that many deals as an option.
    """

    css_class = "tutor-table"

    def __init__(self, *, game: str = DEFAULT_GAME, seat: int = 0, bot: str | None = None,
                 seed: int | None = None, records_dir: str | Path | None = None,
                 match_deals: int = 4, hint_worlds: int = 10, auto: bool = True,
                 teaching_aid: bool = False, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.table = TableGame(game=game, seat=seat, bot=bot, seed=seed, options=options,
                               hint_worlds=hint_worlds)
        self.records_dir = Path(records_dir) if records_dir is not None else None
        self.match_deals = match_deals
        self._quiet = False  # True while the widget sets its own pickers (no event handling)
        n = self.table.game.players

        same = self.same  # the page's layouts and styles, shared: fewer models (Shared)
        # controls
        self.game_pick = w.Dropdown(options=[(s.name, s.id) for s in table_choices()],
                                    value=self.table.game_id, description="Game",
                                    layout=same.layout, style=same.picker,
                                    _dom_classes=("tutor-game-pick",))
        # the number of players, for a game dealt to a table of any size (Crazy Solo: 3..12)
        sizes = self._players_options()  # a layout of its own: hidden for a game of one size
        self.players_pick = w.Dropdown(options=sizes, value=n, description="Players",
                                       layout=w.Layout(width="auto", display=None if len(sizes)
                                                       > 1 else "none"),
                                       style=same.picker, _dom_classes=("tutor-players-pick",))
        self.seat_pick = w.Dropdown(options=[(f"seat {s}", s) for s in range(n)], value=seat,
                                    description="Your seat", layout=same.layout,
                                    style=same.picker)
        self.bot_pick = w.Dropdown(options=self._level_options(), value=self.table.bot_kind,
                                   description="Bots", layout=same.layout, style=same.picker)
        self.mode_pick = w.Dropdown(options=self._mode_options(), value=0, description="Play",
                                    layout=same.layout, style=same.picker,
                                    _dom_classes=("tutor-mode-pick",))
        self.new_button = button("New deal", cls="tutor-new-deal", style="primary", shared=same)
        controls = w.HBox([self.game_pick, self.players_pick, self.seat_pick, self.bot_pick,
                           self.mode_pick, self.new_button], layout=same.plain,
                          _dom_classes=("tutor-controls",))
        # an output that has nothing to show yet is made when it first has (LaterHTML)
        self.level_out = LaterHTML("tutor-level", shared=same)

        self.status = html("", "tutor-status", shared=same)
        self.view_out = html("", "tutor-view", shared=same)
        self.aid_out = LaterHTML("tutor-aid", shared=same)

        # the learner's actions: a row of buttons per kind of action of the game, each built
        # when it is first shown (RowSet)
        self._rows_of: dict[str, RowSet] = {}
        self._catalogues: dict[str, Catalogue] = {}
        self._lines: dict[str, w.HBox] = {}  # a game's line of the ONE_LINE rows
        self.actions_box = w.VBox([], layout=same.plain, _dom_classes=("tutor-actions",))

        # tools
        self.hint_button = button("Hint", cls="tutor-hint", shared=same,
                                  tooltip="what a sampling player would do here, and why")
        # (the tools' states are set by the refresh below: these are the likely ones)
        self.undo_button = button("Take back", cls="tutor-undo", shared=same, disabled=True,
                                  tooltip="take back your last action and try another")
        self.next_button = button("Next bot move", cls="tutor-next", shared=same,
                                  own_layout=True, hidden=auto, disabled=True)
        self.auto = w.Checkbox(value=auto, description="Bots play at once", indent=False,
                               layout=same.layout, style=same.tick)
        self.aid = w.Checkbox(value=teaching_aid, indent=False, layout=same.layout,
                              style=same.tick, description="Teaching aid: past tricks and points",
                              _dom_classes=("tutor-aid-switch",))
        aid_note = html('<span class="st-root st-muted">(not allowed at a real table, '
                        "SBS-25)</span>", "tutor-aid-note", shared=same)
        self.aid_line = w.HBox([self.aid, aid_note])  # a layout of its own: hidden alone
        tools = w.HBox([self.hint_button, self.undo_button, self.next_button, self.auto,
                        self.aid_line], layout=same.plain, _dom_classes=("tutor-tools",))
        self.undo_out = LaterHTML("tutor-undo-note", shared=same)
        self.hint_out = LaterHTML("tutor-hint-out", shared=same)
        self.compare_out = LaterHTML("tutor-compare", shared=same)
        # the log and the result are on the page from the start: a page script may read them
        self.log_out = html("", "tutor-log", shared=same)
        self._progress = Later(lambda: w.FloatProgress(  # made for the first review
            value=0.0, min=0.0, max=1.0, description="Analysing",
            layout=w.Layout(display="none", width="auto"), _dom_classes=("tutor-progress",)))
        self.result = html("", "tutor-result", shared=same)

        # records
        self.save_name = w.Text(value="", placeholder="a name for this deal",
                                description="Deal name", layout=same.layout, style=same.field)
        self.save_button = button("Save deal", cls="tutor-save", shared=same)
        self.load_pick = w.Dropdown(options=[], description="Saved deals", layout=same.layout,
                                    style=same.picker)
        self.load_button = button("Load", cls="tutor-load", shared=same)
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Open a record",
                                   layout=same.plain, style=same.look,
                                   _dom_classes=("tutor-upload",))
        self.files_out = LaterHTML("tutor-files", shared=same)
        files = w.HBox([self.save_name, self.save_button, self.load_pick, self.load_button,
                        self.upload], layout=same.plain, _dom_classes=("tutor-records",))

        self.lay([
            html(str(style_html()) + TABLE_CSS, "tutor-style", shared=same), controls,
            self.level_out, self.status, self.view_out, self.actions_box, tools, self.undo_out,
            self.aid_out, self.notice,
            self.hint_out, self.compare_out, self.log_out, self._progress, self.result, files,
            self.files_out])

        # events: every handler is guarded (a friendly notice, never a traceback)
        self.new_button.on_click(lambda _b: self.new_deal())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.undo_button.on_click(lambda _b: self.take_back())
        self.next_button.on_click(lambda _b: self.next_bot())
        self.aid.observe(lambda _c: self.refresh(), names="value")
        self.auto.observe(lambda _c: self.auto_changed(), names="value")
        self.game_pick.observe(lambda _c: self.game_changed(), names="value")
        self.players_pick.observe(lambda _c: self.players_changed(), names="value")
        self.bot_pick.observe(lambda _c: self.bots_changed(), names="value")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load_saved())
        self.upload.observe(lambda _c: self.load_upload(), names="value")

        self._game_rows()
        self._list_records()
        self._sync_pickers()
        self._start()
        prewarm()  # the engine loads in the background while the learner reads

    @guarded
    def _start(self) -> None:
        """The bots before the learner move at once, and the table is drawn (once: every
        redraw is messages to the page); a failing bot: a notice under the position as it
        stands, not a traceback."""
        try:
            self._continue()
        except Exception:
            self.refresh()
            raise

    # -- the rows of buttons, from the game's actions --
    @property
    def rows(self) -> RowSet:
        """The current game's rows of buttons, by kind of action (each built on first use)."""
        return self._rows_of[self.table.game_id]

    @property
    def progress(self) -> w.FloatProgress:
        """The review's progress bar, made for the first review (then kept, hidden between
        reviews)."""
        return self._progress.get()

    def _game_rows(self) -> None:
        """Put the current game's rows of buttons on the table (a game picked again finds its
        buttons as they were)."""
        game_id = self.table.game_id
        if game_id not in self._rows_of:
            cat = self._catalogues[game_id] = Catalogue.of(self.table.game)
            kinds = tuple(kind for kind, _, _ in ROWS if kind in cat.by_kind)
            self._rows_of[game_id] = RowSet(
                kinds, lambda kind, enabled: self._new_row(game_id, kind, enabled))
        self.catalogue = self._catalogues[game_id]
        self._lay_rows()

    def _lay_rows(self) -> None:
        """The current game's rows built so far, in :data:`ROWS` order, those of ONE_LINE side
        by side on one line."""
        game_id = self.table.game_id
        boxes: list[w.Widget] = []
        for kind, row in self.rows.built():
            if kind not in ONE_LINE:
                boxes.append(row.box)
                continue
            line = self._lines.get(game_id)
            if line is None:
                line = self._lines[game_id] = w.HBox([], layout=self.same.plain,
                                                     _dom_classes=("tutor-moves",))
            if line not in boxes:
                boxes.append(line)
                line.children = tuple(r.box for k, r in self.rows.built() if k in ONE_LINE)
        if tuple(self.actions_box.children) != tuple(boxes):
            self.actions_box.children = boxes

    def _new_row(self, game_id: str, kind: ActionKind, enabled: Collection[Action] | None
                 ) -> ActionRow:
        """Build the row of ``kind`` for game ``game_id`` while it is on the table and lay it
        out (see :meth:`RowSet.need`); a game no longer on the table gets no new rows
        (KeyError)."""
        if game_id != self.table.game_id:
            raise KeyError(kind)
        row = self._build_row(self.catalogue, kind, enabled)
        self.rows.keep(kind, row)
        self._lay_rows()
        return row

    def _build_row(self, cat: Catalogue, kind: ActionKind, enabled: Collection[Action] | None
                   ) -> ActionRow:
        words = self.table.spec.presentation
        box_class, button_class = next((b, c) for k, b, c in ROWS if k == kind)
        shown = enabled is not None
        on = enabled or ()
        if kind == "call-card" and not any(cat.infos[a].card is None for a in cat.by_kind[kind]):
            # a compulsory call: the grid (the refresh enables its buttons)
            row: ActionRow = CardGridRow(cat, self.same, shown=shown)
        elif kind in LEGAL_ROWS:
            row = LegalRow(kind, box_class, button_class, self.same, shown=shown)
        elif kind == "call-card":
            call_row = CallCardRow(self.table.game, cat, self.same, enabled=on, shown=shown)
            call_row.call.on_click(lambda _b, r=call_row: self.press_call_card(r))
            if call_row.decline is not None:
                call_row.decline.on_click(
                    lambda _b, r=call_row: self.press(r, r.buttons.index(r.decline)))
            row = call_row
        elif kind in ("call", "trump"):  # a button per action, labelled in the game's words
            specs: list[ButtonSpec] = []
            for action in cat.by_kind[kind]:
                info = cat.infos[action]
                if kind == "call":
                    label, tip = words.call_words(info.token or ""), ""
                else:
                    label = info.label
                    tip = f"trump {info.suit.noun}" if info.suit is not None else ""
                colour = () if info.suit is None else (
                    "st-red" if info.suit.is_red else "st-black",)
                specs.append((label, action, tip, colour))
            row = ActionRow(kind, box_class, button_class, self.same, buttons=specs,
                            enabled=on, shown=shown)
        else:
            row = ActionRow(kind, box_class, button_class, self.same, shown=shown)
        for i, b in enumerate(row.buttons):
            if not isinstance(row, CallCardRow):
                b.on_click(lambda _b, r=row, i=i: self.press(r, i))
        return row

    def _hand_row(self, row: ActionRow, hand: list[Card], legal: set[Action], mine: bool,
                  shown: bool) -> None:
        """A hand row: a button per card of the learner's hand, its legal ones enabled."""
        if not shown:
            hand = []
        grown = len(row.buttons) < len(hand)
        while len(row.buttons) < len(hand):  # each hidden alone when the hand shrinks
            i = len(row.buttons)
            b = row.add("", None, classes=("st-card-btn",), own_layout=True, later=True)
            b.on_click(lambda _b, r=row, i=i: self.press(r, i))
        if grown:
            row.lay()
        verb = HAND_ROWS[row.kind]
        for i, b in enumerate(row.buttons):
            with b.hold_sync():  # a button's changes in one message
                if i < len(hand):
                    card = hand[i]
                    action = self.catalogue.by_card.get((row.kind, card))
                    row.actions[i] = action
                    dress_card(b, card, verb=verb)  # the card's face is the button
                    b.disabled = not (mine and action in legal)
                    b.layout.display = None
                else:
                    row.actions[i] = None
                    dress_card(b, None)
                    b.disabled = True
                    b.layout.display = "none"

    def _legal_row(self, row: LegalRow, legal: tuple[Action, ...]) -> None:
        """A row of the learner's legal actions of its kind (none while another seat is to
        move), labelled with the game's words."""
        deck = self.table.game.info.deck
        actions = [a for a in legal if self.catalogue.infos[a].kind == row.kind]
        labels = [readable(self.catalogue.infos[a].label, deck) for a in actions]
        row.show(actions, labels, labels, self.press)

    def _grid_row(self, row: CardGridRow, hand: list[Card], legal: set[Action], mine: bool
                  ) -> None:
        """The called-card grid: the buttons of this deal's deck in sight (CS-2), the legal ones
        enabled on the learner's turn, the learner's own cards marked."""
        if not mine:  # out of sight: only make sure nothing can be pressed
            for b in row.buttons:
                b.disabled = True
            row.note.value = ""
            return
        deck = set(self.table.game.info.deck.cards)
        own = set(hand)
        for b, a, card in zip(row.buttons, row.actions, row.cards, strict=True):
            b.layout.display = None if card in deck else "none"
            b.disabled = not (mine and a in legal)
            if card in own:
                b.add_class("st-own")
            else:
                b.remove_class("st-own")
            b.tooltip = row.words(card, card in own)
        row.note.value = ('<span class="st-root st-muted">The ranks of your own cards are '
                          f"underlined. {len(deck)} cards in this deal's deck.</span>")

    def button_for(self, action: Action) -> w.Button:
        """The button that carries ``action`` now (tests press it as a learner would)."""
        for _kind, row in self.rows.built():
            if action in row.actions:
                return row.buttons[row.actions.index(action)]
        raise KeyError(action)

    def _level_options(self) -> list[tuple[str, str]]:
        return [(LEVEL_WORDS[k], k) for k in levels(self.table.game_id)]

    def _players_options(self) -> list[tuple[str, int]]:
        return [(f"{k} players", k) for k in table_sizes(self.table.game_id)]

    def _mode_options(self) -> list[tuple[str, int | str]]:
        """Single deals, a short match, and — where the game's match has one — a match that
        opens with a blind round (Crazy Solo, CS-14)."""
        n = self.match_deals
        out: list[tuple[str, int | str]] = [("single deals", 0), (self.table.match_words(n), n)]
        kind = match_class(self.table.game_id)
        if "blind_round" in getattr(kind, "__dataclass_fields__", {}):
            out.append((f"a match of {n}, blind round first", BLIND))
        targets = getattr(kind, "targets", None)  # a match to a score the game lets you pick
        if targets is not None:
            now = self.table.game.options_dict().get("target")
            out += [(f"a match to {k}", f"{TO}{k}") for k in targets(self.table.game)
                    if k != now]
        return out

    # -- hidden information (tests and the browser audit read these) --
    def hidden_cards(self) -> set[Card]:
        return self.table.hidden_cards()

    def secrets(self) -> list[str]:
        """Bot reasons held back now: they name a card the learner cannot see yet."""
        return self.table.withheld_reasons()

    # -- events --
    @guarded
    def new_deal(self) -> None:
        t = self.table
        seat = self.seat_pick.value
        mode = self.mode_pick.value
        blind = mode == BLIND
        deals = self.match_deals if blind else mode
        target = mode[len(TO):] if isinstance(mode, str) and mode.startswith(TO) else None
        if target is not None:  # a match to another score: the game's option (PI-12)
            t.set_game(t.game_id, options={**t.game.options_dict(), "target": int(target)},
                       seat=seat)
            self._sync_pickers()
            self.mode_pick.value = deals = self.match_deals
        try:
            if deals and (t.match is None or t.match.deals != deals or t.match.is_over()
                          or getattr(t.match, "blind_round", False) != blind):
                t.start_match(deals, seat, blind_round=blind)
            else:
                if not deals:
                    t.end_match()
                t.new_deal(seat)
        finally:  # a refused deal (SBS-25, SBS-28) may still have settled the last one
            self.refresh(notes=False)
        self._fresh_deal()

    def _fresh_deal(self) -> None:
        self.hint_out.value = ""
        self.compare_out.value = ""
        self.result.value = ""
        self.clear_notice()
        self.refresh(notes=not self._bots_next())
        self._continue()

    @guarded
    def game_changed(self) -> None:
        """Sit down at the game picked (a forged value is refused by the registry, REC-2):
        a new deal, single deals, the bots at a level they play it at."""
        if self._quiet or self.game_pick.value == self.table.game_id:
            return
        try:
            game = spec(self.game_pick.value)  # a forged value: REC-2
            seat = self.seat_pick.value
            players = game.make().players
            self.table.set_game(game.id, seat=seat if seat < players else 0)
        except TutorError:
            self._sync_pickers()
            raise
        self._game_changed()

    @guarded
    def players_changed(self) -> None:
        """Sit down at a table of the number of players picked (the game's other options
        kept where they still apply): a new deal, single deals."""
        t = self.table
        n = self.players_pick.value
        if self._quiet or n == t.game.players:
            return
        seat = self.seat_pick.value
        seat = seat if type(seat) is int and type(n) is int and 0 <= seat < n else 0
        try:
            try:
                t.set_game(t.game_id, options={**t.game.options_dict(), "players": n},
                           seat=seat)
            except OptionError:  # an option of the old size only (a 3-player deck)
                t.set_game(t.game_id, options={"players": n}, seat=seat)
        except TutorError:
            self._sync_pickers()
            raise
        self._game_changed()

    def _game_changed(self) -> None:
        """Redraw the pickers and the rows of buttons for the game now on the table."""
        self._sync_pickers()
        self._game_rows()
        self._fresh_deal()

    def _sync_pickers(self) -> None:
        """The pickers as the table is (the game, the levels its bots play, the seats)."""
        t = self.table
        self._quiet = True
        try:
            self.game_pick.value = t.game_id
            sizes = self._players_options()
            if list(self.players_pick.options) != sizes:
                self.players_pick.options = sizes
            self.players_pick.value = t.game.players
            self.players_pick.layout.display = None if len(sizes) > 1 else "none"
            self.bot_pick.options = self._level_options()
            self.bot_pick.value = t.bot_kind
            modes = self._mode_options()
            mode = self.mode_pick.value if t.match is not None else 0
            if list(self.mode_pick.options) != modes:
                self.mode_pick.options = modes
            self.mode_pick.value = mode if mode in [v for _, v in modes] else 0
            seats = [(f"seat {s}", s) for s in range(t.state.game.players)]
            if list(self.seat_pick.options) != seats:
                self.seat_pick.options = seats
            self.seat_pick.value = t.seat
        finally:
            self._quiet = False
        self.level_out.value = note_html(t.level_note) if t.level_note else ""

    @guarded
    def press(self, row: ActionRow, i: object) -> None:
        """A button of a row: its action, checked again by the engine (a forged click on a
        disabled or empty button, or on a button of another game's rows, changes nothing)."""
        action = row.action_of(i)
        if action is None or self.rows.made(row.kind) is not row:
            rule = self.table.spec.presentation.prompt(self.table.view)[1] or \
                turn_rule(self.table.state)[0]
            raise IllegalActionError(rule, "there is no action on this button",
                                     where=f"seat {self.table.seat}")
        self.act(action)

    @guarded
    def press_call_card(self, row: CallCardRow) -> None:
        text = f"{row.rank.value}{row.suit.value}"
        card = Card.parse(text)
        action = self.catalogue.by_card.get(("call-card", card))
        if action is None or self.rows.made(row.kind) is not row:
            rule = self.table.spec.presentation.prompt(self.table.view)[1] or \
                turn_rule(self.table.state)[0]
            raise IllegalActionError(rule, "call a card of the deck", what=text)
        self.act(action)

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
        self.refresh(notes=not self._bots_next())
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
        then = (" — the two will be compared on deals sampled from your view"
                if self.table.has_compare else "")
        self.compare_out.value = note_html(
            f"Taken back: {self.table.words(taken)}. Try another{then}.")

    @guarded
    def show_hint(self) -> None:
        t = self.table
        if not t.learner_to_move():
            t._require_turn("hint")
        if not t.has_pimc:
            t.hint()  # refused: TABLE-5 names what the game lacks
        view = t.view
        if view.phase != AUCTION or t.hint_samples_bids(view):  # else: no deal is sampled
            warm_up(lambda text: setattr(self.hint_out, "value", note_html(text)))
            self.hint_out.value = note_html("Thinking: sampling deals from your view…")
        action, reason = t.hint()
        words = t.words(action)
        # the bots' reasons begin with the action itself ("pass: ..."): say it once
        said = reason if reason.lower().startswith(words.lower()) else f"{words}. {reason}"
        how = ("A sampling player's choice from what you can see: deals consistent with your "
               "view, each solved double-dummy." if t.family else "The strong bot's advice "
               "from what you can see: deals consistent with your view — the hint says how "
               "each was played out.")
        self.hint_out.value = note_html(f"Hint: {said}. ({how})")

    @guarded
    def auto_changed(self) -> None:
        self.refresh()
        self._continue()

    @guarded
    def bots_changed(self) -> None:
        if self._quiet:
            return
        try:
            self.table.set_bots(self.bot_pick.value)
        finally:
            self._sync_pickers()
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
        """Load the record the learner uploaded (REC-1 for anything that is not one: no file
        content, more than 1 MiB, not JSON — the record layer's limits)."""
        files = self.upload.value
        if not files:
            return
        try:
            item = files[0]
            content = item.get("content") if isinstance(item, Mapping) else None
            name = item.get("name") if isinstance(item, Mapping) else None
        finally:
            self.upload.value = ()  # the record may hold every hand: keep it out of the page
        if not isinstance(content, bytes | bytearray | memoryview):
            raise RecordError("REC-1", "the upload holds no file", where="Open a record")
        name = name if isinstance(name, str) and name else "upload"
        self._load(records.parse(bytes(content)), shorten(name))

    def _load(self, record: Mapping[str, Any], name: str) -> None:
        self.table.load(record, self.seat_pick.value)
        self.mode_pick.value = 0
        self._sync_pickers()
        self._game_rows()
        self.clear_notice()
        self.hint_out.value = ""
        self.compare_out.value = ""
        self.result.value = ""
        self.files_out.value = note_html(f"Loaded {name} ({self.table.spec.name}): you play "
                                         f"seat {self.table.seat}.")
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

    def _bots_next(self) -> bool:
        """Will the bots move at once now (so a redraw before their moves is brief)?"""
        return bool(self.auto.value) and self.table.bot_to_move()

    def _continue(self) -> None:
        if self.auto.value and self.table.bot_kind == "pimc" and self.table.bot_to_move():
            self._warm()  # the sampling bots solve deals
        if self.auto.value:
            self.table.run_bots(on_step=lambda _e: self.refresh(notes=False))
        self.refresh()
        self._finish_if_done()

    def _finish_if_done(self) -> None:
        t = self.table
        if not t.done:
            return
        head = settlement_html(t.state, t.seat, t.standing())
        self.result.value = head
        bid = getattr(t.state, "bidder", None) is not None  # the family's deal, not thrown in
        if not t.family:
            self._valued_review(head)
        elif bid and t.learner_cards_played() and t.has_review:
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
        elif bid and t.learner_cards_played():
            part = ("the sampling player (sampling + solver)" if not t.has_pimc
                    else "the double-dummy solver")
            self.result.value = head + note_html(
                f"No review of your play yet: it rests on {part}, which does not play "
                f"{t.spec.name} yet.")
        self.result.value += deal_end_html(t.state, t.held_back())
        self.refresh()

    def _valued_review(self, head: str) -> None:
        """A game outside the Tapp family: the learner's actions valued exactly where its
        solver can (Sixty-Six: once the stock is gone or closed), with a progress bar."""
        t = self.table
        notes = deal_notes(t.game_id)
        mine = sum(1 for e in t.log if e.learner)
        if not mine:
            return
        if not t.has_review:
            self.result.value = head + note_html(
                f"No review of your play yet: it rests on an exact solver's values of every "
                f"action (every card's place known, best play after), which {t.spec.name} does "
                "not have yet.")
            return
        self._warm()
        self.progress.layout.display = None
        self.progress.value = 0.0
        unit = t.game.info.score_unit
        done_lines: list[ValuedLine] = []

        def step(line: ValuedLine) -> None:
            done_lines.append(line)
            self.progress.value = min(1.0, len(done_lines) / mine)
            self.result.value = head + valued_review_html(done_lines, unit=unit,
                                                          title=notes.review_title)

        lines = t.valued_review(on_line=step)
        self.progress.layout.display = "none"
        self.result.value = head + valued_review_html(lines, unit=unit, title=notes.review_title,
                                                      note=notes.review_note)

    # -- drawing --
    def refresh(self, *, notes: bool = True) -> None:
        """Redraw everything from the learner's view (never from the state). ``notes``: with
        the teaching aid beside the seats (:meth:`TableGame.seat_notes`, which may sample
        deals; left out of the redraws between two bot moves)."""
        t = self.table
        view = t.view
        done = t.done
        mine = t.learner_to_move()
        legal = set(view.legal)
        cat = self.catalogue
        # the rows in sight: the kinds of the learner's legal actions, or while another seat
        # is to move the auction's calls or the play's cards (disabled)
        shown = {cat.infos[a].kind for a in legal} if mine else {WAITING.get(view.phase)}
        with self.box.hold_sync():
            self.status.value = table_status_html(view, done=done, learner_to_move=mine,
                                                  auto=self.auto.value, match=t.standing())
            emphasis: dict[CardLike, str] = {}
            if mine and view.phase == PLAY:
                emphasis = {info.card: "legal" for a in legal
                            if (info := cat.infos[a]).kind == "card" and info.card is not None}
            own_buttons = any(k in shown for k in HAND_ROWS)
            self.view_out.value = self._view_html(view, emphasis, notes,
                                                  own_hand=not own_buttons)
            self.aid_out.value = (points_taken_html(t.points_taken(), t.seat)
                                  if self.aid.value and t.family else "")
            # the family's teaching aid (past tricks and points); a game whose view keeps only
            # its last trick and hides the opponent's total (Sixty-Six, SS-17) has none
            self.aid_line.layout.display = None if t.family else "none"
            hand = list(view.hand)
            rows = self.rows
            for kind in rows.kinds:
                if kind in shown:  # built when first in sight, its legal buttons enabled
                    rows.need(kind, legal if mine else ())
            for kind, row in rows.built():
                row.box.layout.display = None if kind in shown else "none"
                if kind in HAND_ROWS:
                    self._hand_row(row, hand, legal, mine, kind in shown)
                elif isinstance(row, CallCardRow):
                    row.call.disabled = not (mine and kind in shown)
                    if row.decline is not None:
                        row.decline.disabled = not (mine and row.decline_action in legal)
                elif isinstance(row, CardGridRow):
                    self._grid_row(row, hand, legal, mine and kind in shown)
                elif isinstance(row, LegalRow):
                    self._legal_row(row, view.legal if mine else ())
                else:
                    for b, a in zip(row.buttons, row.actions, strict=True):
                        b.disabled = not (mine and a in legal)
            # tools
            self.hint_button.disabled = not (mine and t.has_pimc)
            self.hint_button.tooltip = ("what a sampling player would do here, and why"
                                        if t.has_pimc else "no hints yet: the sampling "
                                        f"player does not play {t.spec.name} yet")
            self.undo_button.disabled = not t.can_undo()
            why = t.undo_note()  # the take-back stops at a draw or at the widow: say why
            self.undo_out.value = note_html(why) if why else ""
            self.undo_button.tooltip = why or "take back your last action and try another"
            self.next_button.disabled = not t.bot_to_move()
            self.next_button.layout.display = "none" if self.auto.value else None
            self.log_out.value = table_log_html(t.shown_log())
            if self.compare_out.value and names_any(self.compare_out.value, t.hidden_cards()):
                self.compare_out.value = ""  # it names a card turned face down since (SS-17)
            if not done:  # the whole deal and the review only once the deal is over
                self.result.value = ""
            if t.match is not None:
                self.new_button.description = ("New match" if t.match.is_over() and t.settled
                                               else "Next deal")
            else:
                self.new_button.description = "New deal"
        self.audit()

    def _view_html(self, view: View, emphasis: Mapping[CardLike, str], notes: bool,
                   own_hand: bool = True) -> str:
        """The learner's seat at the table (nothing once the deal is over: the settlement, the
        review and the whole deal are drawn below)."""
        if self.table.done:
            return ""
        aid = self.aid.value
        fallen = [] if aid else self.table.fallen_tricks()
        return table_view_html(view, emphasis, fallen=fallen, teaching_aid=aid,
                               seat_notes=self.table.seat_notes() if notes else None,
                               own_hand=own_hand)

    # -- for tests and notebooks --
    def widget_state_text(self) -> str:
        """Every synced trait of this widget tree as JSON — what a browser receives."""
        from .common import state_text, subtree

        return state_text(subtree(self.box))
