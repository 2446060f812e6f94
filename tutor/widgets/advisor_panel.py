"""The bid advisor as a widget: a hand, a place in the auction, and what each contract is worth.

The learner picks a game (Six-Bid Solo or Frog, the games the decision quizzes know), types a
hand of 11 cards (or has one dealt at random) and picks where they sit in the auction — the
calls before them decide it (SBS-13..16a: forehand speaks first, ...). **Advise**
runs :func:`tutor.solver.advisor.advise_iter`: deals of the unseen cards sampled from the
learner's view, each solved double-dummy for every contract still open and each trump. A
progress bar moves after every batch and the table fills in at once with the first estimate;
then a matplotlib chart shows the expected chips and P(make) of every row with their 95%
intervals, and one line says what to do in words. Once the best call is clear beyond every
other call's 95% interval (pass is worth 0) — the criterion of the bid quiz — sampling stops
early and says so: more deals would only narrow intervals that are already apart. It is also
*anytime*: a batch that would overrun the time budget (:data:`BUDGET`, so that the final table
comes within 2 s) is not started, and the progress line says on how many deals the figures
rest. The solver itself is loaded on the first **Advise** (:mod:`tutor.widgets.engine`), not
with the page.

The hand is the learner's own: nothing hidden is on this page. The other hands of the deal the
advisor starts from are random and stay in Python (the advisor reads only the learner's view).

What is a game's own comes from the game: the rows and their labels from its advisor adapter
(``tutor/games/<game>/advisor.py``: Six-Bid Solo's six contracts with their trumps; Frog's Frog
bid, Chico with each trump and Grand), and the teaching around them — the auction situations
offered by name, the rules of thumb's first look at the hand, the rules the table cites — from
its part in the decision quizzes (``tutor/games/<game>/decisions.py``, a
:class:`~tutor.quiz.decision_basics.DecisionGame`, found by
:func:`~tutor.quiz.decision_basics.decision_game`): the panel belongs to the decisions lesson
and teaches with the same rules of thumb that screen its bid questions, and that module loads
without the solver. The words are the game's presentation.

Errors: a hand that is not 11 distinct cards of the deck (REC-3, REC-4, SBS-8), calls that the
auction does not allow (SBS-13..16a), an auction already over, a game the panel does not know
(QUIZ-3) — each a friendly notice with the rule id, changing nothing.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]  # ships no type hints

from ..cards import Card
from ..display import facts_html, hand_svg, seat_label, style_html
from ..display.markup import HtmlStr, esc
from ..errors import IllegalActionError, NotationError, RecordError
from ..games import spec
from ..games.tapp import AUCTION, CARD_INDEX, CARDS, N_CARDS, SeatView, TappGame, TappState
from ..play.anytime import MIN_SAMPLES, advise_within, clear_after
from ..quiz.core import DEFAULT_GAME
from ..quiz.decision_basics import DecisionGame, decision_game, decision_games
from .common import WIDGET_CSS, Panel, Shared, button, guarded, html
from .engine import preload, prewarm, warm_up

if TYPE_CHECKING:  # the solver is loaded on the first Advise (tutor.widgets.engine)
    from ..solver.advisor import Advice

#: The last auction situation of every game: the learner types the calls.
OTHER = ("Other: type the calls", "other")
_INK = "#010203"  # replaced by currentColor: the chart follows the page's text colour
#: Seconds (wall clock) the final table may take (the target: ≤ 2 s at p95, docs/advisor.md):
#: sampling stops before a batch that would overrun it, and the table says on how many deals
#: its figures rest.
BUDGET = 1.6
#: Deals solved whatever the budget: an interval on one or two deals says next to nothing.
LEAST = 3



def _table(game: str) -> TappGame[Any]:
    """The game with its default options (REC-2 for an unknown game)."""
    table = spec(game).make()
    assert isinstance(table, TappGame)  # the advisor's games are of the Tapp family
    return table


def situations(game: str = DEFAULT_GAME) -> tuple[tuple[str, str], ...]:
    """The auction situations the panel offers for ``game`` (label, the calls before the
    learner), the game's own (its :class:`~tutor.quiz.decision_basics.DecisionGame`) and
    :data:`OTHER`."""
    return (*decision_game(game).situations, OTHER)


def parse_hand(text: str, game: str = DEFAULT_GAME) -> list[int]:
    """A hand of ``game`` (11 distinct cards) from text such as ``AS TS KS 9H ...`` (``10♥``
    and commas welcome)."""
    size = _table(game).info.hand_size
    tokens = [t for t in text.replace(",", " ").split() if t]
    cards: list[int] = []
    for i, t in enumerate(tokens):
        try:
            card = Card.parse(t)
        except NotationError:
            raise NotationError("REC-3", "not a card (write AS, 10H, T♥ ...)",
                                where=f"hand[{i}]", what=t) from None
        if card not in CARD_INDEX:
            raise NotationError("REC-3", "not a card of the 36-card deck (SBS-1)",
                                where=f"hand[{i}]", what=t)
        c = CARD_INDEX[card]
        if c in cards:
            raise RecordError("REC-4", "a card twice", where=f"hand[{i}]", what=card.text)
        cards.append(c)
    if len(cards) != size:
        raise RecordError("REC-5", f"a hand holds {size} cards (SBS-8); this one has "
                          f"{len(cards)}", where="hand")
    return cards


def parse_calls(text: str, game: str = DEFAULT_GAME) -> list[str]:
    """Call tokens of ``game`` (``pass``, ``solo``, ``heart-solo`` ...; Frog's ``frog``,
    ``chico``, ``grand``), checked as tokens (SBS-13)."""
    table = _table(game)
    tokens = [t.strip().lower() for t in text.replace(",", " ").split() if t.strip()]
    for i, t in enumerate(tokens):
        table.parse_call(t, f"calls[{i}]")
    return tokens


def position_for(calls: Sequence[str], hand: Sequence[int], *, dealer: int = 2,
                 rng: random.Random | None = None, game: str = DEFAULT_GAME) -> TappState:
    """A deal of ``game`` where ``hand`` sits at the seat to speak after ``calls`` (SBS-16a
    decides who).

    The other hands and the widow are dealt at random from the rest of the pack: the advisor
    reads only the learner's view, so they are never used (nor shown).
    """
    rng = rng or random.Random()
    table = _table(game)
    probe = table.new_deal(rng, dealer)
    for i, t in enumerate(calls):
        if probe.phase != AUCTION:
            raise IllegalActionError("SBS-16a", "the auction is already over after these calls",
                                     where=f"calls[{i}]", what=t)
        probe.apply_at(table.parse_call(t, f"calls[{i}]"), f"calls[{i}]")
    if probe.phase != AUCTION or probe.to_move is None:
        raise IllegalActionError("SBS-16a", "the auction is over after these calls: nobody is "
                                 "left to call", where="calls")
    seat = probe.to_move
    size = table.info.hand_size
    rest = [c for c in range(N_CARDS) if c not in set(hand)]
    rng.shuffle(rest)
    hands: list[list[Card]] = []
    for s in range(table.players):
        if s == seat:
            hands.append([CARDS[c] for c in hand])
        else:
            hands.append([CARDS[c] for c in rest[:size]])
            rest = rest[size:]
    state: TappState = table.deal(dealer, hands, [CARDS[c] for c in rest])
    for t in calls:
        state.apply(table.parse_call(t))
    return state


# --- the chart ---------------------------------------------------------------------------------
def advice_chart(advice: Advice) -> HtmlStr:
    """Expected chips and P(make) per row with their 95% intervals, as an inline SVG drawn by
    matplotlib (transparent, in the page's text colour: light and dark themes alike)."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    from ..solver.stats import wilson

    rows = sorted((r for r in advice.rows if r.n), key=lambda r: r.expected(), reverse=True)
    rc: dict[str, Any] = {"text.color": _INK, "axes.labelcolor": _INK, "axes.edgecolor": _INK,
                          "xtick.color": _INK, "ytick.color": _INK, "font.size": 10,
                          "svg.fonttype": "none", "svg.hashsalt": "solo-tutor"}
    with rc_context(rc):  # type: ignore[arg-type]  # stubs list the keys as Literals
        fig = Figure(figsize=(8.0, 0.42 * max(len(rows), 1) + 1.4), layout="constrained")
        fig.patch.set_alpha(0)
        left, right = fig.subplots(1, 2, sharey=True, width_ratios=[1.6, 1])
        ys = list(range(len(rows)))
        for y, r in zip(ys, rows, strict=True):
            m = r.expected()
            lo, hi = r.interval()
            lo = lo if math.isfinite(lo) else min(r.chips)
            hi = hi if math.isfinite(hi) else max(r.chips)
            colour = "#2e7d32" if m > 0 else "#c62828" if m < 0 else "#757575"
            alpha = 0.45 if r.dropped else 1.0
            left.plot([lo, hi], [y, y], color=colour, linewidth=2.2, alpha=alpha)
            left.plot([m], [y], marker="o", color=colour, markersize=6, alpha=alpha)
            k = sum(r.made)
            p = k / r.n
            plo, phi = wilson(k, r.n)
            right.plot([plo, phi], [y, y], color="#1565c0", linewidth=2.2, alpha=alpha)
            right.plot([p], [y], marker="o", color="#1565c0", markersize=6, alpha=alpha)
        left.axvline(0, color=_INK, linewidth=0.8, linestyle=":")
        left.set_yticks(ys)
        left.set_yticklabels([f"{r.row.label} ({r.n})" for r in rows])
        left.invert_yaxis()
        left.set_xlabel("expected chips for you (dot) with 95% interval; pass = 0")
        right.set_xlim(-0.02, 1.02)
        right.set_xlabel("P(make), 95% interval")
        for ax in (left, right):
            ax.patch.set_alpha(0)
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
            ax.grid(axis="x", color=_INK, alpha=0.15)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", transparent=True)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):].replace(_INK, "currentColor")
    best = advice.best()
    desc = (f"Chart of {len(rows)} contracts: expected chips and chance to make, with 95% "
            f"intervals. Best: {best.row.label} {best.expected():+.0f} chips." if best
            else "Chart of the contracts' expected chips.")
    return HtmlStr(f'<figure class="st-root st-chart tutor-advice-chart" role="img" '
                   f'aria-label="{esc(desc)}" style="margin:0;max-width:100%;overflow-x:auto">'
                   f"{svg}</figure>")


# --- words and the table -----------------------------------------------------------------------
def _fmt(x: float | None, sign: bool = True) -> str:
    if x is None or not math.isfinite(x):
        return "?"
    return f"{x:+.0f}" if sign else f"{x:.0f}"


def advice_table(advice: Advice) -> HtmlStr:
    """One row per contract and trump: deals solved, expected chips and interval, P(make)."""
    rows = []
    best = advice.best()
    for r in sorted(advice.rows, key=lambda r: -r.expected() if r.n else 1e9):
        d = r.as_dict()
        if not r.n:
            continue
        lo, hi = d["ci95"]
        plo, phi = d["p_make_ci95"]
        mark = " ★" if best is r and r.expected() > 0 else ""
        cls = "st-plus" if r.expected() > 0 else "st-minus" if r.expected() < 0 else ""
        note = "out (clearly worse)" if r.dropped else ""
        pts = "" if d["mean_points"] is None else f"{d['mean_points']:.0f}"
        rows.append(
            f"<tr><th scope=\"row\">{esc(r.row.label)}{mark}</th><td>{r.n}</td>"
            f'<td class="{cls}">{r.expected():+.1f}</td><td>{_fmt(lo)} … {_fmt(hi)}</td>'
            f"<td>{100 * d['p_make']:.0f}%</td><td>{100 * plo:.0f}–{100 * phi:.0f}%</td>"
            f"<td>{pts}</td><td>{esc(note)}</td></tr>")
    game = decision_game(advice.game)
    settle_rules = ", ".join(game.settlement_words[1])
    return HtmlStr(
        '<div class="st-scroll"><table class="st-chips st-advice"><caption>Contracts still open '
        f"to you (SBS-14), each trump ({game.trump_rule}): the chips you win (+) or pay (−) in "
        f"all ({settle_rules})</caption>"
        "<thead><tr><th>contract</th><th>deals</th><th>expected chips</th><th>95% interval</th>"
        "<th>P(make)</th><th>95% interval</th><th>mean P</th><th></th></tr></thead><tbody>"
        + "".join(rows) + "</tbody></table></div>")


def first_look(view: SeatView) -> str:
    """The rules of thumb's reading of the hand — instant, shown while the advisor samples;
    only the contracts still open (SBS-14). The game's own rules of thumb
    (:meth:`~tutor.quiz.decision_basics.DecisionGame.first_look`)."""
    return decision_game(view.game).first_look(view)


def first_look_html(view: SeatView) -> str:
    return ('<p class="st-root st-verdict" role="status"><strong>First look (rules of thumb, '
            f"before any deal is solved):</strong> {esc(first_look(view))}.</p>")


def verdict(advice: Advice) -> str:
    """The advice in one line of words."""
    best = advice.best()  # a live row: one dropped as clearly worse is never the advice
    if best is None:
        return "No contract is open to you: pass is the only call."
    live = sorted((r for r in advice.rows if r.n and not r.dropped and r is not best),
                  key=lambda r: r.expected(), reverse=True)
    lo, hi = best.interval()
    n = advice.worlds
    if best.expected() <= 0:
        where = "" if hi < 0 else " (though its interval reaches above 0)"
        return (f"Pass: no contract wins chips on average over {n} sampled deals — the best, "
                f"{best.row.label}, averages {best.expected():+.0f}{where}.")
    runner = next((r for r in live if r.row.contract != best.row.contract), None)
    p = sum(best.made) / best.n
    name = spec(advice.game).presentation.contract_name(best.row.contract_id)
    text = (f"Bid {name}"
            + (f" with trump {best.row.label.split()[-1]}" if best.row.trump >= 0
               and best.row.label != name else "")
            + f": about {best.expected():+.0f} chips, made in {p:.0%} of {best.n} deals")
    if math.isfinite(lo) and lo <= 0:
        text += " — but its interval reaches below 0, so passing may be as good"
    elif runner is not None and math.isfinite(lo) and runner.interval()[1] >= lo:
        text += f" — close to {runner.row.label} ({runner.expected():+.0f}): the intervals overlap"
    return text + "."


# --- the widget --------------------------------------------------------------------------------
class AdviceArea:
    """The advisor panel's progress bar, verdict, table and chart (made on the first Advise)."""

    def __init__(self, same: Shared) -> None:
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0, description="Sampling",
                                        layout=w.Layout(width="18em", max_width="100%"),
                                        _dom_classes=("tutor-advisor-progress",))
        self.progress_text = html("", "tutor-advisor-progress-text", shared=same)
        self.verdict = html("", "tutor-advisor-verdict", shared=same)
        self.table = html("", "tutor-advisor-table", shared=same)
        self.chart = html("", "tutor-advisor-chart", shared=same)
        self.widgets = (w.HBox([self.progress, self.progress_text], layout=same.plain),
                        self.verdict, self.table, self.chart)

    def clear(self) -> None:
        """Empty, for another game."""
        self.progress.value = 0.0
        self.progress.bar_style = ""
        for out in (self.progress_text, self.verdict, self.table, self.chart):
            out.value = ""


