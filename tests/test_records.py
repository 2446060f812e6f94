"""Hand records: REC-1..REC-6, golden records, the replay CLI, and malformed-input properties."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sbs import BASE, rec

import tutor
from tutor.engine.record import dumps, load, parse, record_of, save, state_of
from tutor.errors import RecordError, TutorError

RECORDS = Path(__file__).parent / "records"
GOLDEN = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))


def error_of(record: Any) -> str:
    with pytest.raises(TutorError) as e:
        tutor.replay(record)
    return str(e.value)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_records_replay_to_their_expected_json(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert tutor.replay(load(path)) == expected


def test_there_are_golden_records_of_every_contract() -> None:
    contracts = {json.loads(p.with_name(p.stem + ".expected.json").read_text())["contract"]
                 for p in GOLDEN}
    assert {"solo", "heart-solo", "misere", "guarantee-solo", "spread-misere",
            "call-solo", None} <= contracts
    assert {"frog", "chico", "grand"} <= contracts  # Frog's golden records: tests/records/frog-*
    # Crazy Solo's (tests/records/crazy-solo-*, checked by hand in test_rules_crazy_solo.py)
    assert {"solo-in-hearts", "alone", "alone-in-hearts"} <= contracts


def test_the_example_of_hand_record_md() -> None:
    out = tutor.replay(BASE)
    assert out["bidder"] == 0 and out["contract"] == "solo" and out["trump"] == "S"
    assert out["tricks"] == [{"leader": 0, "cards": ["AS", "7S", "6S"], "winner": 0}]
    assert out["current_trick"] is None and out["to_move"] == 0
    assert set(out) == {"phase", "to_move", "step", "legal", "bidder", "contract", "trump",
                        "tricks", "current_trick", "bidder_points", "bidder_tricks", "made",
                        "chips"}


def test_REC_1_not_json_not_an_object_missing_key_unknown_format() -> None:
    with pytest.raises(RecordError, match="REC-1"):
        parse("{not json")
    with pytest.raises(RecordError, match="REC-1"):
        parse("[1, 2]")
    assert error_of([]).startswith("record: REC-1")
    assert error_of(rec(hands=None)) == "hands: REC-1: required key missing"
    assert "format: 'tutor-record/2' — REC-1" in error_of(rec(format="tutor-record/2"))
    assert "REC-1" in error_of(rec(comment="hi"))
    assert "play: REC-1" in error_of(rec(play="AS"))


def test_REC_2_unknown_game_option_key_or_value() -> None:
    assert error_of(rec(game="whist")).startswith("game: 'whist' — REC-2")
    assert error_of(rec(options={"jokers": True})).startswith("options.jokers: 'jokers' — REC-2")
    assert error_of(rec(options={"misere": "sometimes"})).startswith("options.misere")
    assert "REC-2" in error_of(rec(options={"players": "3"}))


def test_REC_3_unknown_card_text() -> None:
    hands = [h[:] for h in BASE["hands"]]
    hands[1][4] = "XQ"
    assert error_of(rec(hands=hands)) == "hands[1][4]: 'XQ' — REC-3: unknown card text"
    hands[1][4] = "5C"  # a card, but not of the 36-card deck
    assert "REC-3" in error_of(rec(hands=hands))
    assert error_of(rec(play=["AS", "7S", "S6"])).startswith("play[2]: 'S6' — REC-3")
    # the parser's other forms are accepted in a record
    assert tutor.replay(rec(play=["A♠", "7s", "6S"]))["tricks"][0]["cards"] == ["AS", "7S", "6S"]


def test_REC_4_a_card_twice() -> None:
    hands = [h[:] for h in BASE["hands"]]
    hands[2][0] = "AS"
    assert error_of(rec(hands=hands)).startswith("hands[2][0]: AS — REC-4")
    assert error_of(rec(widow=["JD", "7D", "AS"])).startswith("widow[2]: AS — REC-4")


def test_REC_5_hand_sizes_and_empty_seats() -> None:
    hands = [h[:] for h in BASE["hands"]]
    hands[0].pop()
    assert error_of(rec(hands=hands)).startswith("hands[0]: REC-5")
    assert error_of(rec(widow=["JD", "7D"])).startswith("widow: REC-5")
    assert error_of(rec(options={"players": 4})).startswith("hands: REC-5")
    four = rec(options={"players": 4}, hands=[*BASE["hands"], []], dealer=3, calls=[],
               declare=None, play=[])
    assert tutor.replay(four)["to_move"] == 0
    four["dealer"] = 0  # now seat 0 must be the empty one
    assert "REC-5" in error_of(four)


def test_REC_6_dealer_out_of_range() -> None:
    assert error_of(rec(dealer=3)) == "dealer: 3 — REC-6: dealer must be a seat 0..2"
    assert "REC-6" in error_of(rec(dealer="2"))


def test_records_round_trip_and_save_atomically(tmp_path: Path) -> None:
    state = state_of(BASE)
    again = record_of(state)
    assert tutor.replay(again) == tutor.replay(BASE)
    assert parse(dumps(again)) == again
    target = tmp_path / "deal.json"
    save(again, target)
    assert load(target) == again and [p.name for p in tmp_path.iterdir()] == ["deal.json"]
    bad = rec(play=["AS", "AH"])
    with pytest.raises(TutorError):
        save(bad, tmp_path / "bad.json")
    assert not (tmp_path / "bad.json").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["deal.json"]  # no temporary left behind


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True,
                          check=False)


def test_cli_replay_prints_the_replay_object(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(BASE))
    out = run_cli("replay", str(path))
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout) == tutor.replay(BASE)


def test_cli_replay_one_error_line_and_exit_codes(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec(play=["AS", "AH"])))
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == "play[1]: AH — SBS-23: must follow suit ♠\n"
    path.write_text("{")
    out = run_cli("replay", str(path))
    assert out.returncode == 1 and out.stderr.count("\n") == 1 and "REC-1" in out.stderr
    missing = run_cli("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 1 and "REC-1" in missing.stderr
    assert "Traceback" not in missing.stderr
    assert run_cli().returncode == 2
    assert run_cli("replay").returncode == 2
    assert run_cli("replay", str(path), "--bogus").returncode == 2


# --- hypothesis: malformed records raise only typed errors --------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=4)
    | st.sampled_from(["AS", "TH", "pass", "solo", "S", "H", "call-solo", "misere"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)
KEYS = ["format", "game", "options", "dealer", "hands", "widow", "calls", "declare", "play"]


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    record: dict[str, Any] = json.loads(json.dumps(BASE))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(KEYS))
        how = draw(st.sampled_from(["drop", "replace", "inner"]))
        if how == "drop":
            record.pop(key, None)
        elif how == "replace":
            record[key] = draw(json_values)
        elif isinstance(record.get(key), list) and record[key]:
            items = record[key]
            i = draw(st.integers(0, len(items) - 1))
            items[i] = draw(json_values)
    return record


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_malformed_records_raise_only_typed_errors(record: Any) -> None:
    try:
        out = tutor.replay(record)
    except TutorError as e:
        assert str(e) and "Traceback" not in str(e)
        assert any(tag in str(e) for tag in ("REC-", "SBS-"))
        return
    assert out["phase"] in ("auction", "declare", "play", "done")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60) | st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
def test_any_text_as_a_record_raises_only_typed_errors(text: str) -> None:
    with contextlib.suppress(TutorError):  # any other exception fails the test
        tutor.replay(parse(text))


# --- hostile input: limits, strict JSON, hostile objects (docs/hardening.md) --------------------
def test_REC_1_limits_are_named_and_files_are_read_bounded(tmp_path: Path) -> None:
    from tutor.engine.jsonio import MAX_BYTES, MAX_DEPTH

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    with pytest.raises(RecordError, match=f"REC-1: nested more than {MAX_DEPTH} levels"):
        load(deep)
    with pytest.raises(RecordError, match=f"more than {MAX_BYTES:,} bytes"):
        load("/dev/zero")  # read 1 MiB far, refused: not read until memory runs out
    big = tmp_path / "big.json"
    big.write_bytes(b"{" + b" " * MAX_BYTES + b"}")
    with pytest.raises(RecordError, match="REC-1"):
        load(big)
    with pytest.raises(RecordError, match="REC-1: cannot read the file"):
        load("nul\x00name.json")


def test_REC_1_strict_json_a_key_twice_huge_numbers_nan() -> None:
    assert str(_raised(parse, '{"dealer": 7, "dealer": 2}')) == \
        "dealer: REC-1: a key given twice in one object"
    huge = _raised(parse, '{"dealer": ' + "9" * 5000 + "}")
    assert "a whole number of 5,000 digits" in str(huge) and "not JSON" not in str(huge)
    assert "REC-1" in str(_raised(parse, '{"dealer": NaN}'))
    assert "REC-1" in str(_raised(parse, '{"dealer": 1e999}'))


def test_error_lines_show_a_prefix_and_the_length_of_a_long_value() -> None:
    message = str(_raised(tutor.replay, rec(format="x" * 10_000_000)))
    assert message == "record: REC-1: more than 1,048,576 characters of text, the most the " \
        "tutor reads"
    message = str(_raised(tutor.replay, rec(format="x" * 900_000)))
    assert len(message) < 200 and "(900,002 characters)" in message  # repr's quotes count
    message = str(_raised(tutor.replay, rec(**{"x" * 5000: 1})))
    assert len(message) < 200 and "(5,000 characters)" in message


class Hostile:
    """An object whose every comparison and text raises (``__eq__``, ``__hash__``, ``__repr__``,
    ``__str__``)."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    __str__ = __repr__


