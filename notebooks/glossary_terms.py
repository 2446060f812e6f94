"""The glossary's words, the games each belongs to, and their links in the lessons.

``make_lessons.py`` writes the glossary page from :data:`GLOSSARY`, and every lesson
generator passes its page's games to ``make_lessons.build``, which links each word that
applies to one of those games where it first appears (:func:`link_terms`). A word the games
share has one entry: a definition true in every game it lists, then a line for each game
where the details differ (how many tricks, what the widow does, which contracts). A word that
means different things in different games (*game points*) has only the per-game lines. So a
link always lands on a text true for the game of the page it sits on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The games, by record id, with their names for learners (``tutor.games.spec(id).name``), in
#: the order a learner meets them.
GAMES: dict[str, str] = {
    "six-bid-solo": "Six-Bid Solo", "frog": "Frog (game)", "crazy-solo": "Crazy Solo",
    "sixty-six": "Sixty-Six", "auction-pitch": "Auction Pitch"}
EVERY_GAME = tuple(GAMES)
SBS, FROG, CRAZY, SIXTY_SIX, PITCH = EVERY_GAME
#: The games with an auction, a bidder and chips or a bid; and the two of Six-Bid Solo's deal.
BIDDING = (SBS, FROG, CRAZY, PITCH)
SOLO = (SBS, FROG)


@dataclass(frozen=True)
class Term:
    """One glossary entry.

    ``heading`` is its title on the page, and so its anchor; ``forms`` the words linked in the
    lessons (a regular expression); ``definition`` what holds in every game of ``games``;
    ``details`` a sentence for each group of games where the details differ; ``rules`` the rule
    ids the entry rests on; ``exact_case`` for words that are terms only with their capital (P,
    High, Grand).
    """

    heading: str
    forms: str
    games: tuple[str, ...]
    definition: str
    rules: tuple[str, ...] = ()
    details: tuple[tuple[tuple[str, ...], str], ...] = ()
    exact_case: bool = False

    @property
    def anchor(self) -> str:
        return anchor(self.heading)

    @property
    def pattern(self) -> re.Pattern[str]:
        """The forms as whole words — never inside a longer word, a compound (Six-Bid Solo,
        4-3-widow-4) or a link's brackets."""
        return re.compile(rf"(?<![\w\[-])(?:{self.forms})(?![\w\]-])",
                          0 if self.exact_case else re.I)

    def applies(self, games: tuple[str, ...]) -> bool:
        return any(g in self.games for g in games)


def anchor(heading: str) -> str:
    """The glossary page's anchor of an entry (Voilà and JupyterLab: spaces become hyphens)."""
    return heading.replace(" ", "-")


def names(games: tuple[str, ...]) -> str:
    """``Six-Bid Solo, Frog (game)``: the games' names, in the order a learner meets them."""
    return ", ".join(GAMES[g] for g in EVERY_GAME if g in games)