class AdvisorPanel(Panel):
    """Ask the bid advisor about a hand (see the module docstring).

    ``game`` is the game first shown (a picker above offers every game the decision quizzes
    know: Six-Bid Solo, Frog); ``samples`` deals are solved per question (``first`` of them
    before the first estimate), within ``budget`` seconds
    (:func:`tutor.play.anytime.advise_within`); ``seed`` makes the sampled deals and the random
    hands reproducible; ``executor`` spreads the solving over processes
    (:mod:`concurrent.futures`).
    """

    css_class = "tutor-advisor"

    def __init__(self, *, game: str = DEFAULT_GAME, hand: str = "", calls: str = "",
                 samples: int = 16, first: int = 1, seed: int | None = None,
                 executor: Executor | None = None, budget: float = BUDGET) -> None:
        super().__init__()
        decision_game(game)  # QUIZ-3 for a game the panel does not know
        self.game_id = game
        self._quiet = False  # True while the panel sets its own pickers
        self.rng = random.Random(seed)
        self.first = first
        self.budget = budget
        self.executor = executor
        self.advice: Advice | None = None
        self.stop = ""  # why the last advice stopped: done, clear or budget
        same = self.same  # the page's layouts and styles, shared: fewer models (Shared)
        self.hand_text = w.Text(value=hand,
                                placeholder="11 cards: rank (A T K Q J 9 8 7 6), suit (C S H D)",
                                description="Your hand", continuous_update=False,
                                layout=w.Layout(width="auto", flex="1 1 20em", min_width="0",
                                                max_width="40em"),
                                style=same.field, _dom_classes=("tutor-advisor-hand",))
        self.deal_button = button("Deal me a hand", cls="tutor-advisor-deal", shared=same,
                                  tooltip="a random hand of 11 cards")
        games = decision_games()
        self.game_pick = w.Dropdown(options=[(spec(g).name, g) for g in games], value=game,
                                    description="Game", style=same.picker,
                                    layout=same.layout if len(games) > 1 else w.Layout(
                                        width="auto", display="none"),
                                    _dom_classes=("tutor-advisor-game",))
        offered = situations(game)
        picked = calls if calls in {v for _, v in offered} else "other"
        self.situation = w.Dropdown(options=list(offered), value=picked, description="Auction",
                                    layout=w.Layout(width="auto", max_width="100%"),
                                    style=same.picker, _dom_classes=("tutor-advisor-situation",))
        # a layout of its own: shown only for "Other: type the calls"
        self.calls_text = w.Text(value=calls, placeholder=self._calls_example(),
                                 description="Calls before you", continuous_update=False,
                                 layout=w.Layout(width="auto", max_width="100%",
                                                 display=None if picked == "other" else "none"),
                                 style=same.field)
        self.samples = w.Dropdown(options=[8, 16, 24, 32, 48, 64],
                                  value=samples if samples in (8, 16, 24, 32, 48, 64) else 16,
                                  description="Deals", layout=same.layout, style=same.picker)
        self.advise_button = button("Advise", cls="tutor-advisor-go", style="primary", shared=same,
                                    tooltip="sample deals and solve each contract")
        self.position = html("", "tutor-advisor-position", shared=same)
        # the advice's progress bar, verdict, table and chart: made on the first Advise
        self._advice_area: AdviceArea | None = None
        row1 = w.HBox([self.game_pick, self.hand_text, self.deal_button], layout=same.wrap)
        row2 = w.HBox([self.situation, self.calls_text, self.samples, self.advise_button],
                      layout=same.wrap)
        style = html(str(style_html()) + WIDGET_CSS, "tutor-style", shared=same)
        self.box.children = [style, row1, row2, self.notice, self.position]
        self.deal_button.on_click(lambda _b: self.deal())
        self.advise_button.on_click(lambda _b: self.advise())
        self.game_pick.observe(lambda _c: self.game_changed(), names="value")
        self.situation.observe(lambda _c: self._situation_changed(), names="value")
        self.hand_text.observe(lambda _c: self.show_position(), names="value")
        self.calls_text.observe(lambda _c: self.show_position(), names="value")
        self._situation_changed()
        self.show_position()
        prewarm()  # the engine loads in the background while the learner reads

    # -- the advice's outputs, made on the first Advise --
    @property
    def area(self) -> AdviceArea:
        """The progress bar and the advice's outputs (made on first use: the page opens
        without them)."""
        if self._advice_area is None:
            self._advice_area = AdviceArea(self.same)
            self.box.children = (*self.box.children, *self._advice_area.widgets)
        return self._advice_area

    @property
    def progress(self) -> w.FloatProgress:
        return self.area.progress

    @property
    def progress_text(self) -> w.HTML:
        return self.area.progress_text

    @property
    def verdict(self) -> w.HTML:
        return self.area.verdict

    @property
    def table(self) -> w.HTML:
        return self.area.table

    @property
    def chart(self) -> w.HTML:
        return self.area.chart

    # -- hidden information --

    def hidden_cards(self) -> set[Card]:
        """Every card but the learner's own: the deal the advisor starts from is made up, and
        its other hands stay in Python."""
        try:
            hand = set(parse_hand(self.hand_text.value, self.game_id))
        except (NotationError, RecordError):
            hand = set()
        return {CARDS[c] for c in range(N_CARDS) if c not in hand}

    # -- events --
    @property
    def decisions(self) -> DecisionGame:
        """The game's part in the decision quizzes: its situations and rules of thumb."""
        return decision_game(self.game_id)

    @guarded
    def deal(self) -> None:
        cards = self.rng.sample(range(N_CARDS), _table(self.game_id).info.hand_size)
        self.hand_text.value = " ".join(CARDS[c].text for c in sorted(cards))
        self.clear_notice()

    @guarded
    def game_changed(self) -> None:
        """Advise on the game picked (a forged value is refused, QUIZ-3): the hand stays (both
        games deal 11 cards from one deck), the auction starts again from forehand's turn, and
        the last advice goes."""
        value = self.game_pick.value
        if self._quiet or value == self.game_id:
            return
        try:
            decision_game(value)
        except Exception:
            self._set_quietly(self.game_pick, "value", self.game_id)
            raise
        self.game_id = value
        self.advice = None
        self.stop = ""
        with self.box.hold_sync():
            self._set_quietly(self.situation, "options", list(situations(value)))
            self._set_quietly(self.situation, "value", "")
            self.calls_text.placeholder = self._calls_example()
            if self._advice_area is not None:
                self._advice_area.clear()
        self._situation_changed()
        self.show_position()

    def _set_quietly(self, widget: Any, name: str, value: object) -> None:
        self._quiet = True
        try:
            setattr(widget, name, value)
        finally:
            self._quiet = False

    def _calls_example(self) -> str:
        """``e.g. solo pass``: the first situation of the game where a bid stands."""
        calls = [c for _, c in self.decisions.situations if c and c.split()[0] != "pass"]
        return f"e.g. {max(calls, key=len) if calls else 'pass'}"

    def _situation_changed(self) -> None:
        if self._quiet:
            return
        value = self.situation.value
        custom = value == "other"
        self.calls_text.layout.display = None if custom else "none"
        if not custom:
            self.calls_text.value = value

    @guarded
    def show_position(self) -> None:
        """Draw the hand and the seat it sits at (or a notice if the input is not valid)."""
        if not self.hand_text.value.strip():
            self.position.value = ('<p class="st-root st-empty">Type a hand or press “Deal me a '
                                   "hand”.</p>")
            return
        view = self.view()
        self.position.value = self._position_html(view)
        self.clear_notice()
        self.audit()

    def view(self) -> SeatView:
        """The learner's view: the hand at the seat to speak after the chosen calls."""
        hand = parse_hand(self.hand_text.value, self.game_id)
        calls = parse_calls(self.calls_text.value, self.game_id)
        state = position_for(calls, hand, rng=random.Random(self.rng.getrandbits(31)),
                             game=self.game_id)
        seat = state.to_move
        assert seat is not None
        return state.view(seat)

    @guarded
    def advise(self) -> Advice | None:
        """Run the advisor with a progress bar; the table fills in after every batch."""
        view = self.view()
        self.position.value = self._position_html(view)
        self.clear_notice()
        samples = int(self.samples.value)
        seed = self.rng.getrandbits(31)
        self.progress.value = 0.0
        self.progress.bar_style = ""
        self.progress_text.value = self._progress_words(0, samples)
        self.table.value = ""
        self.chart.value = ""
        # at once, while the deals are sampled: what the rules of thumb make of the hand
        self.verdict.value = first_look_html(view)
        self.advise_button.disabled = True
        try:
            # the solver is loaded on the first Advise, not when the page opens
            warm_up(lambda text: setattr(self.progress_text, "value", self._status(text)))
            preload("matplotlib.figure")  # for the chart, while the deals are solved
            last: Advice | None = None
            stop = ""
            # with processes, one deal per task: the first batch is shared by both cores
            chunk = 1 if self.executor is not None else 4
            # anytime: stop once the best call is clear beyond every 95% interval (the bid
            # quiz's criterion: more deals would only narrow intervals already apart), or before
            # a batch that would overrun the time budget
            for step in advise_within(view, samples, seed, budget=self.budget,
                                      clear=clear_after(MIN_SAMPLES, view.legal),
                                      executor=self.executor, first=self.first, chunk=chunk,
                                      min_samples=MIN_SAMPLES, least=LEAST):
                last, stop = step.advice, step.stop
                with self.box.hold_sync():
                    self.progress.value = 1.0 if stop else last.fraction
                    self.progress_text.value = self._progress_words(
                        last.worlds, samples, last.seconds, stop)
                    self.table.value = advice_table(last)
                    self.verdict.value = self._verdict_html(last, bool(stop))
            assert last is not None
            self.advice = last
            self.stop = stop
            self.progress.bar_style = "success"  # finished; the words say on how many deals
            self.chart.value = advice_chart(last)
        finally:
            self.advise_button.disabled = False
            self.audit()
        return self.advice

    # -- drawing --
    def _position_html(self, view: SeatView) -> str:
        facing = [t for _, t in view.calls if t != "pass"]
        words = spec(view.game).presentation
        standing = words.contract_name(facing[-1]) if facing else "none"
        facts = [("You are", seat_label(view.seat, view.active, view.dealer, game=view.game)),
                 ("Calls so far", ", ".join(f"seat {s}: {t}" for s, t in view.calls) or "none"),
                 ("Standing bid", standing)]
        return ('<div class="st-root">' + facts_html(facts)
                + hand_svg(view.hand, width=56, label="your hand") + "</div>")

    @staticmethod
    def _status(text: str) -> str:
        return f'<span class="st-root" role="status" aria-live="polite">{esc(text)}</span>'

    def _progress_words(self, done: int, total: int, seconds: float = 0.0,
                        stop: str = "") -> str:
        """How far sampling went — and, when it stopped early, why and on how many deals the
        figures rest (the learner must know how wide the intervals are likely to be)."""
        t = "" if not seconds else (" · under 0.1 s" if seconds < 0.05 else f" · {seconds:.1f} s")
        why = {"clear": " — stopped: the best call is already clear",
               "budget": f" — stopped at the {self.budget:g}-second budget: the figures rest on "
                         f"{'this deal' if done == 1 else f'these {done} deals'}"}
        return self._status(f"{done} of {total} deals solved{t}{why.get(stop, '')}")

    @staticmethod
    def _verdict_html(advice: Advice, clear: bool = False) -> str:
        head = "Verdict" if advice.done or clear else "First estimate"
        read = f'<br><small>{esc(advice.reading)}</small>' if advice.reading else ""
        return (f'<p class="st-root st-verdict" role="status"><strong>{head}:</strong> '
                f"{esc(verdict(advice))}{read}</p>")


__all__ = ["OTHER", "WIDGET_CSS", "AdvisorPanel", "advice_chart", "advice_table", "first_look",
           "parse_calls", "parse_hand", "position_for", "situations", "verdict"]
