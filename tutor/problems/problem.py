"""A play problem as a hand record with a ``problem`` section: read, checked, written.

The hand record (``tutor-record/1``) holds the deal as dealt and the play up to the problem's
position; the ``problem`` section says who the learner is, what to reach, and what the solver
found. The README's "Play problems" section documents every key; in short::

    "problem": {
      "id": "sbs-07", "seat": 0, "goal": {"kind": "make"}, "level": 2,
      "title": "…", "hint": "…",
      "key": ["KS"],                               # the sure cards at the position
      "line": ["KS", "7S", "AS", …],               # the key play on, against the defence
      "alternatives": [{"card": "AS", "fails": 96, "counted": 1680,
                        "layout": {"1": […], "2": […], "widow": […]},
                        "play": ["AS", …], "value": 58}],
      "facts": {"layouts": 1680, "counted": 1680, "cards": 3, "failing": 2,
                "tempting": 0.94, "depth": 1, "spots": 2131},
      "writeup": [{"step": "goal", "text": "…"}, …]
    }

A problem set too early for the exact search (the first lead) is proven on a sample
(:mod:`tutor.problems.sampled`) and says so in one more key, ``sample``::

      "sample": {"seed": 81, "drawn": 24, "kept": "TS", "skipped": 3, "layouts": 27,
                 "makes": 590, "low": 0.9696, "rival": "AS", "rival_makes": 450,
                 "high": 0.7852}

Every breach is a :class:`~tutor.problems.goal.ProblemError` naming its rule (PRB-1 … PRB-9)
and its place (``problem.alternatives[0].layout.2[1]``); the hand record itself is replayed
first, so a bad deal or play is refused with its own REC or SBS rule. Checking that the key
cards are really sure and the alternatives really fail is the prover's work
(:mod:`tutor.problems.proof`); this module checks that the section is well formed and
consistent with the position.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.jsonio import plain
from ..engine.record import dumps as dump_record
from ..engine.record import state_of
from ..errors import TutorError
from ..games.tapp import CARD_TEXT, PLAY, TappState, parse_card
from .goal import Goal, ProblemError, goal_of
from .knowledge import WIDOW, Knowledge, Layout

SECTION = "problem"
LEVELS = (1, 2, 3)
STEPS = ("goal", "key", "line", "alternative", "cost")
KEYS = ("id", "seat", "goal", "level", "title", "hint", "key", "line", "alternatives", "facts",
        "writeup")
ALT_KEYS = ("card", "fails", "counted", "layout", "play", "value")
FACT_KEYS = ("layouts", "counted", "cards", "failing", "tempting", "depth", "spots")
#: the key a problem proven on a sample has besides :data:`KEYS`, and the keys it holds
SAMPLE = "sample"
SAMPLE_KEYS = ("seed", "drawn", "kept", "skipped", "layouts", "makes", "low", "rival",
               "rival_makes", "high")
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


@dataclass(frozen=True)
class Alternative:
    """A natural-looking card that fails: in ``fails`` of the ``counted`` layouts the goal is
    out of reach after it even with every card seen; ``layout`` is one of them (the cards each
    unseen slot holds at the position), ``play`` the cards from the position on in that layout
    (the alternative first, then best play by both sides) and ``value`` the bidder's final
    value there."""

    card: int
    fails: int
    counted: int
    layout: Layout
    play: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class Facts:
    """What the solver measured (the level is read from these, :mod:`tutor.problems.levels`).

    ``layouts`` consistent layouts, of which ``counted`` were examined (all of them when few
    enough, else a uniform sample); ``cards`` distinct legal cards at the position, of which
    ``failing`` are not sure; ``tempting`` the share of counted layouts in which the most
    successful failing card still reaches the goal (how rarely the guess is punished);
    ``depth`` the learner's decisions on the line at which a legal card loses; ``spots`` the
    positions the sure-line search visited to prove the key play."""

    layouts: int
    counted: int
    cards: int
    failing: int
    tempting: float
    depth: int
    spots: int


@dataclass(frozen=True)
class Sample:
    """How a problem set too early for the exact search was proven (:mod:`.sampled`).

    The defence chooses among ``layouts`` layouts: the deal's, each alternative's, and
    ``drawn`` drawn uniformly from ``seed`` among those in which the key card ``kept`` works
    with every card seen (``skipped`` drawn ones did not); the key line is sure over them. On
    the
    ``facts.counted`` fresh layouts (drawn from ``seed + 1``) the weakest key card reaches the
    goal with every card seen in ``makes``, its 95 % Clopper-Pearson interval reaching down to
    ``low``; the best other card, ``rival``, in ``rival_makes``, its interval up to ``high``
    (below ``low``: the key works in clearly more layouts)."""

    seed: int
    drawn: int
    kept: int
    skipped: int
    layouts: int
    makes: int
    low: float
    rival: int
    rival_makes: int
    high: float


@dataclass(frozen=True)
class Step:
    """One step of the write-up: its kind (:data:`STEPS`) and its words."""

    step: str
    text: str


@dataclass(frozen=True)
class Problem:
    """A checked problem: the hand record, the position it reaches, and its section."""

    record: Mapping[str, Any]
    state: TappState
    id: str
    seat: int
    goal: Goal
    level: int
    title: str
    hint: str
    key: tuple[int, ...]
    line: tuple[int, ...]
    alternatives: tuple[Alternative, ...]
    facts: Facts
    writeup: tuple[Step, ...]
    sample: Sample | None = None

    @property
    def game(self) -> str:
        return str(self.record["game"])

    def knowledge(self) -> Knowledge:
        """What the learner knows at the position."""
        return Knowledge.of_view(self.state.view(self.seat))

    def menu(self) -> list[Layout] | None:
        """The layouts the defence chooses among (a problem proven on a sample), or None (it
        may choose any consistent layout)."""
        from .sampled import dealt_layout, menu_layouts, works_after  # the solver: on use

        if self.sample is None:
            return None
        k = self.knowledge()
        x = self.sample
        keep = works_after(self.state, self.seat, self.goal, x.kept)
        menu, _ = menu_layouts(k, dealt_layout(self.state, k),
                               [a.layout for a in self.alternatives], x.seed, x.drawn, keep)
        return menu

    def as_record(self) -> dict[str, Any]:
        """The hand record with its ``problem`` section (JSON-ready)."""
        k = self.knowledge()
        section: dict[str, Any] = {
            "id": self.id, "seat": self.seat, "goal": self.goal.as_dict(), "level": self.level,
            "title": self.title, "hint": self.hint,
            "key": [CARD_TEXT[c] for c in self.key],
            "line": [CARD_TEXT[c] for c in self.line],
            "alternatives": [{
                "card": CARD_TEXT[a.card], "fails": a.fails, "counted": a.counted,
                "layout": layout_json(k, a.layout),
                "play": [CARD_TEXT[c] for c in a.play], "value": a.value}
                for a in self.alternatives],
            "facts": {"layouts": self.facts.layouts, "counted": self.facts.counted,
                      "cards": self.facts.cards, "failing": self.facts.failing,
                      "tempting": self.facts.tempting, "depth": self.facts.depth,
                      "spots": self.facts.spots},
            "writeup": [{"step": s.step, "text": s.text} for s in self.writeup],
        }
        if self.sample is not None:
            x = self.sample
            section[SAMPLE] = {"seed": x.seed, "drawn": x.drawn, "kept": CARD_TEXT[x.kept],
                               "skipped": x.skipped, "layouts": x.layouts,
                               "makes": x.makes, "low": x.low, "rival": CARD_TEXT[x.rival],
                               "rival_makes": x.rival_makes, "high": x.high}
        return {**{k_: v for k_, v in self.record.items() if k_ != SECTION}, SECTION: section}


def slot_name(slot: int) -> str:
    """A slot as a layout key: the seat number, or ``widow``."""
    return "widow" if slot == WIDOW else str(slot)


def layout_json(k: Knowledge, layout: Layout) -> dict[str, list[str]]:
    """A layout as the record writes it: ``{"1": ["AS", …], "2": […], "widow": […]}``."""
    from ..games.tapp import mask_cards

    return {slot_name(s): [CARD_TEXT[c] for c in mask_cards(m)]
            for s, m in zip(k.slots, layout, strict=True)}


def dumps(record: Mapping[str, Any]) -> str:
    """A problem record as JSON text: the hand record as :func:`tutor.engine.record.dumps`
    writes it, then the ``problem`` section."""
    head = dump_record({k: v for k, v in record.items() if k != SECTION}).rstrip().rstrip("}")
    body = json.dumps(record[SECTION], ensure_ascii=False, indent=2).replace("\n", "\n  ")
    # a list of cards on one line, as the hand record writes a hand
    body = _CARD_LIST.sub(lambda m: "[" + ", ".join(re.findall(r'"[^"]*"', m.group(0))) + "]",
                          body)
    body = re.sub(r'\{\s+"kind": ("[a-z-]+")\s+\}', r'{"kind": \1}', body)
    return head.rstrip() + f',\n  "{SECTION}": {body}\n}}\n'


_CARD_LIST = re.compile(r'\[\s*(?:"[0-9A-Z]{2}",?\s*)+\]')


# --- reading and checking -----------------------------------------------------------------
def _fail(rule: str, detail: str, where: str, what: object = None) -> ProblemError:
    return ProblemError(rule, detail, where=where,
                        what="" if what is None else (what if isinstance(what, str)
                                                      else json.dumps(what, ensure_ascii=False)))


def _cards(data: object, where: str) -> list[int]:
    if not isinstance(data, list):
        raise _fail("PRB-1", "a list of cards", where)
    out = []
    for i, text in enumerate(data):
        try:
            out.append(parse_card(text, f"{where}[{i}]"))
        except TutorError as e:
            raise _fail("PRB-1", f"not a card ({e.rule}: {e.detail})", f"{where}[{i}]",
                        text) from None
    return out


def _int(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> int:
    v = data.get(key)
    if type(v) is not int or not low <= v <= high:
        raise _fail("PRB-1", f"a whole number {low}..{high}", f"{where}.{key}", v)
    return v


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    v = data.get(key)
    if not isinstance(v, str) or not v.strip() or len(v) > 4000:
        raise _fail("PRB-1", "a text of 1 to 4000 characters", f"{where}.{key}", v)
    return v


def _exact_keys(data: object, keys: Sequence[str], where: str,
                optional: Sequence[str] = ()) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _fail("PRB-1", "an object", where)
    for key in keys:
        if key not in data:
            raise _fail("PRB-1", "required key missing", f"{where}.{key}")
    for key in data:
        if key not in keys and key not in optional:
            raise _fail("PRB-1", "unknown key", f"{where}.{key}")
    return data


def _layout(data: object, k: Knowledge, where: str) -> Layout:
    names = [slot_name(s) for s in k.slots]
    data = _exact_keys(data, names, where)
    out = []
    for name in names:
        m = 0
        for c in _cards(data[name], f"{where}.{name}"):
            m |= 1 << c
        out.append(m)
    layout = tuple(out)
    if not k.fits(layout):
        raise _fail("PRB-6", "this layout does not fit what the learner has seen (the "
                    "unseen cards, each hand's size, the voids shown)", where)
    return layout


def _line(state: TappState, seat: int, cards: list[int], where: str,
          menu: Sequence[Layout] | None = None) -> None:
    """The learner's cards are legal from the learner's hand, the others' fit some layout
    (of the ``menu``, when the defence is held to one)."""
    from .sampled import SampleSearch  # the searches load the solver: on use
    from .sure import Start, SureSearch

    start = Start.of(state, seat, Goal("make", True, 0, "points"), menu=menu)
    search = SureSearch(start) if menu is None else SampleSearch(start)
    spot = start.spot
    for i, card in enumerate(cards):
        mover = search.to_move(spot)
        if mover == seat:
            if card not in search.legal(spot):
                raise _fail("PRB-5", "not a legal card of the learner's here (SBS-23)",
                            f"{where}[{i}]", CARD_TEXT[card])
            nxt = search.play(spot, seat, card)
        else:
            nxt = search.play(spot, mover, card)
        if nxt is None:
            raise _fail("PRB-5", f"seat {mover} cannot hold this card in any layout the "
                        "learner's view allows (SBS-23)", f"{where}[{i}]", CARD_TEXT[card])
        spot = nxt
        if not spot.hand and not spot.trick:
            if i != len(cards) - 1:
                raise _fail("PRB-5", "the deal is over before this card (SBS-25)",
                            f"{where}[{i + 1}]", CARD_TEXT[cards[i + 1]])
            return
    raise _fail("PRB-5", "the line stops before the last trick (SBS-25)", where)


def read(record: object) -> Problem:
    """A problem record → a checked :class:`Problem` (the hand record replayed, the section
    checked against the position; see the module docstring)."""
    from ..solver.search import question  # the solver (numba): when a problem is read
    from .sampled import dealt_layout, menu_layouts, works_after

    record = plain(record)  # plain JSON within the limits, or REC-1 (hostile input stops here)
    if not isinstance(record, Mapping):
        raise ProblemError("REC-1", "a record is a JSON object", where="record")
    if SECTION not in record:
        raise _fail("PRB-1", "required key missing", SECTION)
    hand = {k: v for k, v in record.items() if k != SECTION}
    state = state_of(hand)
    if not isinstance(state, TappState):
        raise _fail("PRB-2", "problems are set in the Tapp family's games", "game",
                    record.get("game"))
    where = SECTION
    data = _exact_keys(record[SECTION], KEYS, where, optional=(SAMPLE,))
    pid = data["id"]
    if not isinstance(pid, str) or not _ID.fullmatch(pid):
        raise _fail("PRB-1", "an id of lower-case letters, digits and dashes (1-40)",
                    f"{where}.id", pid)
    if state.phase != PLAY:
        raise _fail("PRB-2", "the record must stop in the play, at the problem's position "
                    "(SBS-22)", "play", state.phase)
    seat = data["seat"]
    if type(seat) is not int or seat not in state.active:
        raise _fail("PRB-2", "the learner's seat is an active seat", f"{where}.seat", seat)
    if state.to_move != seat:
        raise _fail("PRB-2", f"the learner must be to move at the position; seat "
                    f"{state.to_move} is", f"{where}.seat", seat)
    goal = goal_of(state, seat, data["goal"], question(state))
    level = data["level"]
    if type(level) is not int or level not in LEVELS:
        raise _fail("PRB-4", "the level is 1, 2 or 3", f"{where}.level", level)
    title = _text(data, "title", where)
    hint = _text(data, "hint", where)
    legal = state.legal_actions()
    key = _cards(data["key"], f"{where}.key")
    if not key:
        raise _fail("PRB-5", "at least one key card", f"{where}.key")
    for i, c in enumerate(key):
        if c not in legal:
            raise _fail("PRB-5", "a key card is a legal card at the position (SBS-23)",
                        f"{where}.key[{i}]", CARD_TEXT[c])
    if len(set(key)) != len(key):
        raise _fail("PRB-5", "a key card twice", f"{where}.key")
    line = _cards(data["line"], f"{where}.line")
    if not line or line[0] not in key:
        raise _fail("PRB-5", "the line starts with a key card", f"{where}.line[0]",
                    CARD_TEXT[line[0]] if line else None)
    k = Knowledge.of_view(state.view(seat))
    alts_in = data["alternatives"]
    if not isinstance(alts_in, list) or not alts_in:
        raise _fail("PRB-6", "at least one failing alternative", f"{where}.alternatives")
    alts = []
    for i, a in enumerate(alts_in):
        at = f"{where}.alternatives[{i}]"
        a = _exact_keys(a, ALT_KEYS, at)
        (card,) = _cards([a["card"]], f"{at}.card")
        if card not in legal or card in key:
            raise _fail("PRB-6", "an alternative is a legal card that is not a key card",
                        f"{at}.card", CARD_TEXT[card])
        counted = _int(a, "counted", at, 1, 10**12)
        fails = _int(a, "fails", at, 1, counted)
        layout = _layout(a["layout"], k, f"{at}.layout")
        play = _cards(a["play"], f"{at}.play")
        value = _int(a, "value", at, 0, 120)
        _check_play(state, seat, k, layout, play, value, f"{at}")
        if not play or play[0] != card:
            raise _fail("PRB-6", "the play starts with the alternative", f"{at}.play")
        alts.append(Alternative(card, fails, counted, layout, tuple(play), value))
    fd = _exact_keys(data["facts"], FACT_KEYS, f"{where}.facts")
    tempting = fd["tempting"]
    if not isinstance(tempting, int | float) or isinstance(tempting, bool) \
            or not 0 <= tempting <= 1:
        raise _fail("PRB-1", "a share 0..1", f"{where}.facts.tempting", tempting)
    facts = Facts(_int(fd, "layouts", f"{where}.facts", 1, 10**12),
                  _int(fd, "counted", f"{where}.facts", 1, 10**12),
                  _int(fd, "cards", f"{where}.facts", 2, 11),
                  _int(fd, "failing", f"{where}.facts", 1, 10),
                  float(tempting), _int(fd, "depth", f"{where}.facts", 1, 11),
                  _int(fd, "spots", f"{where}.facts", 0, 10**9))
    steps_in = data["writeup"]
    if not isinstance(steps_in, list) or not steps_in:
        raise _fail("PRB-7", "the write-up has at least one step", f"{where}.writeup")
    steps = []
    for i, s in enumerate(steps_in):
        at = f"{where}.writeup[{i}]"
        s = _exact_keys(s, ("step", "text"), at)
        if s["step"] not in STEPS:
            raise _fail("PRB-7", "a step is one of " + ", ".join(STEPS), f"{at}.step",
                        s["step"])
        steps.append(Step(s["step"], _text(s, "text", at)))
    sample = None
    if SAMPLE in data:
        if seat != state.bidder:
            raise _fail("PRB-9", "a problem proven on a sample is set in the bidder's seat (its "
                        "search lets the learner's side see the layout once the play tells "
                        "it)", f"{where}.seat", seat)
        sample = _sample(data[SAMPLE], facts, legal, key, f"{where}.{SAMPLE}")
    problem = Problem(record, state, pid, seat, goal, level, title, hint, tuple(key),
                      tuple(line), tuple(alts), facts, tuple(steps), sample)
    menu = None
    if sample is not None:
        k = problem.knowledge()
        keep = works_after(state, seat, goal, sample.kept)
        menu, skipped = menu_layouts(k, dealt_layout(state, k), [a.layout for a in alts],
                                     sample.seed, sample.drawn, keep)
        if skipped != sample.skipped:
            raise _fail("PRB-9", f"{skipped} drawn layouts are turned away",
                        f"{where}.{SAMPLE}.skipped", sample.skipped)
        if len(menu) != sample.layouts:
            raise _fail("PRB-9", f"the defence's layouts number {len(menu)}",
                        f"{where}.{SAMPLE}.layouts", sample.layouts)
    _line(state, seat, line, f"{where}.line", menu)
    return problem


def _sample(data: object, facts: Facts, legal: Sequence[int], key: Sequence[int],
            where: str) -> Sample:
    """The ``sample`` object: its shape (PRB-1), and its figures agreeing with each other and
    with the facts (PRB-9): the shares' intervals are the Clopper-Pearson ones of the counts,
    the rival is a legal card that is not a key card, and its interval lies below the key's."""
    from .sampled import clopper_pearson

    data = _exact_keys(data, SAMPLE_KEYS, where)
    counted = facts.counted
    seed = _int(data, "seed", where, 0, 2**31 - 1)
    drawn = _int(data, "drawn", where, 1, 1000)
    skipped = _int(data, "skipped", where, 0, 10**6)
    layouts = _int(data, "layouts", where, 1, 1000)
    (kept,) = _cards([data["kept"]], f"{where}.kept")
    if kept not in key:
        raise _fail("PRB-9", "the defence's layouts are kept for a key card",
                    f"{where}.kept", CARD_TEXT[kept])
    makes = _int(data, "makes", where, 0, counted)
    rival_makes = _int(data, "rival_makes", where, 0, counted)
    (rival,) = _cards([data["rival"]], f"{where}.rival")
    if rival not in legal or rival in key:
        raise _fail("PRB-9", "the rival is a legal card that is not a key card",
                    f"{where}.rival", CARD_TEXT[rival])
    bounds = {}
    for name, k, side in (("low", makes, 0), ("high", rival_makes, 1)):
        v = data[name]
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise _fail("PRB-1", "a share 0..1", f"{where}.{name}", v)
        want = round(clopper_pearson(k, counted)[side], 4)
        if v != want:
            raise _fail("PRB-9", f"the 95 % Clopper-Pearson bound of this count is {want}",
                        f"{where}.{name}", v)
        bounds[name] = float(v)
    if not bounds["high"] < bounds["low"]:
        raise _fail("PRB-9", "the key must work in clearly more layouts than the rival (its "
                    "interval above the rival's)", f"{where}.low", bounds["low"])
    if facts.counted >= facts.layouts:
        raise _fail("PRB-9", "a problem proven on a sample counts a sample of its layouts",
                    f"{where}", facts.counted)
    return Sample(seed, drawn, kept, skipped, layouts, makes, bounds["low"], rival, rival_makes,
                  bounds["high"])


