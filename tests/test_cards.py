"""Cards: SBS-1..SBS-4, the notation of hand-record.md, decks as data."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import DECK_24, DECK_36, DECK_52, Card, Rank, Suit, parse_cards
from tutor.errors import NotationError, TutorError

TAPP = ["A", "T", "K", "Q", "J", "9", "8", "7", "6"]


def test_SBS_1_deck_of_36_in_four_suits() -> None:
    assert len(DECK_36) == 36
    assert {c.suit for c in DECK_36.cards} == set(Suit)
    assert [r.letter for r in DECK_36.ranks] == TAPP
    assert len(set(DECK_36.cards)) == 36
    assert Card.parse("5H") not in DECK_36


def test_SBS_2_rank_order_ten_above_king() -> None:
    hearts = [Card.parse(r + "H") for r in TAPP]
    assert sorted(hearts, reverse=True) == hearts
    assert Card.parse("TH") > Card.parse("KH") > Card.parse("QH")
    assert Card.parse("AH") > Card.parse("TH")
    assert Card.parse("7S") < Card.parse("8S")
    assert DECK_36.beats(Card.parse("TC"), Card.parse("KC"))


def test_SBS_3_card_points_30_a_suit_120_in_all() -> None:
    want = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
    for card in DECK_36.cards:
        assert card.points == want[card.rank.letter] == DECK_36.points(card)
    for suit in Suit:
        assert sum(c.points for c in DECK_36.cards if c.suit is suit) == 30
    assert sum(c.points for c in DECK_36.cards) == 120


def test_SBS_4_suit_tie_break_clubs_high_diamonds_low() -> None:
    aces = [Card.parse(s) for s in ("AC", "AS", "AH", "AD")]
    assert sorted(aces, reverse=True) == aces
    assert min(DECK_36.cards) == Card.parse("6D")  # SBS-6: the lowest card of the deck
    assert max(DECK_36.cards) == Card.parse("AC")


def test_notation_accepts_the_documented_forms() -> None:
    th = Card(Rank.TEN, Suit.HEARTS)
    for text in ("TH", "th", "10H", "10h", "10♥", "T♥", "t♥"):
        assert Card.parse(text) == th
    assert th.text == "TH" and str(th) == "TH"
    assert th.name == "ten of hearts"
    assert parse_cards(["AS", "6D"]) == [Card.parse("AS"), Card.parse("6D")]


@pytest.mark.parametrize("bad", ["", "X", "1H", "TX", "AAS", "10", "♥T", "T H", "11H"])
def test_notation_rejects_with_a_typed_error(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(bad)
    assert "REC-3" in str(err.value) and repr(bad) in str(err.value)


def test_cards_are_immutable_hashable_and_repr_evaluates_back() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert len({card, Card.parse("qs"), Card.parse("Q♠")}) == 1
    assert eval(repr(card)) == card
    assert eval(repr(Suit.HEARTS)) is Suit.HEARTS and eval(repr(Rank.TEN)) is Rank.TEN


def test_decks_as_data_for_the_other_games() -> None:
    assert len(DECK_24) == 24 and {c.rank.letter for c in DECK_24.cards} == set("ATKQJ9")
    assert len(DECK_52) == 52
    # Auction Pitch ranks in the natural order: the ten below the jack, game points differ
    assert DECK_52.beats(Card.parse("JH"), Card.parse("TH"))
    assert DECK_52.points(Card.parse("TH")) == 10 and DECK_52.points(Card.parse("AH")) == 4
    reduced = DECK_36.without(parse_cards(["6C", "6S"]))
    assert len(reduced) == 34 and Card.parse("6C") not in reduced
    assert DECK_36.index(Card.parse("AC")) == 0 and DECK_36.index(Card.parse("6D")) == 35


@given(st.sampled_from(DECK_52.cards), st.booleans(), st.booleans(), st.booleans())
def test_notation_round_trips(card: Card, lower: bool, symbol: bool, ten: bool) -> None:
    rank = "10" if ten and card.rank is Rank.TEN else card.rank.letter
    suit = card.suit.symbol if symbol else card.suit.letter
    text = rank + suit
    assert Card.parse(text.lower() if lower else text) == card
    assert Card.parse(card.text) == card and eval(repr(card)) == card


@given(st.text(max_size=4))
def test_parser_raises_only_typed_errors(text: str) -> None:
    try:
        card = Card.parse(text)
    except TutorError:
        return
    assert Card.parse(card.text) == card


def test_suit_parse() -> None:
    assert Suit.parse("♦") is Suit.DIAMONDS and Suit.parse("c") is Suit.CLUBS
    with pytest.raises(NotationError):
        Suit.parse("X")
