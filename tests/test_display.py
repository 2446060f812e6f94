"""The display: card faces, hands, tricks, views and deals, checked by parsing the SVG/HTML.

Every drawing is parsed with ``xml.etree`` (so it is well-formed), and the tests read what a
screen reader or a stylesheet reads: ``role``, ``aria-label``, ``<title>``, classes, pips.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib.util import find_spec
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import IPython
import pytest
from IPython.core.formatters import DisplayFormatter

from tutor.cards import DECK_24, DECK_36, DECK_52, Card, Deck, Rank, Suit, card_label, parse_cards
from tutor.display import (
    EMPHASES,
    DisplayError,
    HtmlStr,
    SeatPlace,
    SvgStr,
    as_card,
    card_back_svg,
    card_svg,
    cards_html,
    deal_html,
    hand_svg,
    lesson_css,
    points_table_html,
    rank_ladder_svg,
    register_formatters,
    ring_html,
    ring_plan,
    style_html,
    trick_svg,
    view_html,
)
from tutor.engine.record import record_of
from tutor.errors import RecordError, TutorError
from tutor.games import SPECS, make_game, spec
from tutor.games.six_bid_solo.rules import SixBidSolo
from tutor.games.tapp import CARD_INDEX, TappGame, TappState, mask_points

SVG = "{http://www.w3.org/2000/svg}"
#: the Tapp games the display draws: those with deal notes in their folder (``display.py``, see
#: tutor/display/adapter.py; Auction Pitch's come with its table). Sixty-Six draws its own table
#: from the same parts: tests/test_table_sixty_six.py
GAME_IDS = [s.id for s in SPECS if find_spec(f"{s.folder}.display") is not None
            and issubclass(s.game, TappGame)]
ROOT = Path(__file__).resolve().parents[1]

#: The one part of an IPython shell that :func:`register_formatters` uses, with IPython's own
#: formatters: what a notebook shows for an object is what ``NOTEBOOK.format`` gives.
NOTEBOOK = DisplayFormatter()
assert register_formatters(SimpleNamespace(display_formatter=NOTEBOOK))


def notebook_shows(obj: object) -> dict[str, Any]:
    """The MIME bundle a notebook cell ending in ``obj`` displays."""
    data, _ = NOTEBOOK.format(obj)
    return data


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def imgs(root: ET.Element) -> list[ET.Element]:
    """Every element a screen reader announces as an image, in document order."""
    return [e for e in root.iter() if e.get("role") == "img"]


def card_of_label(label: str) -> Card:
    """``ten of hearts (selected)`` → the card (the inverse of Card.name, written here)."""
    words = label.split(" (")[0].split()
    assert len(words) == 3 and words[1] == "of", label
    return Card(Rank[words[0].upper()], Suit[words[2].upper()])


def expected_pips(rank: Rank) -> int:
    """Pips on a printed card: the ace one, a number card its number, court cards none."""
    if rank is Rank.ACE:
        return 1
    if rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        return 0
    return 10 if rank is Rank.TEN else int(rank.letter)


# --- one card ------------------------------------------------------------------------------
@pytest.mark.rule("SBS-1", "SBS-2")
@pytest.mark.parametrize("card", DECK_36.cards, ids=lambda c: c.text)
def test_every_card_face_parses_and_reads_right(card: Card) -> None:
    svg = card_svg(card)
    root = parse(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    assert root.get("aria-label") == card.name  # e.g. "ten of hearts"
    title = root.find(SVG + "title")
    assert title is not None and title.text == card.name
    want = "st-red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "st-black"
    assert want in classes(root)
    assert ({"st-red", "st-black"} - {want}).isdisjoint(classes(root))
    assert f"st-suit-{card.suit.name.lower()}" in classes(root)
    pips = [e for e in root.iter() if "st-pip" in classes(e)]
    assert len(pips) == expected_pips(card.rank)
    court = [e for e in root.iter() if "st-court" in classes(e)]
    assert bool(court) == (card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK))
    index = [e.text for e in root.iter(SVG + "text") if "st-index" in classes(e)]
    shown = "10" if card.rank is Rank.TEN else card.rank.letter
    assert index == [shown, shown]  # top-left and, turned, bottom-right


def test_the_ten_of_hearts_example() -> None:
    root = parse(card_svg("TH"))
    assert root.get("aria-label") == "ten of hearts"
    assert sum("st-pip" in classes(e) for e in root.iter()) == 10


@pytest.mark.parametrize("card", DECK_52.cards, ids=lambda c: c.text)
def test_the_52_card_deck_draws_too(card: Card) -> None:
    root = parse(card_svg(card))
    assert root.get("aria-label") == card.name
    assert sum("st-pip" in classes(e) for e in root.iter()) == expected_pips(card.rank)


def test_card_inputs_card_text_symbol_and_engine_int_agree() -> None:
    th = Card.parse("TH")
    assert card_svg(th) == card_svg("TH") == card_svg("10♥") == card_svg(CARD_INDEX[th])


@pytest.mark.parametrize("bad", ["XX", "1H", "", 36, -1, True, None, 3.5, ["TH"]])
def test_not_a_card_is_DSP_1(bad: object) -> None:
    with pytest.raises(DisplayError) as e:
        card_svg(bad)  # type: ignore[arg-type]
    assert e.value.rule == "DSP-1"
    assert isinstance(e.value, TutorError) and isinstance(e.value, ValueError)


@pytest.mark.parametrize("deck", [DECK_52, DECK_24], ids=lambda d: d.name)
def test_as_card_takes_any_decks_cards(deck: Deck) -> None:
    """Issue 17: a 2♠ of Pitch's 52 draws, and so does every card of Sixty-Six's 24; an int is
    an index into the deck it is read with (the Tapp family's 0..35 by default)."""
    for i, card in enumerate(deck.cards):
        assert as_card(card.text) == as_card(card) == as_card(i, deck=deck) == card
        assert as_card(card_label(card)) == card  # "10♥", "2♠"
    assert parse(card_svg("2S")).get("aria-label") == "two of spades"
    assert as_card(35) == DECK_36.cards[35]
    with pytest.raises(DisplayError) as e:
        as_card(len(deck), deck=deck)
    assert e.value.rule == "DSP-1"
    if deck is DECK_24:  # a card outside the deck it is read with
        with pytest.raises(DisplayError) as e:
            as_card("2S", deck=deck)
        assert e.value.rule == "DSP-1" and deck.name in str(e.value)


def test_hands_of_other_decks_sort_by_their_deck() -> None:
    def shown(svg: str) -> list[str]:
        return [card_of_label(e.get("aria-label") or "").text for e in imgs(parse(svg))]

    pitch = ["2S", "TS", "AS", "5H", "KS", "3C"]
    assert shown(hand_svg(pitch, deck=DECK_52)) == ["3C", "AS", "KS", "TS", "2S", "5H"]  # PI-1
    assert shown(hand_svg([0, 12, 1], deck=DECK_52)) == ["AC", "KC", "2C"]  # ints of its deck
    assert shown(hand_svg(["9H", "TH", "AH", "KH"], deck=DECK_24)) == ["AH", "TH", "KH", "9H"]
    root = parse(rank_ladder_svg("S", deck=DECK_52))
    assert [card_of_label(e.get("aria-label") or "").text for e in imgs(root)] == [
        c.text for c in DECK_52.cards if c.suit is Suit.SPADES]


def test_four_colour_suits() -> None:
    for text, var in (("7C", "--st-clubs"), ("7D", "--st-diamonds")):
        two, four = card_svg(text), card_svg(text, four_colour=True)
        assert var not in two and var in four
        assert "st-four" in classes(parse(four))
    # hearts and spades keep red and black
    assert "--st-red" in card_svg("7H", four_colour=True)
    assert "--st-black" in card_svg("7S", four_colour=True)


def test_colours_are_theme_variables_with_light_fallbacks() -> None:
    svg = card_svg("QH")
    for var in ("--st-card-face", "--st-card-edge", "--st-red"):
        assert re.search(rf"var\({var},var\(--jp-[a-z0-9-]+,#[0-9a-f]{{3,6}}\)\)", svg), var


def test_face_down_hides_the_card() -> None:
    svg = card_svg("AS", face_down=True)
    root = parse(svg)
    assert root.get("aria-label") == "face-down card"
    assert "st-back" in classes(root)
    assert not re.search(r"\b(ace|spades)\b", svg)
    assert "st-pip" not in svg and "st-suit" not in svg
    assert card_back_svg() == card_svg("6D", face_down=True)


@pytest.mark.parametrize("emphasis", [e for e in EMPHASES if e])
def test_emphasis_is_a_class_and_drawn(emphasis: str) -> None:
    root = parse(card_svg("KS", emphasis=emphasis))
    assert f"st-{emphasis}" in classes(root)
    label = root.get("aria-label") or ""
    assert label.startswith("king of spades")
    if emphasis == "dim":
        assert "opacity" in (root.get("style") or "")
    else:
        assert any("st-outline" in classes(e) for e in root.iter())


def test_bad_emphasis_and_width_are_DSP_2() -> None:
    for kwargs in ({"emphasis": "glowing"}, {"width": 0}, {"width": "big"}, {"width": True}):
        with pytest.raises(DisplayError) as e:
            card_svg("KS", **kwargs)
        assert e.value.rule == "DSP-2"


def test_width_scales_the_card_keeping_its_shape() -> None:
    root = parse(card_svg("9C", width=100))
    assert root.get("width") == "100"
    assert float(root.get("height") or 0) == pytest.approx(100 * 90 / 64, abs=0.01)
    assert root.get("viewBox") == "0 0 64 90"


def test_return_values_render_in_jupyter() -> None:
    svg = card_svg("TH")
    assert isinstance(svg, SvgStr) and isinstance(svg, str)
    assert svg._repr_svg_() == str(svg) == svg._repr_html_()
    html = points_table_html()
    assert isinstance(html, HtmlStr) and html._repr_html_() == str(html)


def test_a_notebook_shows_a_card_as_its_face() -> None:
    card = Card.parse("QD")
    assert notebook_shows(card) == {"text/plain": "Card.parse('QD')",
                                    "image/svg+xml": str(card_svg(card))}
    # the picture comes from the display room's formatter: the card itself has no hook
    assert DisplayFormatter().format(card)[0] == {"text/plain": "Card.parse('QD')"}
    assert not hasattr(card, "_repr_svg_")


def test_register_formatters_needs_a_running_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert register_formatters() is False  # a plain script: nothing to do, no error
    other = DisplayFormatter()
    monkeypatch.setattr(IPython, "get_ipython", lambda: SimpleNamespace(display_formatter=other))
    assert register_formatters() is True
    assert "image/svg+xml" in other.format(Card.parse("TH"))[0]


def test_import_tutor_in_an_ipython_shell_shows_pictures(tmp_path: Path) -> None:
    """``import tutor`` in a running IPython shell (a kernel) registers the formatters, so a
    lesson needs no setup. A fresh interpreter: this one imported tutor long ago."""
    code = """
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
import tutor
fmt = shell.display_formatter
state = tutor.SixBidSolo().new_deal(3)
print(sorted(fmt.format(tutor.Card.parse("TH"))[0]), sorted(fmt.format(state)[0]),
      sorted(fmt.format(state.view(0))[0]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, cwd=ROOT, env={**os.environ, "IPYTHONDIR": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[0] == (
        "['image/svg+xml', 'text/plain'] ['text/plain'] ['text/html', 'text/plain']")


# --- hands and tricks -------------------------------------------------------------------------
def test_hand_is_a_group_of_labelled_cards_in_display_order() -> None:
    cards = ["6C", "AS", "TH", "KH", "9D", "QC", "TS"]
    root = parse(hand_svg(cards, emphasis={"KH": "selected"}))
    assert root.get("role") == "group"
    assert "7 cards" in (root.get("aria-label") or "")
    shown = [card_of_label(e.get("aria-label") or "") for e in imgs(root)]
    assert [c.text for c in shown] == ["QC", "6C", "AS", "TS", "TH", "KH", "9D"]  # SBS-2
    selected = [e for e in imgs(root) if "st-selected" in classes(e)]
    assert [card_of_label(e.get("aria-label") or "") for e in selected] == [Card.parse("KH")]


def test_hand_sorts_in_its_games_rank_order() -> None:
    def shown(svg: str) -> list[str]:
        return [card_of_label(e.get("aria-label") or "").text for e in imgs(parse(svg))]

    assert shown(hand_svg(["KS", "TS", "AH"])) == ["TS", "KS", "AH"]  # SBS-2: ten over king
    assert shown(hand_svg(["TS", "KS", "AH"], deck=DECK_52)) == ["KS", "TS", "AH"]  # PI-1
    assert shown(hand_svg(parse_cards(["2S", "TS", "KS"]))) == ["KS", "TS", "2S"]  # 52 cards


def test_hand_keeps_given_order_when_asked() -> None:
    cards = ["6C", "AS", "TH"]
    root = parse(hand_svg(cards, sort=False))
    assert [card_of_label(e.get("aria-label") or "").text for e in imgs(root)] == cards


def test_face_down_hand_shows_only_its_size() -> None:
    svg = hand_svg([], face_down=9, label="seat 2")
    root = parse(svg)
    assert len(imgs(root)) == 9
    assert all(e.get("aria-label") == "face-down card" for e in imgs(root))
    assert "9 cards, face down" in (root.get("aria-label") or "")


def test_empty_hand_parses() -> None:
    root = parse(hand_svg([]))
    assert imgs(root) == [] and "0 cards" in (root.get("aria-label") or "")


def test_bad_hand_input() -> None:
    with pytest.raises(DisplayError) as e:
        hand_svg(["AS", "ZZ"])
    assert e.value.rule == "DSP-1" and e.value.where == "hand_svg[1]"
    with pytest.raises(DisplayError):
        hand_svg(["AS"], overlap=2)


@pytest.mark.rule("SBS-24")
def test_trick_captions_winner_and_empty_places() -> None:
    root = parse(trick_svg(["9S", "KS"], seats=[1, 2]))
    assert root.get("role") == "group"
    assert [card_of_label(e.get("aria-label") or "").text for e in imgs(root)] == ["9S", "KS"]
    assert "seat 1 led nine of spades" in (root.get("aria-label") or "")
    texts = [e.text for e in root.iter(SVG + "text") if e.get("aria-hidden") == "true"]
    assert texts == ["seat 1 led", "seat 2"]
    dashed = [e for e in root.iter(SVG + "rect") if e.get("stroke-dasharray")
              and not classes(e)]
    assert len(dashed) == 1  # the third place, still empty
    assert not any("st-winner" in classes(e) for e in root.iter())

    done = parse(trick_svg(["9S", "KS", "TS"], seats=[1, 2, 0], winner=0))
    winners = [e for e in imgs(done) if "st-winner" in classes(e)]
    assert [card_of_label(e.get("aria-label") or "").text for e in winners] == ["TS"]
    assert "won by seat 0" in (done.get("aria-label") or "")


@pytest.mark.parametrize("width", [26, 34, 48, 56])
def test_trick_captions_stay_inside_the_picture(width: int) -> None:
    """Each caption is centred under its card and may be wider than the card: the first one
    ("seat 0 led") once lost its first letters at the left edge. Every caption must fit in the
    viewBox, with the drawing's own measure of an 11 px character."""
    from tutor.display.cards import CAPTION_CHAR

    for labels in (["seat 0", "seat 1", "seat 2"], ["you", "seat 2", "seat 1"],
                   ["seat 2 (you)", "seat 0", "seat 1"]):
        root = parse(trick_svg(["9S", "KS", "TS"], labels=labels, width=width))
        box = [float(v) for v in (root.get("viewBox") or "").split()]
        texts = [e for e in root.iter(SVG + "text") if e.get("aria-hidden") == "true"]
        assert [e.text for e in texts] == [labels[0] + " led", *labels[1:]]
        for e in texts:
            half = len(e.text or "") * CAPTION_CHAR / 2
            x = float(e.get("x") or 0)
            assert e.get("text-anchor") == "middle"
            assert box[0] <= x - half and x + half <= box[0] + box[2], (width, e.text, x, box)


def test_trick_input_errors() -> None:
    for kwargs in ({"seats": [1]}, {"seats": [1, 2], "winner": 0}, {"labels": ["a"]},
                   {"slots": 13}, {"per_row": 0}, {"per_row": True}):
        with pytest.raises(DisplayError) as e:
            trick_svg(["9S", "KS"], **kwargs)
        assert e.value.rule == "DSP-2"


@pytest.mark.rule("SBS-2", "SBS-3")
def test_rank_ladder_reads_from_the_top_with_points() -> None:
    root = parse(rank_ladder_svg("S"))
    shown = [card_of_label(e.get("aria-label") or "") for e in imgs(root)]
    assert shown == [Card(r, Suit.SPADES) for r in DECK_36.ranks]
    assert all(DECK_36.beats(a, b) for a, b in itertools.pairwise(shown))
    points = [int(e.text or "") for e in root.iter(SVG + "text")
              if e.get("aria-hidden") == "true"]
    assert points == [11, 10, 4, 3, 2, 0, 0, 0, 0]
    with pytest.raises(DisplayError):
        rank_ladder_svg("X")


@pytest.mark.rule("SBS-3")
def test_points_table_totals() -> None:
    root = parse(points_table_html())
    cells = [int(td.text or "") for td in root.iter("td") if (td.text or "").isdigit()]
    assert cells == [11, 10, 4, 3, 2, 0, 0, 0, 0]
    assert "30 a suit, 120 in the deck" in points_table_html()


def test_cards_html_keeps_separate_images() -> None:
    root = parse(cards_html(["TH", "KH"], emphasis={"TH": "right"}))
    assert [e.get("aria-label") for e in imgs(root)] == ["ten of hearts (right)", "king of hearts"]


# --- views: only what the seat may see ------------------------------------------------------------
def random_states(n: int, players: int = 3, game_id: str = "six-bid-solo") -> list[TappState]:
    """States at every phase from seeded deals with random legal actions."""
    out = []
    rng = random.Random(players)
    game: Any = make_game(game_id, {"players": players})
    for _ in range(n):
        s = game.new_deal(rng, rng.randrange(players))
        stop = rng.randrange(50)
        for _ in range(stop):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


@pytest.mark.rule("SBS-21", "SBS-25", "FR-2")
@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_view_html_shows_no_hidden_card(players: int, game_id: str) -> None:
    for state in random_states(25, players, game_id):
        discard = set(state.discard_seen_by(state.bidder) or ()) \
            if state.bidder is not None else set()
        for seat in range(players):
            view = state.view(seat)
            html = view_html(view)
            root = parse(html)
            shown = [e.get("aria-label") or "" for e in imgs(root)]
            named = {card_of_label(lbl) for lbl in shown if lbl != "face-down card"}
            assert named <= view.visible_cards()
            assert set(view.hand) <= named  # the own hand is drawn
            # a Frog discard: only its bidder sees it (FR-2), drawn in the bidder's view
            assert discard <= named if seat == state.bidder else not discard & named
            backs = sum(lbl == "face-down card" for lbl in shown)
            assert backs == sum(view.hand_sizes[s] for s in view.active if s != seat)
            assert notebook_shows(view)["text/html"] == str(html)


def test_view_html_does_not_draw_legal_cards_unless_asked() -> None:
    state = next(s for s in random_states(40) if s.phase == "play" and s.trick)
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    assert view.legal
    plain = parse(view_html(view))
    assert not any("st-legal" in classes(e) for e in plain.iter())
    marked = parse(view_html(view, emphasis={a: "legal" for a in view.legal}))
    legal = {card_of_label(e.get("aria-label") or "") for e in imgs(marked)
             if "st-legal" in classes(e)}
    assert {c.text for c in legal} == {state.token(a) for a in view.legal}


def test_view_html_rejects_a_state() -> None:
    with pytest.raises(DisplayError) as e:
        view_html(random_states(1)[0])  # type: ignore[arg-type]
    assert e.value.rule == "DSP-3"


# --- whole deals ---------------------------------------------------------------------------------
def finished(seed: int, players: int = 3, game_id: str = "six-bid-solo") -> TappState:
    rng = random.Random(seed)
    game: Any = make_game(game_id, {"players": players})
    s = game.new_deal(rng, rng.randrange(players))
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.rule("SBS-10", "SBS-11", "SBS-27")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_html_draws_every_trick_and_the_chips(players: int) -> None:
    for seed in range(12):
        state = finished(seed, players)
        html = deal_html(state)
        root = parse(html)
        assert notebook_shows(state)["text/html"] == str(html)
        if state.bidder is None:
            assert "SBS-17" in html
            continue
        tricks = [e for e in root.iter() if e.get("class") == "st-trick"]
        assert len(tricks) == 11
        chips = [td.text for td in root.iter("td")]
        assert chips == [f"{c:+d}" for c in state.chips()]
        winners = [card_of_label(e.get("aria-label") or "") for e in imgs(root)
                   if "st-winner" in classes(e)]
        assert len(winners) == 11
        # the dealt hands and the widow (36 cards), then the 33 cards of the tricks
        labels = [card_of_label(e.get("aria-label") or "") for e in imgs(root)]
        assert len(labels) == 36 + 33 and set(labels) == set(DECK_36.cards)


def test_deal_html_from_a_record_and_bad_input() -> None:
    state = finished(3)
    assert deal_html(record_of(state)) == deal_html(state)
    with pytest.raises(RecordError):
        deal_html({"format": "tutor-record/1"})
    with pytest.raises(DisplayError) as e:
        deal_html("not a deal")  # type: ignore[arg-type]
    assert e.value.rule == "DSP-3"


def test_unfinished_state_keeps_its_text_repr() -> None:
    s = SixBidSolo().new_deal(5)
    # a deal in progress keeps its text form: its drawing would show the hidden cards
    assert notebook_shows(s) == {"text/plain": repr(s)}
    s.apply(s.legal_actions()[0])
    assert notebook_shows(s) == {"text/plain": repr(s)}
    assert parse(deal_html(s)) is not None  # a teacher may still draw it on purpose


# --- Frog: its views, its finished deals, its words ----------------------------------------------
def frog_deal(contract: str, *, done: bool, players: int = 3) -> TappState:
    """A seeded Frog deal whose auction ended in ``contract``, finished or stopped mid-play."""
    for seed in range(400):
        rng = random.Random(seed)
        game: Any = make_game("frog", {"players": players})
        s = game.new_deal(rng, rng.randrange(players))
        while not s.is_terminal() and not (not done and s.phase == "play" and len(s.tricks) == 2):
            s.apply(rng.choice(s.legal_actions()))
        if s.contract_id == contract:
            return s
    raise AssertionError(f"no {contract} deal in 400 seeds")


def facts_of(root: ET.Element) -> list[tuple[str, str]]:
    """The (label, words) rows of the first facts list."""
    dl = next(e for e in root.iter("dl") if "st-facts" in classes(e))
    terms = [e for e in dl if e.tag in ("dt", "dd")]
    return [("".join(a.itertext()), "".join(b.itertext())) for a, b in zip(terms[::2], terms[1::2],
                                                                           strict=True)]


@pytest.mark.rule("FR-1", "FR-2")
def test_a_frog_view_shows_the_discard_only_to_the_bidder() -> None:
    state = frog_deal("frog", done=False)
    bidder = state.bidder
    assert bidder is not None
    discard = set(state.discard_seen_by(bidder) or ())
    assert len(discard) == 3
    for seat in state.active:
        view = state.view(seat)
        root = parse(view_html(view))
        named = {card_of_label(e.get("aria-label") or "") for e in imgs(root)
                 if e.get("aria-label") != "face-down card"}
        # the facts are the presentation's, word for word
        assert facts_of(root) == spec("frog").presentation.facts(view)
        assert "Frog bid, trump ♥" in view_html(view)
        if seat == bidder:
            assert discard <= named and "your discard" in view_html(view)
        else:
            assert not discard & named and "your discard" not in view_html(view)


@pytest.mark.rule("FR-1", "FR-2", "FR-5", "SBS-27")
@pytest.mark.parametrize("contract", ["frog", "chico", "grand"])
def test_a_finished_frog_deal_shows_the_discard_and_P(contract: str) -> None:
    state = frog_deal(contract, done=True)
    html = deal_html(state)
    root = parse(html)
    assert notebook_shows(state)["text/html"] == str(html)  # the formatter draws Frog too
    bidder = state.bidder
    assert bidder is not None
    d = state.describe()
    facts = dict(facts_of(root))
    assert facts["Game"] == "Frog (game)" and facts["Contract"].startswith(
        spec("frog").presentation.contract_name(contract))
    results = [f for f in (facts_of(e) for e in root.iter("section")
                           if e.get("aria-label") == "Result") for f in f]
    p_row = dict(results)["Bidder’s points (P, FR-1)"]
    tricks_pts = state.won_points[bidder]
    labels = [card_of_label(e.get("aria-label") or "") for e in imgs(root)]
    if contract == "frog":
        discard = list(state.discard_seen_by(bidder) or ())
        pts = sum(DECK_36.points(c) for c in discard)
        assert p_row == f"{d['bidder_points']} ({tricks_pts} in tricks + {pts} in the discard)"
        assert facts["Discard"].endswith(f"{pts} points, counted for the bidder (FR-1, FR-2)")
        # hands as dealt, the widow, the discard face up, then 33 cards of the tricks
        assert len(labels) == 36 + 3 + 33 and set(discard) <= set(labels[36:39])
    else:
        widow = mask_points(state.widow)
        assert p_row == f"{d['bidder_points']} ({tricks_pts} in tricks + {widow} in the widow)"
        assert "unseen" in facts["Widow"] and len(labels) == 36 + 33
    chips = [td.text for td in root.iter("td")]
    assert chips == [f"{c:+d}" for c in state.chips()]
    assert "Chips (FR-1, FR-5, SBS-27)" in html


def test_the_formatters_cover_every_registered_games_deals() -> None:
    from tutor.display.ipython import deal_picture

    html = NOTEBOOK.formatters["text/html"]
    for s in SPECS:
        state_class = s.game.state_class  # type: ignore[attr-defined]
        assert html.lookup_by_type(state_class) is deal_picture, s.id
        unfinished = s.make().new_deal(1)
        assert notebook_shows(unfinished) == {"text/plain": repr(unfinished)}
    # a state of no registered game keeps its text form
    assert deal_picture(SimpleNamespace(game=SimpleNamespace(id="no-such-game"))) is None  # type: ignore[arg-type]


def test_a_game_without_display_notes_is_DSP_3(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.display import adapter

    fake = SimpleNamespace(folder="tutor.games.no_such_game", name="No Such Game")
    monkeypatch.setattr(adapter, "spec", lambda game: fake)
    adapter.deal_notes.cache_clear()
    try:
        with pytest.raises(DisplayError) as e:
            adapter.deal_notes("no-such-game")
        assert e.value.rule == "DSP-3" and "No Such Game" in str(e.value)
    finally:
        adapter.deal_notes.cache_clear()


@pytest.mark.rule("SBS-3")
def test_points_table_of_another_deck() -> None:
    html = points_table_html(DECK_52, "PI-10")
    root = parse(html)
    cells = [int(td.text or "") for td in root.iter("td") if (td.text or "").isdigit()]
    assert cells == [4, 3, 2, 1, 10, 0, 0, 0, 0, 0, 0, 0, 0]  # A K Q J 10 9 .. 2
    assert "Card points (PI-10)" in html and "20 a suit, 80 in the deck" in html


# --- the seats around the table ------------------------------------------------------------------
def _span(col: str, cols: int) -> range:
    """The grid columns a CSS ``grid-column`` value covers."""
    a, _, b = col.partition(" / ")
    start = int(a)
    end = cols + 1 if b == "-1" else int(b) if b else start + 1
    return range(start, end)


def _rows(row: str | int) -> range:
    a, _, b = str(row).partition(" / ")
    return range(int(a), int(b) if b else int(a) + 1)


@pytest.mark.parametrize("n", range(2, 13))
def test_ring_plan_seats_everyone_clockwise_without_overlap(n: int) -> None:
    plan = ring_plan(n)
    assert plan.n == n and len(plan.seats) == n
    cells: dict[tuple[int, int], str] = {}
    for k, (row, col) in enumerate(plan.seats):
        for r in _rows(row):
            for c in _span(col, plan.cols):
                assert (r, c) not in cells, (n, k, cells.get((r, c)))
                cells[(r, c)] = f"seat {k}"
    crow, ccol = plan.centre
    for r in _rows(crow):
        for c in _span(ccol, plan.cols):
            assert (r, c) not in cells, (n, "centre", cells[(r, c)])
    # the bottom seat alone on the last row, across the whole width
    assert plan.seats[0] == (plan.rows, "1 / -1")
    assert all(row < plan.rows for row, _ in plan.seats[1:])
    # clockwise from the bottom seat: up the left side, along the top, down the right side
    # (the angle about the centre, from the bottom, grows from seat to seat)
    mid_r = (plan.rows - 1 + 2) / 2  # between the top row and the bottom seat
    mid_c = (plan.cols + 1) / 2

    def angle(row: int, col: str) -> float:
        span = _span(col, plan.cols)
        c = (span.start + span.stop - 1) / 2
        return math.degrees(math.atan2(-(c - mid_c), row - mid_r)) % 360  # 0: straight down

    angles = [angle(r, c) for r, c in plan.seats[1:]]
    assert angles == sorted(angles) and angles[0] > 0 and angles[-1] < 360, angles
    # no row or column holds more than five seats: twelve fit a desktop's width
    per_row = [sum(1 for r, _ in plan.seats[1:] if r == row) for row in range(1, plan.rows)]
    assert max(per_row) <= 5 and plan.cols <= 7


@pytest.mark.parametrize("bad", [1, 13, 0, True, "4"])
def test_ring_plan_outside_2_to_12_is_DSP_2(bad: object) -> None:
    with pytest.raises(DisplayError) as e:
        ring_plan(bad)  # type: ignore[arg-type]
    assert e.value.rule == "DSP-2"


def test_ring_html_reads_clockwise_then_the_centre_then_the_bottom_seat() -> None:
    places = [SeatPlace(s, f"seat {s}", f"<p>body {s}</p>", ("to move",) if s == 2 else (),
                        out=s == 3) for s in range(5)]
    root = parse(ring_html(places, "<p>the trick</p>", label="five seats"))
    ring = next(e for e in root.iter() if "st-ring" in classes(e))
    assert ring.get("aria-label") == "five seats" and "--st-cols:4" in (ring.get("style") or "")
    boxes = list(ring)
    assert [b.get("aria-label") for b in boxes] == [
        "seat 1", "seat 2, to move", "seat 3", "seat 4", None, "seat 0"]
    assert "st-centre" in classes(boxes[4]) and "st-bottom" in classes(boxes[5])
    assert "st-out" in classes(boxes[2]) and "st-mark-to-move" in classes(boxes[1])
    plan = ring_plan(5)
    for box, (row, col) in zip([boxes[5], *boxes[:4]], plan.seats, strict=True):
        assert f"--st-r:{row};--st-c:{col}" in (box.get("style") or "")


@pytest.mark.rule("SBS-V2")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_view_html_seats_every_player_around_the_table(players: int) -> None:
    state = random_states(5, players)[-1]
    view = state.view(0)
    root = parse(view_html(view))
    ring = next(e for e in root.iter() if "st-ring" in classes(e))
    seats = [b for b in ring if "st-seat" in classes(b)]
    assert len(seats) == players
    words = spec("six-bid-solo").presentation
    order = [(0 + k) % players for k in range(1, players)] + [0]  # clockwise, then the learner
    assert [b.get("aria-label", "").split(" (")[0] for b in seats] == [f"seat {s}" for s in order]
    for b, s in zip(seats, order, strict=True):
        assert words.seat_label(s, view.active, view.dealer) in (b.get("aria-label") or "")
        assert ("st-out" in classes(b)) == (s not in view.active)


@pytest.mark.parametrize("n", [7, 9, 12])
def test_a_long_trick_is_drawn_in_rows_with_every_caption_inside(n: int) -> None:
    from tutor.display.cards import CAPTION_CHAR
    from tutor.display.table import trick_rows

    cards = DECK_52.cards[:n]
    labels = [f"seat {s}" for s in range(n)]
    per_row = trick_rows(n)
    assert per_row is not None and per_row <= 6
    root = parse(trick_svg(cards, labels=labels, slots=n, per_row=per_row))
    box = [float(v) for v in (root.get("viewBox") or "").split()]
    cards_at = [(float(e.get("x") or 0), float(e.get("y") or 0)) for e in imgs(root)]
    assert len({y for _, y in cards_at}) == -(-n // per_row)  # rows
    assert len({x for x, _ in cards_at}) == per_row
    for e in root.iter(SVG + "text"):
        half = len(e.text or "") * CAPTION_CHAR / 2
        x, y = float(e.get("x") or 0), float(e.get("y") or 0)
        assert box[0] <= x - half and x + half <= box[2] and y <= box[3]
    assert trick_rows(6) is None and trick_rows(7) == 4 and trick_rows(11) == 6


# --- the play table's drawings, for any registered game -------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_play_table_drawings_take_the_games_words(game_id: str) -> None:
    from tutor.display.play_table import settlement_html, table_status_html, table_view_html

    words = spec(game_id).presentation
    for state in random_states(12, 3, game_id):
        for seat in state.active:
            view = state.view(seat)
            html = table_view_html(view, {}, fallen=[], teaching_aid=True)
            root = parse(html)
            named = {card_of_label(e.get("aria-label") or "") for e in imgs(root)
                     if e.get("aria-label") != "face-down card"}
            assert named <= view.visible_cards()
            assert facts_of(root) == words.facts(view)
            status = table_status_html(view, done=state.is_terminal(),
                                       learner_to_move=view.to_move == seat, auto=False,
                                       match=None)
            prompt, rule = words.prompt(view)
            if view.to_move == seat and not state.is_terminal():
                assert prompt in status and rule in status
    done = finished(2, 3, game_id)
    while done.bidder is None:
        done = finished(random.randrange(1000), 3, game_id)
    html = settlement_html(done, done.active[0], None)
    rule = {"frog": "FR-1", "crazy-solo": "CS-11"}.get(game_id, "SBS-12")
    assert f"P = {done.describe()['bidder_points']} points ({rule}" in html
    assert words.contract_name(done.contract_id or "") in html


# --- the stylesheet ------------------------------------------------------------------------------
def test_lesson_css_defines_every_variable_the_drawings_use() -> None:
    css = lesson_css()
    assert css == (ROOT / "assets" / "lesson.css").read_text(encoding="utf-8")
    assert "prefers-color-scheme: dark" in css
    assert 'data-jp-theme-light="false"' in css
    assert re.search(r"@media \(max-width: *\d+px\)", css)
    state = finished(7, 4)
    drawn = (deal_html(state) + view_html(state.view(0)) + card_svg("7C", four_colour=True)
             + card_svg("7D", four_colour=True, emphasis="winner"))
    used = set(re.findall(r"var\((--st-[a-z-]+)", drawn))
    defined = set(re.findall(r"(--st-[a-z-]+)\s*:", css))
    assert used and used <= defined
    assert style_html().startswith("<style>")


def test_facts_labels_do_not_float_in_jupyterlab() -> None:
    """JupyterLab floats ``.jp-OutputArea-output dt`` at 20% width (``dd`` at 80%): inside the
    facts grid a label would wrap word by word. lesson.css undoes it for every facts list (the
    widgets no longer carry their own copy of the rule)."""
    css = re.sub(r"/\*.*?\*/", "", lesson_css(), flags=re.S)
    for tag in ("dt", "dd"):
        rule = re.search(r"dl\.st-facts\.st-facts > " + tag + r" \{([^}]*)\}", css)
        assert rule is not None, tag
        assert "float: none" in rule.group(1) and "width: auto" in rule.group(1), tag
    from tutor.widgets.advisor_panel import WIDGET_CSS

    assert "st-facts" not in WIDGET_CSS


def test_lesson_css_missing_is_DSP_3(tmp_path: Path) -> None:
    with pytest.raises(DisplayError) as e:
        lesson_css(tmp_path / "nope.css")
    assert e.value.rule == "DSP-3"


def test_drawings_are_json_safe_strings() -> None:
    # a widget sends these as trait values: plain str, JSON round trip unchanged
    svg = hand_svg(["AS", "TH"])
    assert json.loads(json.dumps(svg)) == svg


def test_text_form_is_short_for_saved_notebooks() -> None:
    class Printer:  # the part of IPython's pretty printer that _repr_pretty_ uses
        out = ""

        def text(self, t: str) -> None:
            self.out += t

    def pretty(obj: SvgStr | HtmlStr) -> str:
        p = Printer()
        obj._repr_pretty_(p, False)
        return p.out

    assert pretty(card_svg("TH")) == "<svg: ten of hearts>"
    assert pretty(hand_svg(["AS", "TH"])) == "<svg: hand: 2 cards>"
    assert pretty(view_html(SixBidSolo().new_deal(1).view(0))) == "<html: seat 0’s view>"


def _palette(css: str, selector_start: str) -> dict[str, str]:
    """The ``--st-*`` colours of the first CSS block whose selector starts with the given text;
    a ``var(--jp-x, #hex)`` value is read as its fallback (the theme's own value may differ)."""
    i = css.index(selector_start)
    block = css[css.index("{", i) + 1: css.index("}", i)]
    out = {}
    for name, value in re.findall(r"(--st-[a-z-]+)\s*:\s*([^;]+);", block):
        m = re.search(r"#[0-9a-fA-F]{6}", value)
        if m:
            out[name] = m.group(0)
    return out


def _luminance(hex_colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("block", [":root", 'body[data-jp-theme-light="false"]',
                                   "body:not([data-jp-theme-light])", ".st-theme-light"])
def test_suit_inks_reach_wcag_aa_contrast_on_the_card_face(block: str) -> None:
    css = lesson_css()
    pal = _palette(css, block)
    face = pal.get("--st-card-face", "#ffffff")
    for ink in ("--st-black", "--st-red", "--st-clubs", "--st-diamonds"):
        assert contrast(pal[ink], face) >= 4.5, (block, ink, pal[ink], face)
    # and the same inks on JupyterLab's own dark card face (--jp-layout-color1: #212121)
    if "false" in block:
        for ink in ("--st-red", "--st-clubs", "--st-diamonds"):
            assert contrast(pal[ink], "#212121") >= 4.5


@pytest.mark.parametrize("name", ["tutor.display.cards", "tutor.display.ring"])
def test_the_display_docstrings_examples_run(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