GLOSSARY: list[Term] = [
    # --- words of every game -----------------------------------------------------------------
    Term("Trick", r"tricks?(?!-)", EVERY_GAME,
         "One card from each player holding cards, in turn: the first card is led, the others "
         "follow. The highest trump in it wins it — with no trump in it, the highest card of the "
         "suit led — and its winner leads the next trick.",
         ("SBS-24", "SBS-25", "CS-10", "SS-7", "PI-9"),
         ((SOLO, "The three active players play; a deal has eleven tricks, and all of them are "
                 "always played, even once the result is decided."),
          ((CRAZY,), "Every player plays, so a trick has as many cards as there are players, and "
                     "a deal as many tricks as each player holds cards; all are played."),
          ((SIXTY_SIX,), "Two cards a trick; at most twelve tricks a deal, fewer when a claim ends "
                         "it or a close leaves the stock out of play."),
          ((PITCH,), "Six tricks a hand: every card dealt is played."))),
    Term("Lead", r"leads?", EVERY_GAME,
         "To play the first card of a trick. The winner of a trick leads the next.",
         ("SBS-22", "SBS-25", "FR-3", "CS-10", "SS-4", "SS-6", "PI-7", "PI-9"),
         (((SBS,), "Forehand leads the first trick — in Spread Misère the first active player "
                   "after the bidder."),
          ((FROG,), "Forehand leads the first trick."),
          ((CRAZY,), "The leader leads the first trick."),
          ((SIXTY_SIX,), "The non-dealer leads the first trick. On lead, before the card, a "
                         "player may also exchange, close or claim, and may lead a marriage."),
          ((PITCH,), "The pitcher leads the first trick, and its suit is trump for the hand."))),
    Term("Follow suit", r"follow(?:s|ing)? suit", EVERY_GAME,
         "To play a card of the suit led.",
         ("SBS-23", "CS-10", "SS-7", "SS-11", "PI-8"),
         (((SBS, FROG, CRAZY), "A player must follow suit if able; unable to, must play a trump "
                               "if holding one; only with neither may play any card. There is "
                               "no duty to beat the card led or to over-trump."),
          ((SIXTY_SIX,), "While the stock is open there is no duty at all: any card may be "
                         "played. Once it is closed or exhausted, a player must follow suit and "
                         "beat the card led if able; with none of the suit led, must play a "
                         "trump if able."),
          ((PITCH,), "A player able to follow may follow suit or play a trump; unable to, may "
                     "play any card. When trump is led, following means playing a trump."))),
    Term("Trump", r"trumps?", EVERY_GAME,
         "The suit whose every card beats every card of the other suits: the highest trump in a "
         "trick wins it.",
         ("SBS-19", "SBS-20", "SBS-24", "FR-2", "CS-7", "SS-3", "PI-7"),
         (((SBS,), "Named by the bidder after the auction — ♣, ♠ or ♦ in Solo, any suit in "
                   "Guarantee Solo and Call Solo; hearts in Heart Solo; none in Misère and "
                   "Spread Misère."),
          ((FROG,), "Hearts in the Frog bid and Grand; in Chico named by the bidder after the "
                    "auction, ♣, ♠ or ♦."),
          ((CRAZY,), "Named by the bidder after Solo or Alone, ♣, ♠ or ♦; hearts after Solo in "
                     "hearts or Alone in hearts."),
          ((SIXTY_SIX,), "The suit of the turn-up."),
          ((PITCH,), "The suit of the first card the pitcher leads."))),
    Term("Card codes", r"card codes?", EVERY_GAME,
         "In hand records and files the tutor writes each card as two characters, the rank then "
         "the suit: A, K, Q, J, T (the ten) or a digit from 9 down to 2, and C ♣, S ♠, H ♥, "
         "D ♦. TH is the ten of hearts, 6D the six of diamonds. On the lesson pages the same "
         "cards are written 10♥ and 6♦.",
         ("SBS-1", "PI-1")),
    Term("Double-dummy", r"double-dummy", EVERY_GAME,
         "With every hand seen. A double-dummy solver plays the rest of a deal perfectly for "
         "both sides as if all cards lay face up — the tutor's measure of a card or a bid. It is "
         "hindsight: at the table you see only your own hand."),
    # --- words of the games with an auction ----------------------------------------------------
    Term("Auction", r"auctions?(?! Pitch)", BIDDING,
         "The calls made after the deal, each player in turn: a pass or a bid. The last bid "
         "decides who plays, and what.",
         ("SBS-13", "SBS-14", "SBS-16a", "CS-4", "CS-4a", "PI-4", "PI-4b", "PI-5"),
         ((SOLO, "A duel: forehand and middlehand compete first, then endhand takes on the "
                 "survivor. Each bid names a strictly higher contract, and a pass is final. It "
                 "ends when one player is left who has bid — the bidder; if all three pass, the "
                 "cards are thrown in."),
          ((CRAZY,), "Every player calls exactly once, from the leader clockwise to the dealer. "
                     "A bid must be higher than the highest so far — except that Solo in hearts "
                     "may be called over a standing Solo in hearts, taking it over."),
          ((PITCH,), "Every player speaks exactly once, from the eldest to the dealer: pass, or "
                     "a bid higher than the highest so far. The dealer, last, may instead steal "
                     "the highest bid at its number, and must bid when everyone else passed."))),
    Term("Call, bid", r"(?<!Frog )bids?", BIDDING,
         "A call is what a player says at their turn in the auction: a pass or a bid. A bid "
         "undertakes to play something; the last bid wins the auction.",
         ("SBS-13", "SBS-14", "CS-4", "PI-4", "PI-4b", "PI-11"),
         (((SBS,), "A bid names a contract, strictly higher than the one standing. (In Call "
                   "Solo the bidder also calls a card: see [called card](#Called-card).)"),
          ((FROG,), "A bid names a contract, strictly higher than the one standing."),
          ((CRAZY,), "The bids, lowest first: Solo, Solo in hearts, Alone, Alone in hearts. A "
                     "bid must be higher than the highest so far, but Solo in hearts may be "
                     "called again over Solo in hearts."),
          ((PITCH,), "A bid is a number from 1 to 4: the points the player undertakes to win in "
                     "the hand. It must be higher than the highest bid so far — but the dealer "
                     "may steal at the same number.")),
         exact_case=True),
    Term("Contract", r"contracts?", (SBS, FROG, CRAZY),
         "What the bidder undertakes to play, named in the auction.",
         ("SBS-10", "SBS-11", "FR-1", "CS-4", "CS-9"),
         (((SBS,), "One of six, lowest first: Solo, Heart Solo, Misère, Guarantee Solo, Spread "
                   "Misère, Call Solo."),
          ((FROG,), "One of three, lowest first: the Frog bid, Chico, Grand."),
          ((CRAZY,), "The highest call — Solo, Solo in hearts, Alone or Alone in hearts — made "
                     "public once declared, with its trump and any called card."))),
    Term("Bidder", r"bidders?", (SBS, FROG, CRAZY),
         "The player who wins the auction and plays its contract.",
         ("SBS-16a", "SBS-18", "CS-4a", "CS-8"),
         ((SOLO, "Alone, against the two defenders."),
          ((CRAZY,), "The player who made the last call that was not a pass; plays with a secret "
                     "partner, found by calling a card — or alone."))),
    Term("P", r"P", (SBS, FROG, CRAZY),
         "The card points that decide the deal, counted after the last trick.",
         ("SBS-12", "FR-1", "CS-11"),
         (((SBS,), "The bidder's: the card points in the tricks the bidder won, plus the widow's "
                   "in Solo, Heart Solo, Guarantee Solo and Call Solo."),
          ((FROG,), "The bidder's: the card points in the bidder's tricks, plus the widow in "
                    "Chico and Grand, or the discard in the Frog bid."),
          ((CRAZY,), "The soloists': the card points in the bidder's and the partner's tricks "
                     "together.")),
         exact_case=True),
    Term("Chips", r"chips", (SBS, FROG, CRAZY),
         "The score: a balance for each player, which may go below zero. The highest balance "
         "at the end of the match wins.",
         ("SBS-26", "SBS-27", "SBS-28", "CS-12", "CS-13"),
         ((SOLO, "Everyone starts with the same number, 500 unless agreed. After each deal the "
                 "bidder receives from or pays each opponent, so the changes add up to zero."),
          ((CRAZY,), "Everyone starts with 150 unless agreed. After each deal every gang member "
                     "pays the soloists or is paid by them."))),
    Term("Card points", r"card points?", (SBS, FROG, CRAZY, SIXTY_SIX),
         "What a card is worth in the tricks won: ace 11, ten 10, king 4, queen 3, jack 2, and "
         "nothing for the 9 and lower — 30 in each suit, 120 in the pack.",
         ("SBS-1", "SBS-3", "CS-1", "SS-1"),
         ((SOLO, "A pack of 36: A 10 K Q J 9 8 7 6 in each suit."),
          ((CRAZY,), "Six-Bid Solo's 36 cards; only cards worth nothing are ever taken out for "
                     "the table size, so the pack always holds 120."),
          ((SIXTY_SIX,), "A pack of 24: A 10 K Q J 9 in each suit."))),
    Term("Opponent", r"opponents?", (SBS, FROG, SIXTY_SIX),
         "", ("SBS-5", "SBS-27", "SS-1"),
         ((SOLO, "Everyone at the table other than the bidder: the two defenders and anyone who "
                 "sat out. Play involves the defenders; settlement involves the opponents."),
          ((SIXTY_SIX,), "The other player: Sixty-Six is a game for two."))),
    # --- Six-Bid Solo's words, most of them Frog (game)'s too ------------------------------------
    Term("Widow", r"widow", SOLO,
         "The three cards dealt face down to the middle of the table.",
         ("SBS-8", "SBS-12", "FR-1", "FR-2"),
         (((SBS,), "Nobody plays them. In Solo, Heart Solo, Guarantee Solo and Call Solo their "
                   "card points count for the bidder at the end; in Misère and Spread Misère "
                   "they are never counted."),
          ((FROG,), "In the Frog bid the bidder takes them into hand and lays three cards away — "
                    "the discard, which counts for the bidder. In Chico and Grand they stay "
                    "unseen, and count for the bidder at the end."))),
    Term("Active", r"active", SOLO,
         "The three players who get cards in a deal. At a table of four or five the others sit "
         "out that deal.", ("SBS-5", "SBS-V2")),
    Term("Forehand, middlehand, endhand", r"forehand|middlehand|endhand", SOLO,
         "The active players in order from the dealer's left: forehand speaks first in the "
         "auction, then middlehand, then endhand (the dealer, at a table of three).",
         ("SBS-5", "SBS-13", "SBS-22", "FR-3"),
         (((SBS,), "Forehand leads the first trick — in every contract but Spread Misère."),
          ((FROG,), "Forehand always leads the first trick."))),
    Term("Defender", r"defenders?", SOLO,
         "Each of the two active players other than the bidder. They play together against the "
         "bidder.", ("SBS-5",)),
    Term("Tariff", r"tariffs?", SOLO,
         "The fixed amount a contract is won or lost for with each opponent: received from each "
         "when it is made, paid to each when it is lost.",
         ("SBS-10", "SBS-11", "FR-1"),
         (((SBS,), "Misère 30, Guarantee Solo 40, Spread Misère 60, Call Solo 100 (150 with "
                   "hearts trump). Solo and Heart Solo have none: they pay on the margin, 2 or "
                   "3 × (P − 60)."),
          ((FROG,), "None: the Frog bid, Chico and Grand all pay on the margin, k × (P − 60)."))),
    Term("Hand count", r"hand count", (SBS,),
         "A rule of thumb for what a hand is worth, counted from your own cards: about one trick "
         "per trump (less the missing top trumps), the top cards of the side suits, ten points a "
         "trick and a share of the widow; for a misère, which cards are covered by lower ones. "
         "The rule-based bots bid by it.", ("SBS-10", "SBS-11")),
    Term("Called card", r"called cards?", (SBS, CRAZY),
         "", ("SBS-20", "CS-7", "CS-8", "CS-9"),
         (((SBS,), "In Call Solo, a card the bidder names that is not among the bidder's own "
                   "eleven (the bidder may also call none). A defender holding it hands it over "
                   "and gets one of the bidder's cards back, face down; if it lies in the widow, "
                   "nothing is exchanged."),
          ((CRAZY,), "After Solo or Solo in hearts, the card the bidder must name — any card of "
                     "this deal's pack, even one of the bidder's own; a card taken out for the "
                     "table size cannot be called. Its holder is the bidder's secret partner, "
                     "made public the moment the card is played."))),
    # --- Frog (game) ---------------------------------------------------------------------------
    Term("Frog bid", r"Frog bid", (FROG,),
         "Frog (game)'s lowest contract (at a table, \"Frog\" names the game and this bid). "
         "Hearts are trump; the bidder takes the widow into hand and lays any three cards away "
         "face down — the discard, which counts for the bidder. Made with P of 61 or more; each "
         "opponent pays the bidder 1 × (P − 60), or is paid when it is negative.",
         ("FR-1", "FR-2", "FR-5")),
    Term("Chico", r"Chico", (FROG,),
         "Frog (game)'s middle contract: the bidder names trump after the auction, ♣, ♠ or ♦; "
         "the widow stays unseen and counts for the bidder. Made with P of 61 or more; 2 × (P − "
         "60) with each opponent.", ("FR-1", "FR-2", "FR-5")),
    Term("Grand", r"Grand", (FROG,),
         "Frog (game)'s highest contract: hearts are trump, and the widow stays unseen and "
         "counts for the bidder. Made with P of 61 or more; 4 × (P − 60) with each opponent (3 "
         "at tables that play pagat's rule).", ("FR-1", "FR-5"), exact_case=True),
    Term("Discard", r"discard(?:s|ed|ing)?", (FROG,),
         "In the Frog bid, the three cards the bidder lays away face down after taking the "
         "widow into hand — any three, widow cards or not, point cards and trumps allowed. They "
         "take no part in the play, and their card points count for the bidder.",
         ("FR-1", "FR-2")),
    # --- Crazy Solo ----------------------------------------------------------------------------
    Term("Leader", r"leaders?", (CRAZY,),
         "The player on the dealer's left: dealt to first, the first to call, and the one who "
         "leads the first trick. In a blind deal the leader's hand decides whether there is an "
         "auction at all.", ("CS-3", "CS-4", "CS-10", "CS-14")),
    Term("Partner", r"partners?", (CRAZY,),
         "The holder of the called card: on the bidder's side, and silent about it until the "
         "card is played. A bidder who calls a card of their own hand plays secretly alone; "
         "after Alone or Alone in hearts there is no partner.", ("CS-8", "CS-9")),
    Term("Soloists", r"soloists?", (CRAZY,),
         "The bidder and the partner — or the bidder alone. Their card points together are P.",
         ("CS-9", "CS-11")),
    Term("Gang", r"gang", (CRAZY,),
         "Everyone but the soloists, playing together against them. Each gang member settles "
         "with one soloist: taken clockwise from the bidder's left, the first half of the gang "
         "— the odd one included — with the bidder, the rest with the partner. A bidder without "
         "a partner settles with them all.", ("CS-9", "CS-12")),
    Term("Spit", r"spit", (CRAZY,),
         "At a real table, how the cards a table size leaves out are removed: the dealer deals "
         "the surplus face down into the middle, and after the deal they are sorted out. Only "
         "cards worth nothing are ever left out — with 5 players the 6♠, with 8 the four 6s. "
         "The tutor takes them out before the deal.", ("CS-1", "CS-2")),
    # --- Sixty-Six -----------------------------------------------------------------------------
    Term("Non-dealer", r"non-dealer", (SIXTY_SIX,),
         "The player who does not deal: dealt to first, and on lead to the first trick, where "
         "the non-dealer may already declare a marriage or close.",
         ("SS-3", "SS-4", "SS-9", "SS-10")),
    Term("Turn-up", r"turn-up", (SIXTY_SIX,),
         "The card turned face up after the deal: its suit is trump. It lies under the stock and "
         "is its last card, taken by the loser of the sixth trick; before that, a player may "
         "exchange the 9 of trumps for it. A close turns it face down.",
         ("SS-3", "SS-5", "SS-8", "SS-10")),
    Term("Stock", r"stock", (SIXTY_SIX,),
         "The eleven cards left after the deal, face down across the turn-up. While it is open, "
         "any card may be played and both players draw after each trick; it is exhausted once "
         "the turn-up is drawn, or closed by a player, and from then on the strict rules apply.",
         ("SS-3", "SS-5", "SS-7", "SS-10", "SS-11")),
    Term("Draw", r"draws?|drawing", (SIXTY_SIX,),
         "After each trick while the stock is open, the winner takes its top card and then the "
         "loser the next, so both hold six again; the turn-up is the last card, taken by the "
         "loser of the sixth trick. The winner may close or claim instead of drawing.",
         ("SS-5",)),
    Term("Exchange", r"exchanges?", (SIXTY_SIX,),
         "Swapping the 9 of trumps from your hand for the turn-up: only on lead, before the "
         "card, after winning at least one trick, and while the stock is neither exhausted nor "
         "closed (some tables allow it while following too). Your opponent sees the card you "
         "took.", ("SS-8",)),
    Term("Marriage", r"marriages?", (SIXTY_SIX,),
         "The king and queen of one suit, declared by leading one and showing the other while "
         "the stock is open: 20 points, 40 in trumps. It counts for its declarer from the "
         "declaration if the declarer has already won a trick, otherwise from the end of the "
         "first trick won — and is lost if the declarer wins none.", ("SS-9",)),
    Term("Closing", r"clos(?:e|es|ed|ing)", (SIXTY_SIX,),
         "Turning the turn-up face down, which the player on lead may do once a deal while the "
         "stock is open: after winning a trick instead of drawing, or before leading. Then "
         "nobody draws, there is no exchange and no marriage, the strict rules apply, and the "
         "last trick brings no 10. A closer who falls short of 66 gives the opponent 2 game "
         "points, or 3 if the opponent had won no trick when the stock was closed.",
         ("SS-10", "SS-12", "SS-14")),
    Term("Strict rules", r"strict rules", (SIXTY_SIX,),
         "The rules of play once the stock is closed or exhausted: follow suit if able, and "
         "beat the card led if able; with none of the suit led, play a trump if able; only "
         "with neither, any card.", ("SS-11",)),
    Term("Total", r"totals?", (SIXTY_SIX,),
         "A player's card points in the tricks they won, plus their marriages that count, plus "
         "10 for the last trick when the stock was exhausted. The game never shows it: you "
         "count your own in your head, and your opponent's stays hidden.",
         ("SS-12", "SS-13", "SS-17")),
    Term("Claim", r"claim(?:s|ed|ing)?", (SIXTY_SIX,),
         "To say \"66!\" when on lead — just after winning a trick, or before leading. The deal "
         "ends at once and the totals are counted. In a deal nobody closed, a right claim (66 or "
         "more) scores 1, 2 or 3 game points; a wrong one gives the opponent 2, or 3 if the "
         "opponent has won no trick. After a close, see [closing](#Closing).",
         ("SS-13a", "SS-13b", "SS-14")),
    Term("Game points", r"[Gg]ame points|game point", (SIXTY_SIX, PITCH),
         "", ("SS-13b", "SS-14", "SS-16", "PI-10"),
         (((SIXTY_SIX,), "What a deal is worth to its winner: 1, 2 or 3, by the claim and how "
                         "the deal ended. The first player to 7 game points (unless agreed "
                         "otherwise) wins the match."),
          ((PITCH,), "The count that decides the Game point: in the tricks a player won, each "
                     "10 counts 10, an ace 4, a king 3, a queen 2, a jack 1, in every suit.")),
         exact_case=True),
    # --- Auction Pitch -------------------------------------------------------------------------
    Term("Eldest", r"eldest", (PITCH,),
         "The player on the dealer's left: dealt to first, speaks first in the auction (one "
         "call each, the dealer last) and, when everyone passes and the hand is played anyway, "
         "leads first.", ("PI-3", "PI-4", "PI-6")),
    Term("Pitcher", r"pitchers?", (PITCH,),
         "The player who made the last bid — the dealer, after a steal. The pitcher leads the "
         "first trick, and that card's suit is trump for the hand; a pitcher who wins fewer "
         "points than the bid is set back.", ("PI-5", "PI-7", "PI-11")),
    Term("Steal", r"steals?|stealing|stolen", (PITCH,),
         "The dealer's call, speaking last, of the same number as the highest bid, which takes "
         "the bid over: the dealer becomes the pitcher. A bid of 4 cannot be stolen unless the "
         "table agrees otherwise.", ("PI-4b", "PI-5")),
    Term("In play", r"in play", (PITCH,),
         "Dealt. Only six cards a player are dealt and the rest of the pack is never used, so the "
         "highest trump in play may be a king, the lowest a 4, and the jack of trumps may not be "
         "in play at all.", ("PI-3", "PI-10")),
    Term("High, Low, Jack and Game", r"High|Low|Jack|Game(?! points)(?!\*? list)", (PITCH,),
         "The four points of a hand, one each. High: to the player who wins the highest trump "
         "in play (its holder — it always wins its trick). Low: to the player who wins the "
         "lowest trump in play (at some tables, to the player it was dealt to). Jack: to the "
         "player who wins the jack of trumps — nobody, when it was not dealt. Game: to the "
         "player with the most game points in the tricks won — nobody, on a tie. A single trump "
         "in play is both High and Low.", ("PI-3", "PI-10"), exact_case=True),
    Term("Setback", r"set back|setback", (PITCH,),
         "What happens to a pitcher who wins fewer points than the bid: the bid is taken off the "
         "score, which may go below zero (written −3). The game's other name.",
         ("PI-11",)),
]

