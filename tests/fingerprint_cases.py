"""Six-Bid Solo's seeded behaviour, case by case, as fingerprints (``tests/test_fingerprints.py``).

Each case computes, through the public APIs, what a user of Six-Bid Solo gets from fixed seeds:
the deals, random legal play, the sampler's worlds, the bots' moves, the play table, the lessons'
deals and the quizzes. A case returns *parts* (JSON-able data, stored only as SHA-256 digests of
their canonical JSON) and *spots* (a few readable values stored as they are, so a failure says
what moved). ``python tests/make_fingerprints.py`` writes them to ``tests/fingerprints.json``.

Random choices among legal actions are made in the order of their record tokens, not of the
action numbers, so a new numbering of actions leaves the play unchanged; the order of
``legal_actions`` itself is pinned by a part of its own (``legal_order``). Bots choose among
``view.legal`` as they always have.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import tutor
from tutor.bots import make_bot
from tutor.bots.arena import duplicate_deal
from tutor.cards import Card, Suit
from tutor.engine.match import Match, cut_for_dealer
from tutor.engine.sampler import Sampler
from tutor.games.tapp import random_playout
from tutor.quiz import KINDS, generate, generate_decision

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).with_name("fingerprints.json")
FORMAT = "solo-tutor-fingerprints/1"


def table_classes() -> tuple[Any, Any]:
    """``TableGame`` and ``TablePimc``: the one line that says where the play table lives."""
    from tutor.bots.table_bot import TablePimc
    from tutor.play.session import TableGame

    return TableGame, TablePimc


def lesson_widgets() -> tuple[Any, Any]:
    """``CutForDealer``'s engine function and ``DealStepper``, the lessons' seeded deals."""
    from tutor.widgets.deal import DealStepper

    return cut_for_dealer, DealStepper


# --- fingerprints -------------------------------------------------------------------------------
@dataclass
class Fingerprint:
    """What one case computed: parts (hashed) and spots (kept readable)."""

    parts: dict[str, Any] = field(default_factory=dict)
    spots: dict[str, Any] = field(default_factory=dict)


def plain(x: Any) -> Any:
    """``x`` as JSON-native data: cards as text, suits as letters, sets sorted."""
    if isinstance(x, Card):
        return x.text
    if isinstance(x, Suit):
        return x.letter
    if isinstance(x, Mapping):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (set, frozenset)):
        return sorted(plain(v) for v in x)
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x


def digest(payload: Any) -> str:
    """SHA-256 of the canonical JSON of ``payload`` (keys sorted, no spaces)."""
    text = json.dumps(plain(payload), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stored(fp: Fingerprint) -> dict[str, Any]:
    """A fingerprint as the data file keeps it."""
    return {"parts": {k: digest(v) for k, v in sorted(fp.parts.items())},
            "spots": plain(fp.spots)}


CASES: dict[str, Callable[[], Fingerprint]] = {}


def case(name: str) -> Callable[[Callable[[], Fingerprint]], Callable[[], Fingerprint]]:
    def register(fn: Callable[[], Fingerprint]) -> Callable[[], Fingerprint]:
        assert name not in CASES, name
        CASES[name] = fn
        return fn
    return register


# --- driving a deal by record tokens ------------------------------------------------------------
def pick(state: Any, rng: random.Random) -> int:
    """A uniformly random legal action, drawn in the order of the actions' record tokens."""
    actions = state.legal_actions()
    tokens = state.legal_tokens()
    order = sorted(range(len(actions)), key=lambda i: (tokens[i] is None, tokens[i] or ""))
    return int(actions[order[int(rng.random() * len(order))]])


def apply_token(state: Any, token: str | None) -> None:
    """Apply the legal action whose record token is ``token`` (checked)."""
    tokens = state.legal_tokens()
    state.apply(state.legal_actions()[tokens.index(token)])


