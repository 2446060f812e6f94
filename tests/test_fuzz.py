"""Every door a visitor or a file reaches, fuzzed with hypothesis (issue 24, docs/hardening.md).

- the command line: in-process (many inputs) and as a real process (a few: it is slow);
- ``tutor.replay``: hostile Python values — objects whose ``__eq__``/``__repr__`` raise, lists
  nested 100,000 deep, 5,000-digit numbers, text subclasses — inside real records;
- a record uploaded at the table (through the kernel-side guard, file contents as buffers);
- progress files (any bytes) and learners' names (any text, lone surrogates too);
- every trait of every lesson widget, set over the comm of a **real kernel** (one kernel for the
  whole test), plus forged custom messages, unknown methods and unknown comm ids;
- ``view`` and ``new_deal`` of every registered game (a game added later is fuzzed too).

Each asserts typed errors only (a :class:`~tutor.errors.TutorError`, exit status 1 or 2 with one
line), state unchanged when input is refused, and nothing sent to the page but notices and the
controls' true state. ``--hypothesis-show-statistics`` prints how many inputs each tried;
``TUTOR_FUZZ_SCALE=10`` multiplies every test's number of inputs (docs/hardening.md gives the
figures of such a run).
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest_lesson import REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sbs import BASE

import tutor
from tutor.__main__ import main
from tutor.engine.jsonio import MAX_BYTES, MAX_DEPTH
from tutor.engine.record import parse, state_of
from tutor.errors import TutorError
from tutor.games import SPECS
from tutor.quiz import Progress, QuizError, progress_path

#: ``TUTOR_FUZZ_SCALE=10``: ten times the inputs (a longer run than ``make test``'s)
SCALE = max(1, int(os.environ.get("TUTOR_FUZZ_SCALE", "1")))
DEALS = sorted((REPO / "notebooks" / "deals").glob("*.json"))
#: a rule id of any game or room: REC-1, SBS-16a, SBS-V2, FR-4, CS-12, SS-1, QUIZ-5, PAGE-2
RULE = re.compile(r"\b[A-Z]+-V?\d+[a-z]?\b")


# --- hostile values -------------------------------------------------------------------------------
class Hostile:
    """Every comparison, hash and text of it raises."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    __str__ = __repr__

    def __len__(self) -> int:
        raise RuntimeError("len")


class HostileText(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        raise RuntimeError("repr")


class HostileInt(int):
    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __index__(self) -> int:
        raise RuntimeError("index")


class HostileList(list):  # type: ignore[type-arg]
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("iter")


def nested(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
           | st.sampled_from([99, -1, 3, 7, 2**31, -(2**63)])
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
           | st.sampled_from(["abc", "yes", "", "0", "AS", "10♥", "pass", "solo", "S", "\x00",
                              "<script>", "ada\ud800"])
           | st.integers(4990, 5010).map(lambda n: "x" * n))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=8)
python_values = json_values | st.sampled_from([
    "HOSTILE", "TEXT", "INT", "LIST", "NAN", "INF", "BYTES", "SET", "TUPLE", "DEEP", "DEEP20",
    "HUGE", "OBJECT"]).map(lambda tag: {
        "HOSTILE": Hostile, "TEXT": lambda: HostileText("AS"), "INT": lambda: HostileInt(2),
        "LIST": lambda: HostileList(["AS"]), "NAN": lambda: float("nan"),
        "INF": lambda: float("inf"), "BYTES": lambda: b"AS", "SET": lambda: {"AS"},
        "TUPLE": lambda: ("AS", "TS"), "DEEP": lambda: nested(100_000),
        "DEEP20": lambda: nested(MAX_DEPTH), "HUGE": lambda: 10**5000, "OBJECT": object,
    }[tag]())
KEYS = ["format", "game", "options", "dealer", "hands", "widow", "calls", "declare", "play"]


@st.composite
def records(draw: st.DrawFn, values: st.SearchStrategy[Any] = json_values) -> Any:
    """A real record (the lessons' deals and hand-record.md's), with keys dropped, replaced or
    an item inside replaced by ``values``."""
    base = draw(st.sampled_from([BASE, *(json.loads(p.read_text()) for p in DEALS[:6])]))
    record: dict[str, Any] = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*KEYS, "extra"]))
        how = draw(st.sampled_from(["drop", "replace", "inner"]))
        if how == "drop":
            record.pop(key, None)
        elif how == "replace":
            record[key] = draw(values)
        elif isinstance(record.get(key), list) and record[key]:
            items = record[key]
            items[draw(st.integers(0, len(items) - 1))] = draw(values)
    return record