class HostileDict(dict):  # type: ignore[type-arg]
    def items(self):  # type: ignore[no-untyped-def]
        raise RuntimeError("items")


class HostileText(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __hash__ = str.__hash__


def test_REC_1_hostile_python_objects_are_refused_at_the_door() -> None:
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    for key in KEYS:
        assert "REC-1: nested more than" in str(_raised(tutor.replay, rec(**{key: deep})))
    assert "REC-1" in str(_raised(tutor.replay, deep))
    for key in KEYS:
        e = _raised(tutor.replay, rec(**{key: Hostile()}))
        assert str(e) == f"{key}: REC-1: not a JSON value (type Hostile)"
    assert "REC-1" in str(_raised(tutor.replay, HostileDict(BASE)))
    assert "REC-1" in str(_raised(tutor.replay, rec(hands=[[Hostile()], [], []])))
    assert "REC-1" in str(_raised(tutor.replay, rec(dealer=10**5000)))
    # a text subclass is read as the plain text it holds: its own __eq__ never runs
    assert tutor.replay(rec(game=HostileText("six-bid-solo"))) == tutor.replay(BASE)


def test_save_failures_are_REC_1_and_change_nothing(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="REC-1: cannot write the file"):
        save(BASE, tmp_path / "no-such-folder" / "deal.json")
    target = tmp_path / "deal.json"
    target.mkdir()  # a folder where the file should go
    with pytest.raises(RecordError, match="REC-1: cannot write the file"):
        save(BASE, target)
    assert [p.name for p in tmp_path.iterdir()] == ["deal.json"] and target.is_dir()


def test_save_clears_temporary_files_a_killed_writer_left(tmp_path: Path) -> None:
    import os

    stale = tmp_path / ".deal.json.k1ll3d.tmp"
    stale.write_text("{")
    os.utime(stale, (1, 1))
    save(BASE, tmp_path / "deal.json")
    assert [p.name for p in tmp_path.iterdir()] == ["deal.json"]


def _raised(fn: Any, *args: Any) -> TutorError:
    with pytest.raises(TutorError) as e:
        fn(*args)
    return e.value


def test_error_fields_are_shortened_once_and_survive_placing_and_pickling() -> None:
    import pickle

    err = RecordError("REC-3", "unknown card", where="hands[0][0]", what="'" + "Z" * 5000 + "'")
    assert err.what.endswith("… (5,002 characters)") and len(str(err)) < 150
    placed = err.at("entry[3]: hands[0][0]")
    assert placed.what == err.what and isinstance(placed, RecordError)  # not shortened twice
    again = pickle.loads(pickle.dumps(placed))
    assert str(again) == str(placed) and again.what == err.what
    ctrl = RecordError("REC-1", "x", where="a\x1b[31mred\x00")
    assert str(ctrl) == "a\\x1b[31mred\\x00: REC-1: x"  # a terminal is never driven by a record
