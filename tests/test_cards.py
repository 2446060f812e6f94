"""Cards: SBS-1..SBS-4, the notation of hand-record.md, decks as data (order and points are the
deck's, PI-1 and PI-10 for Auction Pitch, SS-1 for Sixty-Six)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import DECK_24, DECK_36, DECK_52, Card, Rank, Suit, parse_cards
from tutor.engine.match import cut_order
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
    assert sorted(hearts, key=DECK_36.strength, reverse=True) == hearts
    assert [DECK_36.strength(c) for c in hearts] == list(range(9, 0, -1))
    th, kh, qh = Card.parse("TH"), Card.parse("KH"), Card.parse("QH")
    assert DECK_36.beats(th, kh) and DECK_36.beats(kh, qh) and not DECK_36.beats(kh, th)
    assert DECK_36.beats(Card.parse("AH"), th)
    assert not DECK_36.beats(Card.parse("7S"), Card.parse("8S"))
    assert DECK_24.beats(th, kh)  # SS-1: Sixty-Six ranks A 10 K Q J 9 too


def test_cards_have_no_order_of_their_own() -> None:
    """Which card is higher depends on the game (T♠ > K♠ in Six-Bid Solo, not in Pitch)."""
    with pytest.raises(TypeError):
        assert Card.parse("TS") > Card.parse("KS")  # type: ignore[operator]
    with pytest.raises(TypeError):
        sorted(parse_cards(["TS", "KS"]))  # type: ignore[type-var]


def test_SBS_3_card_points_30_a_suit_120_in_all() -> None:
    want = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
    for card in DECK_36.cards:
        assert DECK_36.points(card) == want[card.rank.letter] == DECK_36.rank_points(card.rank)
    for suit in Suit:
        assert sum(DECK_36.points(c) for c in DECK_36.cards if c.suit is suit) == 30
    assert DECK_36.total_points == 120 == DECK_24.total_points  # SS-1: 120 in all


def test_card_points_on_the_card_are_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="Deck.points"):
        assert Card.parse("AS").points == 11


def test_SBS_4_suit_tie_break_clubs_high_diamonds_low() -> None:
    aces = [Card.parse(s) for s in ("AC", "AS", "AH", "AD")]
    assert sorted(aces, key=cut_order, reverse=True) == aces
    assert min(DECK_36.cards, key=cut_order) == Card.parse("6D")  # SBS-6: the lowest card
    assert max(DECK_36.cards, key=cut_order) == Card.parse("AC")
    assert cut_order(Card.parse("6C")) > cut_order(Card.parse("6D"))  # SBS-4 breaks rank ties
    assert cut_order(Card.parse("7D")) > cut_order(Card.parse("6C"))  # rank first (SBS-2)


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
    # PI-1: Auction Pitch ranks in the natural order, the ten below the jack; PI-10: game points
    # 10 = 10, A 4, K 3, Q 2, J 1
    th, kh = Card.parse("TH"), Card.parse("KH")
    assert DECK_52.beats(Card.parse("JH"), th) and DECK_52.beats(kh, th)
    assert [r.letter for r in DECK_52.ranks] == list("AKQJT98765432")
    assert [DECK_52.points(Card.parse(r + "S")) for r in "AKQJT98765432"] == \
        [4, 3, 2, 1, 10] + [0] * 8
    assert DECK_52.total_points == 80 and DECK_52.strength(Card.parse("2C")) == 1
    reduced = DECK_36.without(parse_cards(["6C", "6S"]))
    assert len(reduced) == 34 and Card.parse("6C") not in reduced
    assert reduced.total_points == 120  # CS-1: only zero-point cards are removed
    assert DECK_36.index(Card.parse("AC")) == 0 and DECK_36.index(Card.parse("6D")) == 35
    assert list(DECK_36) == list(DECK_36.cards)


def test_a_deck_sorts_and_parses_its_own_cards() -> None:
    hand = parse_cards(["KS", "2S", "TS", "AH", "9C"])
    assert [c.text for c in DECK_52.ordered(hand)] == ["9C", "KS", "TS", "2S", "AH"]
    assert [c.text for c in DECK_36.ordered(parse_cards(["KS", "9C", "TS"]))] == ["9C", "TS", "KS"]
    assert DECK_52.parse("2s") == Card.parse("2S") and DECK_24.parse("10♥") == Card.parse("TH")
    for deck, text in ((DECK_24, "8S"), (DECK_36, "2S"), (DECK_36.without([Card.parse("6S")]),
                                                          "6S")):
        with pytest.raises(NotationError, match="REC-3") as err:
            deck.parse(text, where="hands[2][4]")
        assert str(err.value).startswith(f"hands[2][4]: {text} — REC-3")
        with pytest.raises(NotationError, match="REC-3"):
            deck.index(Card.parse(text))
    with pytest.raises(NotationError, match="REC-3"):
        DECK_52.parse("XS", where="play[0]")


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