#: Text a file may hold: real records and their mutations, bytes, and the issue's shapes.
documents = st.one_of(
    records().map(lambda r: json.dumps(r, ensure_ascii=False).encode("utf-8", "surrogatepass")),
    st.binary(max_size=300),
    st.integers(1, 5000).map(lambda n: b"[" * n + b"]" * n),
    st.integers(1, 3000).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
    st.integers(1, 6000).map(lambda n: b'{"format": "tutor-record/1", "dealer": '
                             + b"9" * n + b"}"),
    st.sampled_from([b'{"dealer": 7, "dealer": 2}', b'{"dealer": NaN}', b"1e999", b"\xef\xbb\xbf{}",
                     b'"\\ud800"', b"\x00" * 10, b"{" * 10, b"[1,2]", b"null", b'{"x": -0}']),
    st.integers(MAX_BYTES - 2, MAX_BYTES + 2).map(lambda n: b"{" + b" " * (n - 2) + b"}"),
)


def typed_line(text: str) -> None:
    """One error line naming a rule, not a traceback, not a 10 MB line."""
    assert text.count("\n") <= 1 and "Traceback" not in text and len(text) < 600, text[:300]
    assert RULE.search(text), text


# --- the command line ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def run_main(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as e:  # argparse: usage errors
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=documents)
def test_fuzz_cli_replay_in_process(scratch: Path, content: bytes) -> None:
    path = scratch / "record.json"
    path.write_bytes(content)
    code, out, err = run_main("replay", str(path))
    if code == 0:
        assert err == "" and json.loads(out)["phase"] in ("auction", "declare", "play", "done")
    else:
        assert code == 1 and out == ""
        typed_line(err)


flag_values = st.one_of(st.text(max_size=12), st.integers(-(10**15), 10**15).map(str),
                        st.integers(1, 6000).map(lambda n: "9" * n),
                        st.sampled_from(["0", "1001", "-1", "4294967296", "1e3", "0x10", " 5",
                                         "٣", "+7", ""]))