#: The markup a glossary link must never land inside: code, a link, an HTML tag, a details
#: box's summary, a heading, a "Rules:" line.
PROTECTED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|<summary>.*?</summary>|<[^>]+>|^#.*$"
                       r"|^\*Rules:.*$", re.M)


def entries(games: tuple[str, ...]) -> list[Term]:
    """The entries that apply to a page of ``games``."""
    return [t for t in GLOSSARY if t.applies(games)]


def first_use(term: Term, text: str) -> re.Match[str] | None:
    """Where ``term`` first stands in ``text`` outside :data:`PROTECTED` markup."""
    spans = [m.span() for m in PROTECTED.finditer(text)]
    return next((m for m in term.pattern.finditer(text)
                 if not any(a <= m.start() < b for a, b in spans)), None)


def link_terms(cells: list[tuple[str, str]], games: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each glossary word of ``games`` linked to its entry where it first appears in a page's
    text (never in a heading, code, a link or a "Rules:" line). Within a cell the earliest
    word goes first, the longer on a tie, so "Frog bid" is linked whole, not its "bid"."""
    pending = entries(games)
    out: list[tuple[str, str]] = []
    for kind, text in cells:
        while kind == "md":
            found = [(m, t) for t in pending if (m := first_use(t, text))]
            if not found:
                break
            m, term = min(found, key=lambda f: (f[0].start(), -len(f[0].group(0))))
            text = (f"{text[:m.start()]}[{m.group(0)}](glossary.ipynb#{term.anchor})"
                    f"{text[m.end():]}")
            pending.remove(term)
        out.append((kind, text))
    return out