def deal_part(record: Mapping[str, Any]) -> dict[str, Any]:
    return {"dealer": record["dealer"], "hands": record["hands"], "widow": record["widow"]}


#: The option sets of the conformance test (tests/test_conformance.py).
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"players": 4},
    {"players": 5},
    {"players": 5, "five_player_sitout": "next_dealer"},
    {"players": 5, "five_player_sitout": "second_next_dealer", "solo_trump": "any"},
    {"misere": "no_card_points", "spread_expose": "after_opening_lead"},
    {"spread_expose": "after_both_defenders", "call_solo_order": "trump_first"},
    {"solo_trump": "any", "misere": "no_card_points"},
)


def options_name(options: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"


CONTRACT_CALLS = ("solo", "heart-solo", "misere", "guarantee-solo", "spread-misere", "call-solo")


def first_lead(options: Mapping[str, Any], seed: int, dealer: int) -> Any:
    """A seeded deal at its first lead: forehand bids contract ``seed`` mod 6, the others pass,
    the declaration is drawn at random (seeded)."""
    state = tutor.SixBidSolo(dict(options)).new_deal(seed, dealer)
    apply_token(state, CONTRACT_CALLS[seed % len(CONTRACT_CALLS)])
    while state.phase == "auction":
        apply_token(state, "pass")
    rng = random.Random(seed)
    while state.phase == "declare":
        state.apply(pick(state, rng))
    return state


# --- the fixed positions the sampler and the bots are asked about ------------------------------
@dataclass(frozen=True)
class Spot:
    """A fixed position: a seeded deal, scripted calls, then ``declare`` seeded random
    declaration steps (None: all of them) and ``cards`` seeded random cards."""

    name: str
    options: Mapping[str, Any]
    seed: int
    dealer: int
    calls: tuple[str, ...]
    cards: int = 0
    declare: int | None = None

    def state(self) -> Any:
        state = tutor.SixBidSolo(dict(self.options)).new_deal(self.seed, self.dealer)
        for token in self.calls:
            apply_token(state, token)
        rng = random.Random(self.seed)
        steps = 0
        while state.phase == "declare" and (self.declare is None or steps < self.declare):
            state.apply(pick(state, rng))
            steps += 1
        for _ in range(self.cards):
            state.apply(pick(state, rng))
        return state


SPOTS: tuple[Spot, ...] = (
    Spot("auction-open", {}, 1, 2, ()),
    Spot("auction-strong-solo", {}, 2, 2, ()),
    Spot("auction-strong-heart", {}, 10, 2, ()),
    Spot("auction-strong-club", {}, 15, 2, ()),
    Spot("auction-over-solo", {}, 2, 0, ("solo",)),
    Spot("auction-endhand", {}, 3, 1, ("pass", "solo")),
    Spot("declare-solo", {}, 4, 2, ("solo", "pass", "pass"), declare=0),
    Spot("declare-guarantee", {}, 16, 0, ("guarantee-solo", "pass", "pass"), declare=0),
    Spot("declare-call-solo", {}, 5, 2, ("call-solo", "pass", "pass"), declare=0),
    Spot("declare-call-solo-give", {}, 18, 2, ("call-solo", "pass", "pass"), declare=1),
    Spot("declare-call-solo-trump-first", {"call_solo_order": "trump_first"}, 17, 1,
         ("call-solo", "pass", "pass"), declare=0),
    Spot("solo-lead", {}, 6, 2, ("solo", "pass", "pass"), 0),
    Spot("solo-mid", {}, 7, 0, ("solo", "pass", "pass"), 10),
    Spot("heart-solo-mid", {}, 8, 1, ("pass", "heart-solo", "pass"), 4),
    Spot("misere-mid", {}, 9, 2, ("misere", "pass", "pass"), 7),
    Spot("guarantee-late", {}, 10, 2, ("guarantee-solo", "pass", "pass"), 20),
    Spot("spread-misere", {"spread_expose": "after_opening_lead"}, 11, 2,
         ("pass", "pass", "spread-misere"), 2),
    Spot("call-solo-mid", {}, 12, 2, ("call-solo", "pass", "pass"), 5),
    Spot("call-solo-trump-first", {"call_solo_order": "trump_first"}, 13, 1,
         ("pass", "call-solo", "pass"), 8),
    Spot("four-players", {"players": 4}, 14, 3, ("solo", "pass", "pass"), 6),
    Spot("five-players", {"players": 5, "five_player_sitout": "next_dealer"}, 15, 4,
         ("pass", "solo", "pass"), 9),
)


def spot_states() -> Iterator[tuple[Spot, Any]]:
    for spot in SPOTS:
        yield spot, spot.state()


#: Positions deep in the play, where the cards played show voids: every contract, trick 3 to 10.
DEEP_SPOTS: tuple[Spot, ...] = tuple(
    Spot(f"deep-{seed}", {"solo_trump": "any"} if seed % 5 == 4 else {}, 100 + seed, seed % 3,
         (CONTRACT_CALLS[seed % 6], "pass", "pass"), 8 + (seed * 5) % 22)
    for seed in range(36))


# --- deals ----------------------------------------------------------------------------------------
def _deals(options: Mapping[str, Any]) -> Fingerprint:
    game = tutor.SixBidSolo(dict(options))
    deals = []
    for seed in range(20):
        for dealer in range(game.players):
            deals.append(deal_part(tutor.record_of(game.new_deal(seed, dealer))))
    # a Random carried over several deals, as a match and the table deal
    rng = random.Random(2026)
    carried = [deal_part(tutor.record_of(game.new_deal(rng, d % game.players)))
               for d in range(6)]
    return Fingerprint({"seeded": deals, "carried": carried},
                       {"seed 0 dealer 0": deals[0], "carried 0 widow": carried[0]["widow"]})


for _options in ({}, {"players": 4}, {"players": 5},
                 {"players": 5, "five_player_sitout": "next_dealer"},
                 {"players": 5, "five_player_sitout": "second_next_dealer"}):
    case(f"deals[{options_name(_options)}]")(lambda o=_options: _deals(o))


# --- random legal play ----------------------------------------------------------------------------
def _playouts(options: Mapping[str, Any]) -> Fingerprint:
    game = tutor.SixBidSolo(dict(options))
    records, legal, chips, contracts = [], [], [], []
    for seed in range(60):
        rng = random.Random(seed)
        state = game.new_deal(rng, seed % game.players)
        order = []
        while not state.is_terminal():
            order.append(state.legal_tokens())
            state.apply(pick(state, rng))
        records.append(tutor.record_of(state))
        legal.append(order)
        chips.append(state.chips())
        contracts.append(tutor.replay(records[-1])["contract"])
    return Fingerprint(
        {"records": records, "legal_order": legal, "chips": chips},
        {"seed 0 calls": records[0]["calls"], "seed 0 chips": chips[0],
         "contracts": contracts[:12]})


def _fast_playouts(options: Mapping[str, Any]) -> Fingerprint:
    """``random_playout`` (the unchecked fast path of the bots and the benchmarks) from the
    first lead of scripted deals."""
    records, described = [], []
    for seed in range(24):
        state = first_lead(options, seed, seed % 3)
        random_playout(state, random.Random(seed))
        records.append(tutor.record_of(state))
        described.append(tutor.replay(records[-1]))
    return Fingerprint({"records": records, "described": described},
                       {"seed 0 play": records[0]["play"][:6],
                        "chips": [d["chips"] for d in described[:6]]})


for _options in OPTION_SETS:
    case(f"playouts[{options_name(_options)}]")(lambda o=_options: _playouts(o))
case("fast-playouts[default]")(lambda: _fast_playouts({}))
case("fast-playouts[misere=no_card_points]")(lambda: _fast_playouts({"misere": "no_card_points"}))


# --- the sampler ----------------------------------------------------------------------------------
def _sampler(spots: Sequence[Spot]) -> Fingerprint:
    counts, worlds = {}, {}
    for spot in spots:
        state = spot.state()
        for seat in state.active:
            view = state.view(seat)
            sampler = Sampler(view)
            key = f"{spot.name}/{seat}"
            counts[key] = sampler.count()
            worlds[key] = [deal_part(tutor.record_of(w)) | {"declare": w.record().get("declare")}
                           for w in sampler.worlds(4, 100 + seat)]
    first = next(iter(counts))
    return Fingerprint({"counts": counts, "worlds": worlds},
                       {"count " + first: counts[first],
                        "world 0 " + first: worlds[first][0]["widow"]})


case("sampler")(lambda: _sampler(SPOTS))
case("sampler[deep]")(lambda: _sampler(DEEP_SPOTS))


# --- the bots -------------------------------------------------------------------------------------
def _bot_moves(kind: str, spots: Sequence[Spot] = SPOTS, **bot_options: Any) -> Fingerprint:
    moves, reasons, worlds = {}, {}, {}
    for spot in spots:
        state = spot.state()
        bot = make_bot(kind, 1000 + spot.seed, **bot_options)
        action, reason = bot.act(state.view(state.to_move))
        moves[spot.name] = state.token(action)
        reasons[spot.name] = reason
        # the PIMC bot's worlds per card choice: pins its stopping rule and node guard
        worlds[spot.name] = [getattr(bot, "worlds_used", None), getattr(bot, "guard_stops", None)]
    return Fingerprint({"moves": moves, "reasons": reasons, "worlds": worlds}, {"moves": moves})


case("bots[random]")(lambda: _bot_moves("random", SPOTS + DEEP_SPOTS))
case("bots[rule]")(lambda: _bot_moves("rule", SPOTS + DEEP_SPOTS))
case("bots[pimc]")(lambda: _bot_moves("pimc", SPOTS + DEEP_SPOTS))  # the arena's sizing
case("bots[pimc-small]")(lambda: _bot_moves("pimc", worlds=2, max_worlds=2, bid_samples=4))


@case("advisor")
def _advisor() -> Fingerprint:
    """``tutor.advise`` on the auction spots (the time it took left out)."""
    out = {}
    for spot, state in spot_states():
        if state.phase == "auction":
            advice = tutor.advise(tutor.record_of(state), 12, spot.seed)
            out[spot.name] = {k: v for k, v in advice.items() if k != "seconds"}
    return Fingerprint({"advice": out}, {k: v["advice"] for k, v in out.items()})


@case("solver")
def _solver() -> Fingerprint:
    """``tutor.solve`` (double-dummy values after each legal card) on the play spots and on
    the first lead of seeded deals in every contract."""
    out = {}
    for spot, state in spot_states():
        if state.phase == "play":
            out[spot.name] = tutor.solve(tutor.record_of(state))
    for seed in range(12):
        state = first_lead({}, seed, 2)
        out[f"lead {seed}"] = tutor.solve(tutor.record_of(state))
    return Fingerprint({"solutions": out}, {k: v["value"] for k, v in out.items()})


@case("arena[rule-vs-random]")
def _arena() -> Fingerprint:
    results = [duplicate_deal("rule", "random", i, 2026) for i in range(2)]
    data = [{"chips_a": r.chips_a, "bidders": r.bidders, "contracts": r.contracts}
            for r in results]
    return Fingerprint({"deals": data}, {"scores": [r.score for r in results]})


@case("match[rule]")
def _match() -> Fingerprint:
    game = tutor.SixBidSolo()
    bots = [make_bot("rule", 50 + s) for s in range(3)]
    match = Match(game, rng=77, deals=3)
    match.play([b.act for b in bots])
    cut = match.cut
    return Fingerprint(
        {"results": [{"dealer": r.dealer, "record": r.record, "chips": r.chips}
                     for r in match.results],
         "cut": [cut.cards, cut.dealer] if cut else None},
        {"balances": match.balances, "first dealer": cut.dealer if cut else None})


# --- the play table -------------------------------------------------------------------------------
def _entries(log: Sequence[Any], state: Any) -> list[dict[str, Any]]:
    return [{"step": e.step, "seat": e.seat, "action": state.token(e.action), "text": e.text,
             "reason": e.reason, "learner": e.learner, "held_back": e.held_back} for e in log]


def _drive(table: Any, steps: int) -> None:
    """Up to ``steps`` actions: the learner's by the rule bot (seeded), the bots' their own."""
    learner = make_bot("rule", 4242)
    for _ in range(steps):
        if table.done:
            return
        if table.learner_to_move():
            table.act(learner.act(table.view)[0])
        else:
            table.bot_step()


def _table(kind: str, seed: int, steps: int) -> Fingerprint:
    TableGame, _ = table_classes()
    table = TableGame(seat=0, bot=kind, seed=seed, hint_worlds=4)
    first = tutor.record_of(table.state)
    _drive(table, steps)
    log = _entries(table.log, table.state)
    record = table.record()
    table.new_deal()
    second = tutor.record_of(table.state)
    table.start_match(3)
    match_deal = tutor.record_of(table.state)
    return Fingerprint(
        {"first_deal": deal_part(first), "log": log, "record": record,
         "next_deal": deal_part(second), "match_deal": deal_part(match_deal)},
        {"first hand": first["hands"][0], "actions": [e["action"] for e in log]})


case("table[random]")(lambda: _table("random", 3, 40))
case("table[rule]")(lambda: _table("rule", 5, 40))
case("table[pimc]")(lambda: _table("pimc", 8, 30))


@case("table[loaded-mid-play]")
def _table_loaded() -> Fingerprint:
    TableGame, _ = table_classes()
    record = json.loads((ROOT / "notebooks/table-deals/solo-mid-play.json").read_text())
    out: dict[str, Any] = {}
    for kind, steps in (("rule", 40), ("pimc", 12)):
        table = TableGame(seat=1, bot=kind, seed=21, hint_worlds=4)
        table.load(record, seat=1)
        _drive(table, steps)
        out[kind] = {"log": _entries(table.log, table.state), "record": table.record()}
    return Fingerprint(out, {"pimc plays": out["pimc"]["record"]["play"][-4:]})


@case("table-bot")
def _table_bot() -> Fingerprint:
    _, TablePimc = table_classes()
    moves, reasons = {}, {}
    for spot, state in spot_states():
        if spot.name not in ("auction-open", "auction-over-solo", "declare-solo", "solo-mid",
                             "misere-mid", "guarantee-late"):
            continue
        action, reason = TablePimc(300 + spot.seed, worlds=4).act(state.view(state.to_move))
        moves[spot.name] = state.token(action)
        reasons[spot.name] = reason
    return Fingerprint({"moves": moves, "reasons": reasons}, {"moves": moves})


# --- the lessons' deals and the quizzes -----------------------------------------------------------
@case("lesson-records")
def _lesson_records() -> Fingerprint:
    records, replays = {}, {}
    for folder in ("deals", "table-deals"):
        for path in sorted((ROOT / "notebooks" / folder).glob("*.json")):
            record = json.loads(path.read_text(encoding="utf-8"))
            if record["game"] != "six-bid-solo":  # Six-Bid Solo's lessons are pinned here
                continue
            key = f"{folder}/{path.stem}"
            records[key] = record
            replays[key] = tutor.replay(record)
    return Fingerprint({"records": records, "replays": replays},
                       {k: [v["contract"], v["chips"]] for k, v in replays.items()})


@case("lesson-replays")
def _lesson_replays() -> Fingerprint:
    """The worked-deal replay's steps (titles, commentary, rules) of Six-Bid Solo's lesson deals
    and golden records."""
    from tutor.widgets.replay import build_steps

    paths = [*sorted((ROOT / "notebooks" / "deals").glob("*.json")),
             *sorted(p for p in (ROOT / "tests" / "records").glob("*.json")
                     if not p.name.endswith(".expected.json"))]
    steps = {}
    for path in paths:
        record = json.loads(path.read_text(encoding="utf-8"))
        if record["game"] == "six-bid-solo":
            steps[f"{path.parent.name}/{path.stem}"] = [
                [s.title, list(s.words), list(s.rules), s.trick, s.result]
                for s in build_steps(record)]
    return Fingerprint({"steps": steps}, {k: v[-1][1][-2] for k, v in steps.items()
                                          if k.startswith("deals/")})


def _script(relative: str) -> ModuleType:
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@case("lesson-deal-scripts")
def _lesson_scripts() -> Fingerprint:
    """The deals the scripts of notebooks/deals and notebooks/table-deals find today (they no
    longer reproduce the committed records, made before the shuffle changed; the records are
    the source the lessons read)."""
    deals = _script("notebooks/deals/make_deals.py")
    with contextlib.redirect_stderr(io.StringIO()):  # the script reports its search there
        made = {name: deals.make(name) for name in deals.PLANS}
    return Fingerprint({"records": made},
                       {k: [v["dealer"], v["widow"]] for k, v in made.items()})


@case("lesson-widgets")
def _lesson_widgets() -> Fingerprint:
    cut, DealStepper = lesson_widgets()
    cuts = {}
    for players, seed in ((3, 4), (4, 1), (5, 2)):
        c = cut(players, random.Random(seed))
        cuts[f"{players}/{seed}"] = [c.cards, c.dealer]
    steppers = {}
    for seed, dealer, players in ((11, 2, 3), (5, 0, 5), (0, 0, 3)):
        s = DealStepper(seed=seed, dealer=dealer, players=players)
        steppers[f"{seed}/{dealer}/{players}"] = {
            "deal": deal_part(tutor.record_of(s.engine_deal)), "cut_at": s.cut_at,
            "steps": [[text, rules, hands, widow, dealt]
                      for text, rules, hands, widow, dealt in s.steps]}
    return Fingerprint({"cuts": cuts, "steppers": steppers},
                       {"cut 3/4": cuts["3/4"], "stepper 11 widow":
                        steppers["11/2/3"]["deal"]["widow"]})


def _question(q: Any) -> dict[str, Any]:
    key = q.key()
    return {"public": q.public(), "answer": sorted(key.answer), "explanation": key.explanation,
            "rules": list(key.rules), "reasons": dict(key.reasons)}


@case("quiz")
def _quiz() -> Fingerprint:
    out = {f"{kind}#{seed}": _question(generate(kind, seed))
           for kind in KINDS for seed in range(40)}
    return Fingerprint({"questions": out},
                       {k: v["answer"] for k, v in out.items() if k.endswith("#0")})


@case("decision-quiz")
def _decisions() -> Fingerprint:
    out = {}
    for kind, seeds in (("bid-decision", range(5)), ("play-decision", range(3))):
        for seed in seeds:
            q = generate_decision(kind, seed)
            detail = {k: v for k, v in q.detail().items() if k != "advice_obj"}
            if "advice" in detail:
                detail["advice"] = {k: v for k, v in detail["advice"].items() if k != "seconds"}
            out[f"{kind}#{seed}"] = _question(q) | {"detail": detail}
    return Fingerprint({"questions": out}, {k: v["answer"] for k, v in out.items()})


def compute(names: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """The stored form of the named cases (all when ``names`` is None)."""
    return {name: stored(CASES[name]()) for name in (names or sorted(CASES))}


def load() -> dict[str, dict[str, Any]]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT, data["format"]
    cases: dict[str, dict[str, Any]] = data["cases"]
    return cases