@settings(max_examples=60 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(samples=flag_values, seed=flag_values)
def test_fuzz_cli_flags_in_process(scratch: Path, samples: str, seed: str) -> None:
    path = scratch / "played.json"
    path.write_text(json.dumps(BASE))  # stopped in the play: the advisor refuses it (SBS-13)
    # ``--flag=value``: the value reaches the CLI's own check whatever it starts with (given
    # apart, a value like ``-:`` reads as another flag: argparse's usage error, tested below)
    code, out, err = run_main("advise", str(path), f"--samples={samples}", f"--seed={seed}")
    assert out == "" and "Traceback" not in err and len(err) < 1200
    if code == 2:
        assert "is not a whole number from" in err
    else:
        assert code == 1 and "SBS-13" in err and err.count("\n") == 1


def test_cli_a_flag_value_that_reads_as_a_flag(scratch: Path) -> None:
    path = scratch / "played.json"
    path.write_text(json.dumps(BASE))
    code, out, err = run_main("advise", str(path), "--samples", "-:", "--seed", "1")
    assert code == 2 and out == "" and "Traceback" not in err
    assert "argument --samples: expected one argument" in err


@settings(max_examples=5 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=documents)
def test_fuzz_cli_as_a_real_process(scratch: Path, content: bytes) -> None:
    path = scratch / "process.json"
    path.write_bytes(content)
    out = subprocess.run([sys.executable, "-m", "tutor", "replay", str(path)],
                         capture_output=True, text=True, check=False, cwd=REPO, timeout=120)
    assert out.returncode in (0, 1), out.stderr
    if out.returncode == 1:
        typed_line(out.stderr)


# --- tutor.replay ---------------------------------------------------------------------------------
def fingerprint(value: Any) -> str | None:
    """A value's JSON text, to see that replay changed nothing (None: it has no JSON text)."""
    try:
        return json.dumps(value, sort_keys=True)
    except Exception:  # no JSON text, or a hostile object's method raised
        return None


@settings(max_examples=300 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(record=records(python_values) | python_values)
def test_fuzz_replay_of_hostile_python_values(record: Any) -> None:
    before = fingerprint(record)
    try:
        out = tutor.replay(record)
    except TutorError as e:
        typed_line(str(e))
    else:
        assert out["phase"] in ("auction", "declare", "play", "done")
    assert fingerprint(record) == before  # the caller's value is never changed


# --- a record uploaded at the table -----------------------------------------------------------
@pytest.fixture(scope="module")
def table(scratch: Path) -> Iterator[Any]:
    from ipywidgets.widgets.widget import _instances

    from tutor.widgets import TableWidget

    before = set(_instances)
    tw = TableWidget(seed=3, bot="rule", auto=False, records_dir=scratch / "deals")
    yield tw
    for mid in set(_instances) - before:
        widget = _instances.get(mid)
        if widget is not None:
            widget.close()


def upload(widget: Any, content: bytes, name: str) -> Any:
    from tutor.widgets.guard import deliver

    state = {"value": [{"name": name, "type": "application/json", "size": len(content),
                        "last_modified": 0}]}
    return deliver(widget, {"content": {"comm_id": widget.model_id, "data": {
        "method": "update", "state": state, "buffer_paths": [["value", 0, "content"]]}},
        "buffers": [content]})


def replays(content: bytes) -> bool:
    try:
        state_of(parse(content))
    except TutorError:
        return False
    return True


@settings(max_examples=120 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=documents, name=st.text(max_size=30) | st.just("x" * 5000))
def test_fuzz_record_upload_at_the_table(table: Any, content: bytes, name: str) -> None:
    table.notice.value = ""
    key = table.table.state.key()
    upload(table.upload, content, name)
    after = table.table.state.key()
    assert table.upload.value == ()  # the record may hold every hand: never kept in the page
    assert "Traceback" not in table.notice.value and len(table.notice.value) < 1200
    if after != key:  # loaded: only a record that replays, and then the deal it holds
        assert replays(content) and after == state_of(parse(content)).key()
        assert table.notice.value == ""
    elif not replays(content):  # refused: nothing changed, a notice names the rule
        assert RULE.search(table.notice.value), table.notice.value


@settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=json_values)
def test_fuzz_upload_values_that_are_not_files(table: Any, value: Any) -> None:
    from tutor.widgets.guard import deliver

    key = table.table.state.key()
    deliver(table.upload, {"content": {"comm_id": table.upload.model_id, "data": {
        "method": "update", "state": {"value": value}}}, "buffers": []})
    assert table.table.state.key() == key and table.upload.value == ()


# --- progress files and names -------------------------------------------------------------------
@settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(content=documents | st.sampled_from([
    b'{"format": "tutor-progress/2", "learner": "ada", "salt": 1, "issued": 2, "answered": 1, '
    b'"correct": 1, "games": {}, "recent": [["points#1", true]]}',
    b'{"format": "tutor-progress/1", "learner": "ada", "salt": 1, "issued": 1, "answered": 0, '
    b'"correct": 0, "kinds": {}, "rules": {}, "recent": []}']))
def test_fuzz_progress_files(scratch: Path, content: bytes) -> None:
    root = Path(tempfile.mkdtemp(dir=scratch))
    path = root / "ada.json"
    path.write_bytes(content)
    prog = Progress(path, "ada")  # never raises for a file's content
    if prog.recovered is None:
        assert path.read_bytes() == content  # read as it is (or migrated on the next save)
    else:
        assert "QUIZ-5" in prog.recovered and prog.answered == 0 and not path.exists()
        assert prog.set_aside is not None and prog.set_aside.read_bytes() == content
    prog.save()
    again = Progress(path, "ada")
    assert again.recovered is None and again.data == prog.data


names = st.text(st.characters() | st.characters(categories=["Cs"]), max_size=110)


@settings(max_examples=200 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=names)
def test_fuzz_learner_names(scratch: Path, name: str) -> None:
    root = scratch / "names"
    try:
        path = progress_path(root, name)
    except QuizError as e:
        assert e.rule == "QUIZ-4"
        typed_line(str(e))
        return
    assert path.parent == root and path.name.endswith(".json") and "/" not in path.name
    assert progress_path(root, unicodedata.normalize("NFD", name)) == path
    assert progress_path(root, unicodedata.normalize("NFC", name)) == path
    if name.isascii():
        assert progress_path(root, name.upper()) == progress_path(root, name.lower()) == path
    prog = Progress.for_learner(root, name, durable=False)
    prog.save()
    assert Progress.for_learner(root, name).recovered is None


# --- every registered game's view and new_deal ----------------------------------------------------
@settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=st.sampled_from(SPECS), seat=python_values, seed=st.integers(0, 2**32))
def test_fuzz_view_and_new_deal_of_every_game(game: Any, seat: Any, seed: int) -> None:
    g = game.make()
    state = g.new_deal(seed)
    for call in (lambda: state.view(seat), lambda: g.new_deal(seed, dealer=seat)):
        try:
            call()
        except TutorError as e:
            typed_line(str(e))
        else:  # accepted: a seat of this table, and the deal's own record replays
            assert isinstance(seat, int) and not isinstance(seat, bool)
            assert 0 <= seat < g.players
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < g.players:
        assert tutor.replay(tutor.record_of(g.new_deal(seed, dealer=seat)))["phase"]