def _check_play(state: TappState, seat: int, k: Knowledge, layout: Layout,
                play: list[int], value: int, where: str) -> None:
    """An alternative's play is the rest of the deal in its layout, every card legal, ending
    with the bidder's ``value``."""
    world = world_in(state, k, layout)
    for i, c in enumerate(play):
        if world.phase != PLAY or c not in world.legal_actions():
            raise _fail("PRB-6", "not a legal card in this layout (SBS-23)",
                        f"{where}.play[{i}]", CARD_TEXT[c])
        world.apply(c)
    if world.phase != "done":
        raise _fail("PRB-6", "the play stops before the last trick (SBS-25)", f"{where}.play")
    got = question_value(world)
    if got != value:
        raise _fail("PRB-6", f"the bidder ends with {got} in this play", f"{where}.value",
                    value)


def world_in(state: TappState, k: Knowledge, layout: Layout) -> TappState:
    """A copy of ``state`` with the unseen cards lying as ``layout`` (at the position)."""
    world = state.copy()
    world.hands = list(world.hands)
    for s, m in zip(k.slots, layout, strict=True):
        if s == WIDOW:
            world.widow = m
        else:
            world.hands[s] = m
    return world


def question_value(done: TappState) -> int:
    """The bidder's final value of a finished deal, as the solver counts it."""
    from ..solver.search import question

    return question(done).base


__all__ = ["LEVELS", "SAMPLE", "SECTION", "STEPS", "Alternative", "Facts", "Problem", "Sample",
           "Step", "dumps", "layout_json", "read", "slot_name", "world_in"]
