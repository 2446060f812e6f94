"""Card faces, card backs, hands and tricks as SVG, drawn in code (no third-party art).

A face is a rounded rectangle with the rank and suit index in two corners and, in the middle,
the pips of the rank: one large pip on the ace, 6 to 10 pips on the number cards (pips below
the middle turned upside down, as on a printed card), and on the king, queen and jack a framed
court panel with the letter and one suit mark (no pips). ``PIP_COUNT`` states this.

Accessibility and themes:

- every card is ``<svg role="img" aria-label="ten of hearts">`` with a ``<title>`` of the same
  words (:attr:`tutor.cards.Card.name`); a face-down card is "face-down card"; a hand or a trick
  is ``role="group"`` with a label, and each card inside keeps its own ``role="img"`` label;
- colours are CSS variables with inline fallbacks, so a card drawn alone is readable, follows
  JupyterLab's theme (``--jp-layout-color1``, ``--jp-content-font-color0``,
  ``--jp-error-color1`` ...) and can be re-themed by ``assets/lesson.css`` through ``--st-*``
  variables: ``--st-card-face``, ``--st-card-edge``, ``--st-black``, ``--st-red``, and with
  ``four_colour=True`` ``--st-clubs`` (green) and ``--st-diamonds`` (blue);
- classes say what a thing is: ``st-card``, ``st-red`` / ``st-black``, ``st-four``,
  ``st-suit-hearts``, ``st-rank-ten``, ``st-pip``, ``st-index``, ``st-court``, ``st-back`` and an
  emphasis class ``st-<emphasis>``.

Emphasis (``EMPHASES``): ``selected`` and ``legal`` (accent outline), ``winner`` (gold outline),
``right`` (green), ``wrong`` (red, dashed), ``missed`` (accent, dashed), ``dim`` (faded).

>>> svg = card_svg("TH")
>>> 'aria-label="ten of hearts"' in svg, svg.count('class="st-pip"')
(True, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from ..cards import DECK_36, DECK_52, Card, Deck, Rank, Suit
from .markup import CardLike, DisplayError, SvgStr, as_card, esc, num

#: The face's own coordinate system; ``width`` scales it (height = width × 90/64).
VIEW_W, VIEW_H = 64.0, 90.0
ASPECT = VIEW_H / VIEW_W
DEFAULT_WIDTH = 64

#: Pips on a face, by rank (the court cards show a framed letter instead of pips). The ranks
#: 5..2 are there for the 52-card deck of other games of the family.
PIP_COUNT: dict[Rank, int] = {
    Rank.ACE: 1, Rank.TEN: 10, Rank.KING: 0, Rank.QUEEN: 0, Rank.JACK: 0,
    Rank.NINE: 9, Rank.EIGHT: 8, Rank.SEVEN: 7, Rank.SIX: 6,
    Rank.FIVE: 5, Rank.FOUR: 4, Rank.THREE: 3, Rank.TWO: 2,
}  # fmt: skip

EMPHASES = ("", "selected", "legal", "winner", "right", "wrong", "missed", "dim")

_SANS = "DejaVu Sans,Verdana,Arial,Helvetica,sans-serif"

# Suit shapes drawn in a 20×20 box centred on (0, 0), pointing up.
_SHAPES: dict[Suit, str] = {
    Suit.HEARTS: '<path d="M0 9C-4 5-10 1-10-4C-10-8-7-10-4.7-10C-2.5-10-.8-8.6 0-6.6'
                 'C.8-8.6 2.5-10 4.7-10C7-10 10-8 10-4C10 1 4 5 0 9Z"/>',
    Suit.DIAMONDS: '<path d="M0-10L7.5 0 0 10-7.5 0Z"/>',
    Suit.SPADES: '<path d="M0-10C-4-5-10-2-10 2.5C-10 5.8-7.6 7.5-5.2 7.5C-3.6 7.5-2.2 6.8-1.2 5.6'
                 'C-1.4 7.6-2.4 9-4 10H4C2.4 9 1.4 7.6 1.2 5.6C2.2 6.8 3.6 7.5 5.2 7.5'
                 'C7.6 7.5 10 5.8 10 2.5C10-2 4-5 0-10Z"/>',
    Suit.CLUBS: '<circle cx="0" cy="-4.8" r="4.7"/><circle cx="-5.1" cy="2" r="4.7"/>'
                '<circle cx="5.1" cy="2" r="4.7"/><circle cx="0" cy="0.6" r="2.8"/>'
                '<path d="M-1.3 1C-1.3 5-2.5 8.5-4.5 10H4.5C2.5 8.5 1.3 5 1.3 1Z"/>',
}

# Colours: the lesson variable, then JupyterLab's theme variable, then a light-theme default.
_FACE = "var(--st-card-face,var(--jp-layout-color1,#fff))"
_EDGE = "var(--st-card-edge,var(--jp-border-color1,#9e9e9e))"
_BLACK = "var(--st-black,var(--jp-content-font-color0,#1b1b1b))"
_RED = "var(--st-red,var(--jp-error-color1,#c62828))"
_GREEN = "var(--st-clubs,var(--jp-success-color1,#2e7d32))"
_BLUE = "var(--st-diamonds,var(--jp-brand-color1,#1565c0))"
_BACK = "var(--st-back,var(--jp-brand-color1,#1565c0))"
_ACCENT = "var(--st-accent,var(--jp-brand-color1,#1565c0))"
_GOLD = "var(--st-winner,var(--jp-warn-color1,#ef8f00))"
_MUTED = "var(--st-muted,var(--jp-ui-font-color2,#757575))"

_MARK_STYLE: dict[str, tuple[str, str]] = {  # emphasis -> (stroke colour, dash pattern)
    "selected": (_ACCENT, ""), "legal": (_ACCENT, ""), "winner": (_GOLD, ""),
    "right": (_GREEN, ""), "wrong": (_RED, "4 3"), "missed": (_ACCENT, "4 3"),
}  # fmt: skip

_RANK_SHOWN = {Rank.TEN: "10"}  # the index shows "10"; card text stays "TH"

# Pip centres (x, y) in face coordinates for the number cards and the ace.
_L, _C, _R = 22.0, 32.0, 42.0
_ROW4 = (19.0, 36.33, 53.67, 71.0)
_ROW3 = (19.0, 45.0, 71.0)
_SIDES3 = tuple((x, y) for y in _ROW3 for x in (_L, _R))  # two columns of three
_SIDES4 = tuple((x, y) for y in _ROW4 for x in (_L, _R))  # two columns of four
_PIPS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.ACE: ((_C, 45.0),),
    Rank.TWO: ((_C, 19.0), (_C, 71.0)),
    Rank.THREE: ((_C, 19.0), (_C, 45.0), (_C, 71.0)),
    Rank.FOUR: ((_L, 19.0), (_R, 19.0), (_L, 71.0), (_R, 71.0)),
    Rank.FIVE: ((_L, 19.0), (_R, 19.0), (_C, 45.0), (_L, 71.0), (_R, 71.0)),
    Rank.SIX: (*_SIDES3,),
    Rank.SEVEN: (*_SIDES3, (_C, 32.0)),
    Rank.EIGHT: (*_SIDES3, (_C, 32.0), (_C, 58.0)),
    Rank.NINE: (*_SIDES4, (_C, 45.0)),
    Rank.TEN: (*_SIDES4, (_C, 27.67), (_C, 62.33)),
}


def suit_colour_class(suit: Suit, four_colour: bool = False) -> str:
    """``st-red`` or ``st-black`` (plus ``st-four`` when four-colour suits are on)."""
    base = "st-red" if suit.is_red else "st-black"
    return base + (" st-four" if four_colour else "")


def _ink(suit: Suit, four_colour: bool) -> str:
    if four_colour and suit is Suit.CLUBS:
        return _GREEN
    if four_colour and suit is Suit.DIAMONDS:
        return _BLUE
    return _RED if suit.is_red else _BLACK


def _shape(suit: Suit, x: float, y: float, scale: float, cls: str, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (f'<g class="{cls}" transform="translate({num(x)} {num(y)}) scale({num(scale)}){turn}">'
            f"{_SHAPES[suit]}</g>")


def _index(card: Card) -> str:
    rank = _RANK_SHOWN.get(card.rank, card.rank.letter)
    squeeze = ' textLength="13" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    return (f'<text class="st-index" x="9.5" y="15" text-anchor="middle" font-size="12.5" '
            f'font-weight="700" font-family="{_SANS}"{squeeze}>{rank}</text>'
            + _shape(card.suit, 9.5, 23.5, 0.4, "st-index"))


def _face_body(card: Card) -> str:
    parts = [_index(card), f'<g transform="rotate(180 {num(VIEW_W / 2)} {num(VIEW_H / 2)})">'
             f"{_index(card)}</g>"]
    pips = _PIPS.get(card.rank)
    if pips is not None:
        scale = 1.5 if card.rank is Rank.ACE else 0.52
        parts += [_shape(card.suit, x, y, scale, "st-pip", flip=y > VIEW_H / 2 + 1)
                  for x, y in pips]
    else:  # court card: a framed panel with the letter and a suit mark, no pips
        parts.append(
            f'<g class="st-court"><rect x="16" y="13" width="32" height="64" rx="3" '
            f'style="fill:none;stroke:currentColor" stroke-width="1.2"/>'
            f'<text x="32" y="60" text-anchor="middle" font-size="26" font-weight="700" '
            f'font-family="Georgia,DejaVu Serif,serif">{card.rank.letter}</text></g>'
            + _shape(card.suit, 32, 29, 0.7, "st-mark"))
    return "".join(parts)


@cache  # the same lattice for every back: a twelve-seat table draws dozens per redraw
def _back_body() -> str:
    # A lattice of diagonal lines clipped by hand to the inner panel (no <pattern>: ids would
    # clash between the many cards of one page).
    x0, y0, x1, y1 = 6.0, 6.0, VIEW_W - 6, VIEW_H - 6
    segs = []
    for c in range(-int(x1), int(y1) + 1, 7):  # lines y = x + c and y = -x + c'
        xa, xb = max(x0, y0 - c), min(x1, y1 - c)
        if xa < xb:
            segs.append(f"M{num(xa)} {num(xa + c)}L{num(xb)} {num(xb + c)}")
    for c in range(int(x0 + y0), int(x1 + y1) + 1, 7):
        xa, xb = max(x0, c - y1), min(x1, c - y0)
        if xa < xb:
            segs.append(f"M{num(xa)} {num(c - xa)}L{num(xb)} {num(c - xb)}")
    return (f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" height="{num(y1 - y0)}" '
            f'rx="3" style="fill:{_BACK}"/>'
            f'<path d="{"".join(segs)}" style="fill:none;stroke:{_FACE}" stroke-width="1" '
            f'opacity="0.45"/>')


def _check_emphasis(emphasis: str, where: str) -> None:
    if emphasis not in EMPHASES:
        raise DisplayError("DSP-2", "unknown emphasis; one of " + ", ".join(EMPHASES[1:]),
                           where=where, what=repr(emphasis))


def _card_element(card: Card | None, *, x: float, y: float, width: float, four_colour: bool,
                  emphasis: str, standalone: bool) -> str:
    """One card as an ``<svg>`` element (nested in a hand when ``standalone`` is false)."""
    height = width * ASPECT
    if card is None:
        label, classes, ink = "face-down card", "st-card st-back", _BACK
    else:
        label = card.name
        classes = (f"st-card {suit_colour_class(card.suit, four_colour)} "
                   f"st-suit-{card.suit.noun} st-rank-{card.rank.noun}")
        ink = _ink(card.suit, four_colour)
    if emphasis:
        classes += f" st-{emphasis}"
        if emphasis in ("selected", "winner", "right", "wrong", "missed"):
            label += f" ({emphasis})"
    head = '<svg xmlns="http://www.w3.org/2000/svg"' if standalone else "<svg"
    pos = "" if standalone else f' x="{num(x)}" y="{num(y)}"'
    style = ' style="opacity:.42"' if emphasis == "dim" else ""
    parts = [
        f'{head} class="{classes}" role="img" aria-label="{esc(label)}"{pos} '
        f'width="{num(width)}" height="{num(height)}" viewBox="0 0 {num(VIEW_W)} {num(VIEW_H)}"'
        f"{style}><title>{esc(label)}</title>",
        f'<rect class="st-face" x=".6" y=".6" width="{num(VIEW_W - 1.2)}" '
        f'height="{num(VIEW_H - 1.2)}" rx="5" style="fill:{_FACE};stroke:{_EDGE}" '
        f'stroke-width="1.2"/>',
    ]
    if card is None:
        parts.append(_back_body())
    else:
        parts.append(f'<g style="fill:{ink};color:{ink}">{_face_body(card)}</g>')
    mark = _MARK_STYLE.get(emphasis)
    if mark is not None:
        colour, dash = mark
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<rect class="st-outline" x="2" y="2" width="{num(VIEW_W - 4)}" '
                     f'height="{num(VIEW_H - 4)}" rx="4" style="fill:none;stroke:{colour}" '
                     f'stroke-width="3.2"{dash_attr}/>')
    parts.append("</svg>")
    return "".join(parts)


def card_svg(card: CardLike, *, four_colour: bool = False, face_down: bool = False,
             width: float = DEFAULT_WIDTH, emphasis: str = "") -> SvgStr:
    """One card as a standalone SVG (``role="img"``, ``aria-label`` = the card's name).

    ``card`` is a :class:`~tutor.cards.Card`, a text (``"TH"``, ``"10♥"``) or an engine int.
    ``face_down`` draws the back (the label then says only "face-down card", so a hidden card
    never leaks through its label). ``width`` is in CSS pixels; the SVG scales with its box.
    """
    c = as_card(card)
    _check_emphasis(emphasis, "card_svg")
    _check_width(width, "card_svg")
    return SvgStr(_card_element(None if face_down else c, x=0, y=0, width=width,
                                four_colour=four_colour, emphasis=emphasis, standalone=True))


def card_back_svg(*, width: float = DEFAULT_WIDTH) -> SvgStr:
    """A face-down card (the back), e.g. for another player's hand size."""
    _check_width(width, "card_back_svg")
    return SvgStr(_card_element(None, x=0, y=0, width=width, four_colour=False, emphasis="",
                                standalone=True))


def _check_width(width: float, where: str) -> None:
    if not isinstance(width, int | float) or isinstance(width, bool) or not 8 <= width <= 1000:
        raise DisplayError("DSP-2", "width is a number of pixels, 8..1000", where=where,
                           what=repr(width))


def emphasis_of(emphasis: Mapping[CardLike, str] | None, where: str,
                deck: Deck | None = None) -> dict[Card, str]:
    """``{card: emphasis}`` with every key read as a card (an int as an index into ``deck``)."""
    out: dict[Card, str] = {}
    for k, v in (emphasis or {}).items():
        _check_emphasis(v, where)
        out[as_card(k, where, deck)] = v
    return out


def hand_svg(cards: Iterable[CardLike], *, four_colour: bool = False,
             width: float = DEFAULT_WIDTH, overlap: float = 0.45, sort: bool = True,
             emphasis: Mapping[CardLike, str] | None = None, label: str = "hand",
             face_down: int = 0, deck: Deck | None = None) -> SvgStr:
    """A hand as one SVG: cards side by side, overlapping by ``overlap`` of a card's width.

    Cards are sorted into display order (suits ♣ ♠ ♥ ♦, each from the highest down in the rank
    order of ``deck``, the game's deck: ``game.info.deck``) unless ``sort=False``, with a small
    gap between suits; an int card is an index into ``deck``. Without ``deck``: the 36-card
    deck's order, or the 52-card deck's for a hand holding a card outside it. ``emphasis`` maps
    cards to an emphasis
    (``{"TH": "selected"}``). ``face_down=n`` draws ``n`` backs instead (another seat's hand:
    only its size is known). The group's label says how many cards it holds.
    """
    if not 0 <= overlap <= 0.85:
        raise DisplayError("DSP-2", "overlap is a fraction of a card, 0..0.85", where="hand_svg",
                           what=repr(overlap))
    _check_width(width, "hand_svg")
    hand = [as_card(c, f"hand_svg[{i}]", deck) for i, c in enumerate(cards)]
    if sort:
        if deck is None:
            deck = DECK_36 if all(c in DECK_36 for c in hand) else DECK_52
        hand.sort(key=deck.sort_key)
    marks = emphasis_of(emphasis, "hand_svg", deck)
    height = width * ASPECT
    step = width * (1 - overlap)
    gap = width * 0.14
    pad = 2.0
    items: list[str] = []
    x = pad
    shown: list[Card | None] = [None] * face_down if face_down else list(hand)
    for i, card in enumerate(shown):
        prev = shown[i - 1] if i else None
        if i and card is not None and prev is not None and prev.suit != card.suit:
            x += gap
        items.append(_card_element(card, x=x, y=pad, width=width, four_colour=four_colour,
                                   emphasis=marks.get(card, "") if card else "",
                                   standalone=False))
        x += step
    total_w = (x - step + width + pad) if shown else width + 2 * pad
    n = len(shown)
    words = f"{label}: {n} card{'s' if n != 1 else ''}"
    if face_down:
        words += ", face down"
    if not shown:
        items.append(f'<rect x="{num(pad)}" y="{num(pad)}" width="{num(width)}" '
                     f'height="{num(height)}" rx="5" style="fill:none;stroke:{_MUTED}" '
                     f'stroke-dasharray="4 3"/>')
    return SvgStr(_group_svg(words, total_w, height + 2 * pad, "st-hand", "".join(items)))


#: The widest a character of an 11 px sans-serif caption is on average (digits and lower case
#: are about 0.55 em): room is made for captions by this measure.
CAPTION_CHAR = 6.4


def _group_svg(label: str, w: float, h: float, cls: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="group" '
            f'aria-label="{esc(label)}" width="{num(w)}" height="{num(h)}" '
            f'viewBox="0 0 {num(w)} {num(h)}" style="max-width:100%;height:auto">'
            f"<title>{esc(label)}</title>{body}</svg>")


#: The most cards a trick has: one from each of up to 12 seats.
MAX_SLOTS = 12


def trick_svg(cards: Sequence[CardLike], *, seats: Sequence[int] | None = None,
              labels: Sequence[str] | None = None, winner: int | None = None,
              slots: int = 3, four_colour: bool = False,
              width: float = DEFAULT_WIDTH, per_row: int | None = None) -> SvgStr:
    """A trick in play order, each card captioned with its seat (or ``labels``).

    ``seats[i]`` is the seat that played ``cards[i]``; the first card is the lead. ``winner``
    (a seat) draws that card with the ``winner`` outline — pass it only when the learner may
    know it (never while asking "who wins this trick?"). Empty places up to ``slots`` (0..12,
    one per seat) are drawn dashed, for a trick in progress. ``per_row`` breaks a long trick
    into rows of that many places, so that many seats' trick stays legible in a narrow box.
    """
    _check_width(width, "trick_svg")
    played = [as_card(c, f"trick_svg[{i}]") for i, c in enumerate(cards)]
    if seats is not None and len(seats) != len(played):
        raise DisplayError("DSP-2", "one seat per card", where="trick_svg.seats",
                           what=repr(list(seats)))
    if labels is not None and len(labels) != len(played):
        raise DisplayError("DSP-2", "one label per card", where="trick_svg.labels",
                           what=repr(list(labels)))
    if not 0 <= slots <= MAX_SLOTS:
        raise DisplayError("DSP-2", f"slots is 0..{MAX_SLOTS}", where="trick_svg",
                           what=repr(slots))
    if per_row is not None and (isinstance(per_row, bool) or not isinstance(per_row, int)
                                or per_row < 1):
        raise DisplayError("DSP-2", "per_row is a number of places, 1 or more",
                           where="trick_svg", what=repr(per_row))
    if winner is not None and (seats is None or winner not in seats):
        raise DisplayError("DSP-2", "the winner must be one of the trick's seats",
                           where="trick_svg.winner", what=repr(winner))
    captions = list(labels) if labels is not None else (
        [f"seat {s}" for s in seats] if seats is not None else ["" for _ in played])
    height = width * ASPECT
    cap_h = 16.0 if any(captions) else 0.0
    longest = max((len(c) + 4 for c in captions), default=0)  # " led" on the first
    cap_w = longest * CAPTION_CHAR  # the widest caption, centred under its card
    step = max(width * 1.12, cap_w + 6)  # room for the captions side by side
    pad = 2.0
    # a caption wider than its card overhangs it by half the difference on each side: the
    # margin keeps the first caption's start ("seat 0 led") and the last one's end in view
    margin = max(pad, (cap_w - width) / 2 + pad)
    items: list[str] = []
    spoken: list[str] = []
    n = max(slots, len(played))
    across = min(n, per_row) if per_row is not None else n  # places in one row
    line_h = height + cap_h + pad  # one row of cards with their captions
    for i in range(n):
        x = margin + (i % across) * step
        y = pad + (i // across) * line_h
        if i < len(played):
            card = played[i]
            seat = seats[i] if seats is not None else None
            em = "winner" if winner is not None and seat == winner else ""
            items.append(_card_element(card, x=x, y=y, width=width, four_colour=four_colour,
                                       emphasis=em, standalone=False))
            cap = captions[i] + (" led" if i == 0 and captions[i] else "")
            if cap:
                items.append(f'<text x="{num(x + width / 2)}" y="{num(y + height + 13)}" '
                             f'text-anchor="middle" font-size="11" font-family="{_SANS}" '
                             f'style="fill:{_BLACK}" aria-hidden="true">{esc(cap)}</text>')
            who = captions[i] or f"card {i + 1}"
            spoken.append(f"{who} {'led' if i == 0 else 'played'} {card.name}")
        else:
            items.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" '
                         f'height="{num(height)}" rx="5" style="fill:none;stroke:{_MUTED}" '
                         f'stroke-dasharray="4 3"/>')
    label = "trick: " + ("; ".join(spoken) if spoken else "no card played yet")
    if winner is not None:
        label += f"; won by seat {winner}"
    w = margin * 2 + (across - 1) * step + width if n else width + 2 * pad
    rows = -(-n // across) if n else 1
    h = rows * line_h + pad  # = height + cap_h + 2 * pad for one row
    return SvgStr(_group_svg(label, w, h, "st-trick", "".join(items)))


def rank_ladder_svg(suit: Suit | str = Suit.HEARTS, *, four_colour: bool = False,
                    width: float = 48, points: bool = True, deck: Deck = DECK_36) -> SvgStr:
    """The cards of one suit from the highest down, with card points, in ``deck``'s order.

    The order and the points come from the deck (by default the 36-card deck of SBS-2 and
    SBS-3, :data:`tutor.cards.DECK_36`; Pitch's ``DECK_52`` draws 13 cards) — nothing here
    restates the rules.
    """
    s = suit if isinstance(suit, Suit) else _suit_of(suit)
    _check_width(width, "rank_ladder_svg")
    ranks = tuple(r for r in deck.ranks if Card(r, s) in deck)
    worth = {r: deck.rank_points(r) for r in ranks}
    height = width * ASPECT
    step = width * 1.08
    pad = 2.0
    items = []
    for i, rank in enumerate(ranks):
        x = pad + i * step
        items.append(_card_element(Card(rank, s), x=x, y=pad, width=width,
                                   four_colour=four_colour, emphasis="", standalone=False))
        if points:
            items.append(f'<text x="{num(x + width / 2)}" y="{num(pad + height + 13)}" '
                         f'text-anchor="middle" font-size="11" font-family="{_SANS}" '
                         f'style="fill:{_BLACK}" aria-hidden="true">{worth[rank]}</text>')
    cap = 16.0 if points else 0.0
    label = (f"{s.noun} from highest to lowest: "
             + ", ".join(f"{r.noun}" + (f" ({worth[r]} points)" if points else "")
                         for r in ranks))
    w = pad * 2 + (len(ranks) - 1) * step + width
    return SvgStr(_group_svg(label, w, height + cap + 2 * pad, "st-ladder", "".join(items)))


def _suit_of(text: str) -> Suit:
    try:
        return Suit.parse(text)
    except Exception as e:
        raise DisplayError("DSP-2", "a suit is one of C S H D (or ♣ ♠ ♥ ♦)", where="suit",
                           what=repr(text)) from e