# --- every lesson widget over a real kernel -----------------------------------------------------
SETUP = r"""
import hashlib, json
from tutor.widgets import (AdvisorPanel, AuctionExplorer, CutForDealer, DealReplay, DealStepper,
                           DecisionQuiz, GuidedHand, Learner, LearnerBox, MasteryView,
                           QuizWidget, TableWidget)
from tutor.widgets import guard
from tutor.widgets.common import state_text, subtree

_learner = Learner("fuzz")
PANELS = [QuizWidget(learner=_learner), LearnerBox(_learner),
          DealReplay(DEAL), AuctionExplorer(), CutForDealer(seed=1), DealStepper(seed=1),
          TableWidget(seed=3, bot="rule", auto=False, records_dir=DEALS_DIR),
          AdvisorPanel(seed=1), DecisionQuiz(["bid-decision"], learner=_learner, prefetch=False),
          GuidedHand(GUIDE), MasteryView(learner=_learner)]  # issue 22's panels too

def _notice(x):
    return "tutor-notice" in getattr(x, "_dom_classes", ())

def __fuzz_targets():
    out = []
    for p in PANELS:
        for x in subtree(p.box):
            out.append({"id": x.model_id, "cls": type(x).__name__, "keys": sorted(x.keys),
                        "settable": sorted(guard.settable(x)), "notice": _notice(x),
                        "options": len(getattr(x, "_options_labels", ()) or ())})
    return json.dumps(out)

def __fuzz_state():
    widgets = [x for p in PANELS for x in subtree(p.box) if not _notice(x)]
    text = state_text(widgets)
    return json.dumps({"refused": guard.refused,
                       "state": hashlib.sha256(text.encode()).hexdigest()})
"""


class Kernel:
    """One ipykernel with every lesson widget built, driven by its real comm messages."""

    def __init__(self, log: Path, progress: Path, deals: Path) -> None:
        from jupyter_client.jsonutil import json_default
        from jupyter_client.manager import KernelManager

        self.log_path = log
        self.log_file = log.open("w")
        self.km = KernelManager(kernel_name="python3")
        env = {**os.environ, "PYTHONPATH": str(REPO), "TUTOR_PROGRESS_DIR": str(progress)}
        env.pop("TUTOR_AUDIT_DIR", None)
        self.km.start_kernel(env=env, cwd=str(REPO), stderr=self.log_file,
                             stdout=self.log_file)
        self.kc = self.km.client()
        # JSON with escapes, as a browser sends it: a lone surrogate ("\ud800") reaches the
        # kernel as one (jupyter_client's own packer refuses to send it)
        self.kc.session.pack = lambda obj: json.dumps(
            obj, ensure_ascii=True, default=json_default).encode("ascii")
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=120)
        code = SETUP.replace("DEALS_DIR", repr(str(deals))).replace(
            "DEAL", repr(str(DEALS[0]))).replace(
            "GUIDE", repr(str(DEALS[0].parents[1] / "guides" / "first-hand.json")))
        reply = self.kc.execute_interactive(code, timeout=180, output_hook=lambda m: None)
        assert reply["content"]["status"] == "ok", reply["content"]
        self.targets = json.loads(self.expression("__fuzz_targets()"))

    def expression(self, text: str) -> str:
        msg_id = self.kc.execute("", silent=True, user_expressions={"x": text})
        while True:
            reply = self.kc.get_shell_msg(timeout=60)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        self.until_idle(msg_id)
        found = reply["content"]["user_expressions"]["x"]
        assert found["status"] == "ok", found
        return str(ast.literal_eval(found["data"]["text/plain"]))

    def send(self, msg_type: str, content: dict[str, Any]) -> list[dict[str, Any]]:
        """Send one shell message as a page would; the page's messages it caused."""
        msg = self.kc.session.msg(msg_type, content)
        self.kc.shell_channel.send(msg)
        return self.until_idle(msg["header"]["msg_id"])

    def until_idle(self, msg_id: str) -> list[dict[str, Any]]:
        seen = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            msg = self.kc.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            seen.append(msg)
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return seen
        raise AssertionError("the kernel did not go idle")

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
        self.log_file.close()


