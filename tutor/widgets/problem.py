"""The Problems lesson's widget: play a problem against a defence that adapts, then read why.

:class:`ProblemWidget` shows the shipped problems of a game (:mod:`tutor.problems.bank`) by
level, with the learner's mark on each (kept in the learner's progress file beside the quiz
answers). The open problem shows the learner's view only — the hand, the tricks played, the
trick in progress, the goal — and one button per card of the hand, the illegal ones disabled
(and re-checked in Python: a forged click is refused with SBS-23). The defence replies at once
(:mod:`tutor.problems.defence`). **Hint** gives the first idea; **Defence** switches between the
defence that *Adapts* and the *Original deal*; **Start again** replays the problem.

When the last card falls, the write-up opens: step by step (Back / Next), each on its diagram —
the position with the goal, the key play, the line against the defence, each failing
alternative on the layout where it fails (every hand face up), and what each of the learner's
cards cost on the layout the cards came to lie in.

Nothing the learner may not see is put in widget state before its time: other hands are card
backs, and the hint, the key play and the write-up stay in Python until asked for or until the
attempt is over (:meth:`ProblemWidget.secrets`, audited like the other lesson widgets).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card, card_label
from ..display import facts_html, hand_svg, trick_svg, view_html
from ..display.markup import CardLike, esc
from ..display.table import trick_seats
from ..games import spec
from ..games.tapp import CARDS, SeatView, mask_cards
from ..problems.goal import goal_words
from ..problems.knowledge import WIDOW
from ..problems.levels import NAMES
from ..problems.problem import Problem, Step
from ..problems.session import DEFAULT_GAME, ProblemSession
from .common import Panel, button, guarded, html
from .engine import prewarm, warm_up
from .quiz import Learner, page_learner

ADAPTS = "Adapts"
ORIGINAL = "Original deal"
STEP_TITLES = {"goal": "The goal", "key": "The key play", "line": "The line",
               "alternative": "Why another card fails", "cost": "What your cards cost"}


class ProblemWidget(Panel):
    """The Problems lesson (module docstring). ``learner`` defaults to the page's; a learner
    made with a seed saves nothing (practice mode). ``start=False`` (the lesson's page) shows
    the list and the picked problem's title, and opens the problem on *Open this problem*:
    reading a problem needs the solver, which then loads while the learner reads."""

    css_class = "tutor-problem"

    def __init__(self, game: str = DEFAULT_GAME, *, learner: Learner | None = None,
                 level: int | None = None, start: bool = True) -> None:
        super().__init__()
        #: False until the learner opens a first problem (``start=False``: the page opens at
        #: once, without the solver a problem is read and defended with)
        self.started = start
        self.learner = learner or page_learner()
        self.session = ProblemSession(game, progress=self.learner.progress)
        self.level = level
        self.step_index = 0
        self.steps: list[Step] = []
        self.summary = html("", "tutor-problem-summary")
        levels = [("All levels", 0)] + [(NAMES.get(lv, f"Level {lv}"), lv)
                                         for lv in self.session.levels()]
        self.level_pick = w.Dropdown(options=levels, value=level or 0, description="Level",
                                     layout=w.Layout(width="auto"))
        self.level_pick.add_class("tutor-problem-level")
        self.pick = w.Dropdown(options=[], description="Problem", layout=w.Layout(width="auto"))
        self.pick.add_class("tutor-problem-pick")
        self.mode = w.ToggleButtons(options=[ADAPTS, ORIGINAL], value=ADAPTS,
                                    description="Defence", layout=w.Layout(width="auto"),
                                    tooltips=["Play against the cards where they hurt you most",
                                              "Replay against the cards as they were dealt"])
        self.mode.add_class("tutor-problem-mode")
        self.head = html("", "tutor-problem-head")
        self.table = html("", "tutor-problem-table")
        self.prompt = html("", "tutor-problem-prompt")
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.cards.add_class("tutor-problem-cards")
        self.card_buttons: dict[int, w.Button] = {}
        self.hint_button = button("Hint", cls="tutor-problem-hint",
                                  tooltip="The first idea (not the answer)")
        self.again = button("Start again", cls="tutor-problem-again",
                            tooltip="Play this problem again from its position")
        self.next_button = button("Next problem ▶", cls="tutor-problem-next",
                                  tooltip="The next problem of this level")
        self.start_button = button("Open this problem", cls="tutor-problem-start",
                                   style="primary", tooltip="Open the problem picked above")
        if start:
            self.start_button.layout.display = "none"
        self.hint_text = html("", "tutor-problem-hint-text")
        self.log = html("", "tutor-problem-log")
        self.history = html("", "tutor-problem-history")
        self.step_where = html("", "tutor-problem-step")
        self.step_back = button("◀ Back", cls="tutor-problem-back", tooltip="One step back")
        self.step_next = button("Next ▶", cls="tutor-problem-forward", style="primary",
                                tooltip="One step on")
        self.step_body = html("", "tutor-problem-writeup")
        self.writeup = w.VBox([self.step_where,
                               w.HBox([self.step_back, self.step_next],
                                      layout=w.Layout(flex_flow="row wrap")),
                               self.step_body])
        self.writeup.layout.display = "none"
        self.level_pick.observe(lambda _: self._level(), names="value")
        self.pick.observe(lambda _: self._open(), names="value")
        self.mode.observe(lambda _: self._mode(), names="value")
        self.hint_button.on_click(lambda _: self._hint())
        self.again.on_click(lambda _: self._again())
        self.next_button.on_click(lambda _: self._next())
        self.start_button.on_click(lambda _: self._start())
        self.step_back.on_click(lambda _: self.go(self.step_index - 1))
        self.step_next.on_click(lambda _: self.go(self.step_index + 1))
        controls = w.HBox([self.level_pick, self.pick], layout=w.Layout(flex_flow="row wrap"))
        actions = w.HBox([self.hint_button, self.again, self.next_button],
                         layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [self.summary, controls, self.mode, self.head, self.start_button,
                             self.table, self.prompt, self.cards, actions, self.hint_text,
                             self.notice, self.log, self.writeup, self.history]
        self.learner.listen(self._learner_changed)
        if not start:
            for b in (self.hint_button, self.again):
                b.disabled = True
            prewarm()  # the solver loads in the background while the learner reads
        self._fill_pick()

    # -- choosing ----------------------------------------------------------------------------
    def _fill_pick(self) -> None:
        lv = self.level_pick.value or None
        entries = self.session.entries_at(lv)
        options = []
        for e in entries:
            mark = self.session.mark_words(e.id)
            options.append((f"{e.id} · L{e.level} · {e.title}" + (f" — {mark}" if mark else ""),
                            e.id))
        current = self.pick.value
        self.pick.options = options
        ids = [e.id for e in entries]
        self.pick.value = current if current in ids else (ids[0] if ids else None)
        if self.session.problem is None or self.session.problem.id != self.pick.value:
            self._open()
        self._summary()

    def _summary(self) -> None:
        self.summary.value = (f'<p class="st-root st-problem-summary">'
                              f"{esc(self.session.summary())}</p>")

    @guarded
    def _level(self) -> None:
        lv = self.level_pick.value
        if lv not in (0, *self.session.levels()):
            self.refuse("There is no such level.")
            return
        self._fill_pick()

    @guarded
    def _start(self) -> None:
        """Open the problem picked: the first time, after the solver has loaded."""
        if self.started:
            return
        warm_up(lambda text: setattr(self.prompt, "value",
                                     f'<p class="st-root st-muted" role="status">{esc(text)}</p>'))
        self.started = True
        self.start_button.layout.display = "none"
        self.again.disabled = False
        self._open()

    def _waiting(self, pid: str) -> None:
        """Before the first problem is opened: the one picked, by its title, and how to begin."""
        entry = next(e for e in self.session.entries if e.id == pid)
        self.head.value = (
            f'<div class="st-root st-problem-head"><h3 class="st-h">{esc(entry.title)}</h3>'
            f'<p class="st-muted">{esc(NAMES.get(entry.level, f"Level {entry.level}"))}: '
            "open it to see the position and its goal, then play your cards against the "
            "defence.</p></div>")
        self.audit()

    @guarded
    def _open(self) -> None:
        pid = self.pick.value
        if pid is None:
            return
        if pid not in [e.id for e in self.session.entries]:
            self.refuse("There is no such problem.")
            return
        if not self.started:
            self._waiting(pid)
            return
        self.session.open(pid)
        self.session.hint_shown = False
        self.hint_text.value = ""
        self.clear_notice()
        self._show()

    @guarded
    def _mode(self) -> None:
        if self.mode.value not in (ADAPTS, ORIGINAL):
            self.refuse("Pick one of the two defences.")
            return
        self.session.set_mode(self.mode.value == ADAPTS)
        self.clear_notice()
        self._show()

    @guarded
    def _again(self) -> None:
        self.session.restart()
        self.clear_notice()
        self._show()

    @guarded
    def _next(self) -> None:
        ids = [pid for _, pid in self.pick.options]
        if not ids:
            return
        i = ids.index(self.pick.value) if self.pick.value in ids else -1
        self.pick.value = ids[(i + 1) % len(ids)]

    @guarded
    def _hint(self) -> None:
        text = self.session.hint()
        self.hint_text.value = (f'<p class="st-root st-hint" aria-live="polite">'
                                f"{esc(text)}</p>")
        self.audit()

    def _learner_changed(self) -> None:
        old = self.session
        self.session = ProblemSession(old.game, progress=self.learner.progress)
        self.session.adaptive = old.adaptive
        self._fill_pick()
        self._open()

    # -- playing -----------------------------------------------------------------------------
    @guarded
    def play(self, card: object) -> None:
        """The learner plays ``card`` (checked in Python; a forged click is refused)."""
        self.session.play(card)
        self.clear_notice()
        self._show()
        if self.session.done:
            self._fill_pick()  # the mark in the list changes

    def _show(self) -> None:
        s = self.session
        problem = s.problem
        if problem is None:
            return
        world = s.world()
        view = world.view(problem.seat)
        done = s.done
        legal = set(s.legal())
        goal = goal_words(problem.goal, spec(problem.game).presentation.contract_name(
            problem.state.contract_id or ""))
        mode = ("the defence that adapts: the unseen cards lie wherever they hurt a guess"
                if s.adaptive else "the original deal, the defence seeing every card")
        with self.box.hold_sync():
            self.head.value = (
                f'<div class="st-root st-problem-head"><h3 class="st-h">{esc(problem.title)}'
                f"</h3><p><strong>Goal:</strong> {esc(goal)}.</p>"
                f'<p class="st-muted">Playing against {esc(mode)}.</p></div>')
            self.table.value = view_html(view)
            self.history.value = _history_html(view)
            if done:
                assert s.result is not None
                self.prompt.value = self._result_html()
            else:
                self.prompt.value = ('<p class="st-root st-prompt" aria-live="polite">'
                                     "Your card: follow suit if you can, else trump if you can "
                                     '<span class="st-rule">SBS-23</span></p>')
            self._card_row(view.hand, legal, done)
            self.log.value = self._log_html()
            self.hint_button.disabled = False
            if done:
                self.steps = s.writeup()
                self.step_index = 0
                self.writeup.layout.display = ""
                self._show_step()
            else:
                self.steps = []
                self.writeup.layout.display = "none"
                self.step_body.value = ""
                self.step_where.value = ""
            self.audit()

    def _card_row(self, hand: tuple[Card, ...], legal: set[int], done: bool) -> None:
        buttons = []
        for card in hand:
            c = CARDS.index(card)
            b = self.card_buttons.get(c)
            if b is None:
                b = button(card_label(card), cls="tutor-problem-card",
                           tooltip=f"Play {card_label(card)}")
                b.on_click(lambda _, c=c: self.play(c))
                self.card_buttons[c] = b
            b.disabled = done or c not in legal
            buttons.append(b)
        self.cards.children = buttons

    def _result_html(self) -> str:
        s = self.session
        assert s.result is not None and s.problem is not None
        r = s.result
        unit = "card points" if s.problem.goal.unit == "points" else "tricks"
        verdict = "Goal reached." if r.met else "Goal missed."
        cls = "st-right" if r.met else "st-wrong"
        against = ("against the defence that adapts" if r.adaptive
                   else "against the original deal (it forgives a guess: try the defence "
                   "that adapts)")
        return (f'<div class="st-root st-problem-result" role="status" aria-live="polite">'
                f'<p class="{cls}"><strong>{verdict}</strong> The bidder ends with {r.value} '
                f"{unit}, {esc(against)}.</p><p>The write-up is open below: step through it "
                "with Next.</p></div>")

    def _log_html(self) -> str:
        s = self.session
        attempt = s.attempt
        if attempt is None or not attempt.played:
            return ""
        problem = s.problem
        assert problem is not None
        from ..problems.writeup import tricks_of  # the defence's room: once a card is played

        rows = []
        for _leader, seats, cs, winner in tricks_of(problem.state,
                                                     [p.card for p in attempt.played]):
            body = ", ".join(f"{card_label(CARDS[c])} ({_who(st, problem.seat)})"
                             for st, c in zip(seats, cs, strict=True))
            if winner >= 0:
                body += f" — {'you win' if winner == problem.seat else f'seat {winner} wins'}"
            rows.append(f"<li>{esc(body)}</li>")
        return ('<div class="st-root st-problem-log"><h4 class="st-h">This attempt</h4>'
                f'<ol>{"".join(rows)}</ol></div>')

    # -- the write-up ------------------------------------------------------------------------
    @guarded
    def go(self, index: int) -> None:
        """Show write-up step ``index`` (refused outside the steps, or before the end)."""
        if not self.steps or not isinstance(index, int) or not 0 <= index < len(self.steps):
            self.refuse("There is no step there: the write-up opens when the attempt is over.")
            return
        self.step_index = index
        self.clear_notice()
        self._show_step()

    def _show_step(self) -> None:
        step = self.steps[self.step_index]
        kinds = [x.step for x in self.steps]
        number = kinds[: self.step_index + 1].count(step.step)
        title = STEP_TITLES.get(step.step, step.step)
        if step.step == "alternative" and kinds.count("alternative") > 1:
            title += f" ({number})"
        self.step_where.value = (f'<p class="st-step" aria-live="polite"><strong>Step '
                                 f"{self.step_index + 1} of {len(self.steps)}: {esc(title)}"
                                 "</strong></p>")
        self.step_body.value = ('<div class="st-root st-commentary">'
                                f"<p>{esc(step.text)}</p>{self._picture(step)}</div>")
        self.step_back.disabled = self.step_index == 0
        self.step_next.disabled = self.step_index == len(self.steps) - 1

    def _picture(self, step: Step) -> str:
        s = self.session
        problem = s.problem
        assert problem is not None
        start = problem.state.view(problem.seat)
        if step.step == "goal":
            return view_html(start)
        if step.step == "key":
            return view_html(start, emphasis={CARDS[c]: "right" for c in problem.key})
        if step.step == "line":
            return _tricks_html(problem, problem.line)
        if step.step == "alternative":
            i = [x.step for x in self.steps][: self.step_index + 1].count("alternative") - 1
            alt = problem.alternatives[i]
            k = problem.knowledge()
            return (_layout_html(problem, k.slots, alt.layout, emphasis={CARDS[alt.card]:
                                                                          "wrong"})
                    + _tricks_html(problem, alt.play))
        k, layout = s.final_layout()
        rows = [(card_label(CARDS[c.card]),
                 "best here" if not c.lost else f"cost {c.lost}; best was "
                 f"{card_label(CARDS[c.best_card])}") for c in s.costs]
        return (facts_html(rows) + '<p class="st-muted">Where the cards came to lie:</p>'
                + _layout_html(problem, k.slots, layout))

    # -- hidden information ------------------------------------------------------------------
    def hidden_cards(self) -> set[Card]:
        return {CARDS[c] for c in self.session.hidden_cards()}

    def secrets(self) -> list[str]:
        """The hint (until asked for), the key play and the write-up (until the end)."""
        problem = self.session.problem
        if problem is None:
            return []
        out: list[str] = []
        if not self.session.hint_shown:
            out.append(problem.hint)
        if not self.session.done:
            out += [s.text for s in problem.writeup]
        return out


def _history_html(view: SeatView) -> str:
    """Every trick played so far, under the cards (a teaching aid: SBS-25 has them face
    down), each captioned with its seats and its winner outlined."""
    if not view.tricks:
        return ""
    rows = []
    for i, (leader, cards, winner) in enumerate(view.tricks):
        seats = trick_seats(leader, len(cards), view.active)
        labels = [_who(s, view.seat) for s in seats]  # the lead is marked by trick_svg
        drawn = trick_svg(list(cards), seats=seats, labels=labels, winner=winner, width=40)
        rows.append(f'<li><span class="st-who">Trick {i + 1}, won by '
                    f"{_who(winner, view.seat)}</span>{drawn}</li>")
    return (f'<section class="st-root st-history" aria-label="tricks played"><h4 class="st-h">'
            f'Tricks played</h4><ol class="st-tricks st-row">{"".join(rows)}</ol></section>')


def _who(seat: int, learner: int) -> str:
    return "you" if seat == learner else f"seat {seat}"


def _layout_html(problem: Problem, slots: tuple[int, ...], layout: tuple[int, ...],
                 emphasis: Mapping[CardLike, str] | None = None) -> str:
    """Every hand at the problem's position face up: the learner's and the layout's."""
    state = problem.state
    pres = spec(problem.game).presentation
    parts = []
    own = [CARDS[c] for c in mask_cards(state.hands[problem.seat])]
    parts.append(_seat_box(f"{pres.seat_label(problem.seat, state.active)} — you",
                           own, emphasis))
    for s, m in zip(slots, layout, strict=True):
        label = "the widow" if s == WIDOW else pres.seat_label(s, state.active)
        parts.append(_seat_box(label, [CARDS[c] for c in mask_cards(m)], None))
    return f'<div class="st-row st-problem-layout">{"".join(parts)}</div>'


def _seat_box(label: str, cards: list[Card], emphasis: Mapping[CardLike, str] | None) -> str:
    return (f'<div class="st-seat"><div class="st-who">{esc(label)}</div>'
            + hand_svg(cards, width=40, label=label, emphasis=emphasis) + "</div>")


def _tricks_html(problem: Problem, play: Any) -> str:
    from ..problems.writeup import tricks_of

    rows = []
    for i, (_leader, seats, cs, winner) in enumerate(tricks_of(problem.state, list(play))):
        labels = ["you" if s == problem.seat else f"seat {s}" for s in seats]
        drawn = trick_svg([CARDS[c] for c in cs], seats=list(seats), labels=labels,
                          winner=winner if winner >= 0 else None, width=40)
        rows.append(f'<li>{drawn}<span class="st-who">trick {i + 1}</span></li>')
    return f'<ol class="st-tricks st-row st-problem-tricks">{"".join(rows)}</ol>'


__all__ = ["ProblemWidget"]