@pytest.fixture(scope="module")
def kernel(scratch: Path) -> Iterator[Kernel]:
    k = Kernel(scratch / "kernel.log", scratch / "kernel-progress", scratch / "kernel-deals")
    yield k
    k.close()


@st.composite
def page_messages(draw: st.DrawFn, targets: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """A comm message a hostile page may send: an update of any trait (a settable one with a
    value it should refuse, or None), a custom message that is not a click, a request for the
    state, an unknown method, a comm id that is no widget's, a forged comm_open."""
    kind = draw(st.sampled_from(["update"] * 8 + ["custom", "request", "method", "nocomm",
                                                  "open"]))
    target = draw(st.sampled_from(targets))
    if kind == "open":
        return "comm_open", {"comm_id": f"forged-{draw(st.integers(0, 10**9))}",
                             "target_name": draw(st.sampled_from(
                                 ["jupyter.widget", "jupyter.widget.control", "nope"])),
                             "data": draw(json_values)}
    comm_id = target["id"] if kind != "nocomm" else draw(st.text(max_size=10))
    if kind == "update" or kind == "nocomm":
        names = target["keys"] + target["settable"] + ["disabled", "options", "no_such"]
        name = draw(st.sampled_from(names))
        value = draw(json_values)
        if name == "index" and isinstance(value, int) and not isinstance(value, bool) \
                and 0 <= value < target["options"]:
            value = target["options"]  # a pick a learner can make is the widgets' own tests'
        if name == "value" and target["cls"] in ("Checkbox", "ToggleButton") \
                and isinstance(value, bool):
            value = "yes"
        data: Any = {"method": "update", "state": {name: value}}
        if draw(st.booleans()):
            data["buffer_paths"] = draw(json_values)
        return "comm_msg", {"comm_id": comm_id, "data": data}
    if kind == "custom":
        content = draw(json_values)
        if isinstance(content, dict) and content.get("event") in ("click", "submit"):
            content = {"event": "clicked"}  # a real click is a learner's, tested elsewhere
        return "comm_msg", {"comm_id": comm_id, "data": {"method": "custom",
                                                         "content": content}}
    if kind == "request":
        return "comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}}
    return "comm_msg", {"comm_id": comm_id, "data": draw(json_values)}


def test_fuzz_every_widget_trait_over_a_real_kernel(kernel: Kernel) -> None:
    targets = kernel.targets
    notices = {t["id"] for t in targets if t["notice"]}
    assert len(targets) > 300 and notices  # every panel's controls, layouts and styles
    tried: list[str] = []

    @settings(max_examples=120 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
    @given(message=page_messages(targets))
    def fuzz(message: tuple[str, dict[str, Any]]) -> None:
        msg_type, content = message
        before = json.loads(kernel.expression("__fuzz_state()"))
        seen = kernel.send(msg_type, content)
        after = json.loads(kernel.expression("__fuzz_state()"))
        tried.append(msg_type)
        kinds = {m["msg_type"] for m in seen}
        assert kinds <= {"status", "comm_msg", "comm_close"}, (kinds, content)
        for m in seen:
            if m["msg_type"] == "comm_msg":
                assert m["content"]["data"].get("method") in ("update", "echo_update")
                assert "Traceback" not in json.dumps(m["content"])
        if after["refused"] > before["refused"]:  # refused: nothing changed but the notices
            assert after["state"] == before["state"], content
            told = {m["content"]["comm_id"] for m in seen if m["msg_type"] == "comm_msg"}
            assert told <= notices | {content.get("comm_id")}, content

    fuzz()
    log = kernel.log_path.read_text(encoding="utf-8", errors="replace")
    # a handler that failed with an untyped error is in the kernel log with its traceback
    # (forged comm_opens are logged there too, as the comm layer's own errors: expected)
    assert "widget handler failed" not in log and "message for" not in log, log[-3000:]
    assert "checking a message" not in log, log[-3000:]
    assert len(tried) >= 100 * SCALE and "refused a message from the page" in log
