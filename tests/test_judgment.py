"""Issue 22: lessons that teach judgment, not only rules.

- **Fix first**, each checked against ``shared/rules/six-bid-solo.md``: the misères' widow is
  never counted; the settlement lesson has SBS-V2's exception and SBS-11's "received when made,
  paid when lost"; SBS-25 forbids looking back, not counting; a pass is worth 0 only in the
  advisor's sums; the bidder chooses the card given back in Call Solo and its trump cites
  SBS-20; defenders and opponents are defined before use; SBS-16a's procedure is shown; no
  option code names in lesson 13; lesson 0 promises no quiz everywhere; "one spade".
- **Words for people**: one "Rules:" line per section and no rule id elsewhere in a sentence;
  every glossary term linked where it first appears, to an entry that exists; no engine talk.
- **The mastery loop**: the likely mistake behind a wrong pick, never the answer; the second
  try; the spaced-repetition schedule in the progress file; mastery per rule and per lesson;
  two levels; quiz positions from the rule bot.
- **Judgment**: "is this hand a …?" by the hand count; the replay's why notes; the declaration
  questions graded by the solver; the guided first hand; presenter mode; the card faces that are
  buttons.

(``tests/test_browser_judgment.py`` drives the new parts in a browser: keyboard only, 360 px,
dark.)
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest_lesson import NOTEBOOKS, mentions, plain

from tutor.bots.rule_bot import RuleBot
from tutor.cards import Card, card_label
from tutor.engine.hand import trump_estimate
from tutor.engine.record import state_of
from tutor.games.six_bid_solo.hand import estimates
from tutor.games.tapp import CARD_INDEX, PLAY
from tutor.quiz import KINDS, Progress, Session, game_quiz, generate, kinds
from tutor.quiz.core import Question
from tutor.quiz.difficulty import difficulty
from tutor.quiz.mastery import LEVELS, lesson_mastery, level_of, rule_mastery, weak_rules
from tutor.quiz.mistakes import NUDGE, likely_mistake
from tutor.quiz.progress import GAPS
from tutor.widgets import DealReplay, GuidedHand, Learner, MasteryView, QuizWidget
from tutor.widgets.common import state_text, subtree
from tutor.widgets.guided import load_guide
from tutor.widgets.presenter import presenter_mode
from tutor.widgets.quiz import players_of
from tutor.widgets.replay import mentions_card

RULE_ID = re.compile(r"\b(?:SBS-(?:\d+a?|V\d)|FR-\d+|CS-\d+a?|SS-\d+[ab]?|PI-\d+b?)\b")
#: Six-Bid Solo's lesson pages, in course order, and the pages beside them
SBS_LESSONS = ["00-welcome", "01-card-ranking", "02-card-points", "03-the-deal",
               "04-the-auction", "05-play", "05b-first-hand", "06-solo", "07-heart-solo",
               "08-misere", "09-guarantee-solo", "10-spread-misere", "11-call-solo",
               "12-settlement", "13-variants", "14-play-against-the-engine", "15-decisions"]
PAGES = [*SBS_LESSONS, "glossary", "for-teachers"]
GUIDE = NOTEBOOKS / "guides" / "first-hand.json"
SBS_QUIZ = game_quiz("six-bid-solo")  # Six-Bid Solo's part in the quiz, by the registry


def markdown(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def code(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


def words(text: str) -> str:
    """The text as a reader sees it: links' targets and markup dropped."""
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).replace("*", "")


# --- fix first ------------------------------------------------------------------------------------
def test_the_misere_replays_say_the_widow_is_never_counted() -> None:
    """SBS-12: the widow counts in contracts 1, 2, 4 and 6 only."""
    for lesson in ("08-misere", "10-spread-misere"):
        text = words(markdown(lesson))
        assert "when it is counted" not in text
        assert "in a misère it is never counted" in text
    for lesson in ("06-solo", "07-heart-solo", "09-guarantee-solo", "11-call-solo"):
        assert "when it is counted" in words(markdown(lesson))


def test_settlement_has_the_five_player_exception_and_won_or_lost_whole() -> None:
    """SBS-27 with SBS-V2's exception; SBS-11: received when made, paid when lost."""
    text = words(markdown("12-settlement"))
    assert "a player who sat out included" in " ".join(text.split())
    assert "with five players, a Solo or Heart Solo that is made collects only from the two " \
           "defenders, while a lost one pays all four opponents" in " ".join(text.split())
    for contract in ("Misère", "Guarantee Solo", "Spread Misère", "Call Solo"):
        row = next(line for line in text.splitlines() if line.startswith(f"| {contract} |"))
        assert "received when made, paid when lost" in row, row
    assert "SBS-V2" in markdown("12-settlement") and "SBS-11" in markdown("12-settlement")


def test_looking_back_is_forbidden_not_counting() -> None:
    """SBS-25 forbids looking back at earlier tricks; counting in one's head is the game."""
    text = " ".join(words(markdown("14-play-against-the-engine")).split())
    assert "count the points taken" not in text
    assert "nobody may look back at them" in text and "Counting the points in your head" in text
    assert "count in their heads" in " ".join(words(markdown("02-card-points")).split())


def test_a_pass_is_zero_only_in_the_advisors_sums() -> None:
    text = " ".join(words(markdown("15-decisions")).split())
    assert "passing is worth exactly 0" not in text
    assert "a player who passes still wins or pays as an opponent" in text


def test_call_solo_the_bidder_chooses_the_card_given_back_and_trump_cites_sbs_20() -> None:
    """SBS-20 (b): the bidder gives any of its cards; (c) names trump — SBS-20, not SBS-19."""
    text = " ".join(words(markdown("11-call-solo")).split())
    assert "the bidder chooses one of the bidder's own cards and gives it back" in text
    from tutor.widgets.replay import build_steps

    record = json.loads((NOTEBOOKS / "deals" / "call-solo.json").read_text(encoding="utf-8"))
    declaration = next(s for s in build_steps(record) if s.title == "The declaration")
    trump = next(w for w in declaration.words if w.startswith("The bidder names trump"))
    assert trump.endswith("(SBS-20).") and "SBS-19" not in trump
    gift = next(w for w in declaration.words if "hands it over" in w)
    assert "chooses one of its own cards" in gift


def test_defenders_and_opponents_are_defined_before_they_are_used() -> None:
    """SBS-5's words: defined (in bold) in lesson 4, the first lesson that uses them."""
    for term in ("defender", "opponent"):
        first = next(n for n in SBS_LESSONS if re.search(rf"\b{term}s?\b", words(markdown(n)),
                                                         re.I))
        assert first in ("00-welcome", "04-the-auction"), (term, first)
    text = markdown("04-the-auction")
    assert re.search(r"\*\*\[defenders\]\(glossary\.ipynb#Defender\)\*\*", text)
    assert re.search(r"\*\*\[opponent\]\(glossary\.ipynb#Opponent\)\*\*", text)


def test_the_auction_lesson_shows_the_sbs_16a_procedure() -> None:
    text = " ".join(words(markdown("04-the-auction")).split())
    for step in ("1. If all three have passed, the deal is thrown in.",
                 "2. If exactly one player has not passed and that player has bid",
                 "3. After a bid, the next to speak is the other player still in who has "
                 "already spoken", "4. After a pass, the next to speak is the first of "
                 "middlehand and endhand who has not yet spoken."):
        assert step in text, step


def test_no_option_code_names_on_the_variants_page() -> None:
    text = markdown("13-variants")
    for name in ("no_card_points", "next_dealer", "second_next_dealer", "five_player_sitout",
                 "no_tricks", "`hoyle`", "call_first", "trump_first"):
        assert name not in text, name


def test_the_welcome_promises_no_quiz_in_every_lesson() -> None:
    text = " ".join(words(markdown("00-welcome")).split())
    assert "ends with a short quiz" not in text and "Most end with a short quiz" in text
    for lesson in ("00-welcome", "14-play-against-the-engine"):  # the two without a quiz
        assert "QuizWidget(" not in code(lesson)


def test_the_follow_suit_feedback_counts_in_words() -> None:
    seen = set()
    for seed in range(200):
        q = generate("legal-plays", seed)
        text = q.key().explanation
        assert not re.search(r"\bhold 1 \w+s\b", text), text
        seen |= set(re.findall(r"hold (one \w+|\d+ \w+)", text))
    assert any(s.startswith("one ") and not s.endswith("s") for s in seen), seen


def test_no_engine_talk_on_learner_pages() -> None:
    for name in PAGES:
        text = words(markdown(name))
        for phrase in ("in Python", "graded in Python", "phase:", "Phase", "tutor-record/1",
                       "misere:", "five_player_sitout"):
            assert phrase not in text, (name, phrase)
    from tutor.games import spec  # the facts a table shows are words too

    game = spec("six-bid-solo").make()
    state = game.new_deal(random.Random(1), 0)
    facts = dict(spec("six-bid-solo").presentation.facts(state.view(1)))
    assert "Phase" not in facts and facts["Now"] == "the auction"


# --- words for people -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", SBS_LESSONS)
def test_rule_ids_stand_in_one_rules_line_per_section(name: str) -> None:
    text = markdown(name)
    for section in re.split(r"\n(?=## )", text)[1:]:
        assert len(re.findall(r"^\*Rules: .*\.\*$", section, re.M)) == 1, section[:100]
    for line in text.splitlines():
        if line.startswith("*Rules:") or line.startswith("|"):
            continue  # a Rules line, or a table's row (the map's column of rules)
        assert not RULE_ID.findall(line), (name, line)


def glossary_source() -> Any:
    """``notebooks/glossary_terms.py``: the glossary's words, their games, and the linker (the
    module the lesson generators import, if one of them did already)."""
    import importlib.util
    import sys

    if "glossary_terms" in sys.modules:
        return sys.modules["glossary_terms"]
    spec_ = importlib.util.spec_from_file_location("glossary_terms",
                                                   NOTEBOOKS / "glossary_terms.py")
    assert spec_ is not None and spec_.loader is not None
    module = importlib.util.module_from_spec(spec_)
    sys.modules["glossary_terms"] = module  # its dataclass looks its module up there
    spec_.loader.exec_module(module)
    return module


WORDS = glossary_source()
EVERY_GAME = ("six-bid-solo", "frog", "crazy-solo", "sixty-six", "auction-pitch")
#: The games each lesson page teaches, as the course map has them (not as the generators say):
#: lessons 20-23 Frog (game), 30-33 Crazy Solo, 40-44 Sixty-Six, 50-55 Auction Pitch, the rest
#: Six-Bid Solo — but the welcome page speaks of every game, the table (14) deals all five and the
#: advisor (15) values two. A page's glossary links must land on entries of its games.
SEVERAL = {"00-welcome": EVERY_GAME,
           "14-play-against-the-engine": EVERY_GAME,
           "15-decisions": ("six-bid-solo", "frog")}
BY_NUMBER = {"2": "frog", "3": "crazy-solo", "4": "sixty-six", "5": "auction-pitch"}
#: Pages without links: the glossary itself.
UNLINKED = ("glossary",)
LINKED_PAGES = [n.removesuffix(".ipynb") for n in sorted(p.name for p in
                                                         NOTEBOOKS.glob("*.ipynb"))
                if n.removesuffix(".ipynb") not in UNLINKED]
#: Which games a rule id's family belongs to (Frog (game) inherits Six-Bid Solo's rules).
RULE_GAMES = {"SBS": ("six-bid-solo", "frog"), "FR": ("frog",), "CS": ("crazy-solo",),
              "SS": ("sixty-six",), "PI": ("auction-pitch",)}


def page_games(name: str) -> tuple[str, ...]:
    return SEVERAL.get(name, (BY_NUMBER.get(name[0], "six-bid-solo"),))


def test_the_glossary_entries_are_sound_and_each_game_finds_its_own() -> None:
    """Every entry names its games (the registry's, by their learners' names), says something
    true for each — a definition for all, or a line for each game where they differ — rests on
    rules of those games, and is on the page: under its games' index and A to Z."""
    from tutor.games import SPECS

    assert {s.id: s.name for s in SPECS} == WORDS.GAMES
    assert tuple(WORDS.GAMES) == EVERY_GAME
    glossary = markdown("glossary")
    headings = [t.heading for t in WORDS.GLOSSARY]
    assert len(set(headings)) == len(headings)
    assert len({t.anchor for t in WORDS.GLOSSARY}) == len(headings)
    order = re.findall(r"^### (.+)$", glossary, re.M)
    assert order == sorted(headings, key=str.casefold)  # A to Z
    for term in WORDS.GLOSSARY:
        assert term.games and set(term.games) <= set(EVERY_GAME), term.heading
        assert term.definition or term.details, term.heading
        covered = {g for games, _ in term.details for g in games}
        assert covered <= set(term.games), term.heading
        if not term.definition:  # no sentence for all: one for each game
            assert covered == set(term.games), term.heading
        for rule in term.rules:  # its rules are rules of its games
            assert set(RULE_GAMES[rule.split("-")[0]]) & set(term.games), (term.heading, rule)
        for games, _ in (term.details if term.rules else ()):  # each game's line rests on one
            for game in games:
                assert any(game in RULE_GAMES[r.split("-")[0]] for r in term.rules), (
                    term.heading, game)
        entry = glossary.split(f"### {term.heading}\n", 1)[1].split("\n### ", 1)[0]
        label = ("every game" if term.games == EVERY_GAME else
                 ", ".join(WORDS.GAMES[g] for g in EVERY_GAME if g in term.games))
        assert entry.startswith(f"\n*Games: {label}.*"), term.heading
        assert term.definition in entry, term.heading
        for games, text in term.details:
            names = ", ".join(WORDS.GAMES[g] for g in EVERY_GAME if g in games)
            assert f"- **{names}:** {text}" in entry, term.heading
        if term.rules:
            assert f"*Rules: {', '.join(term.rules)}.*" in entry, term.heading
    index = glossary.split("## Words by game", 1)[1].split("\n## ", 1)[0]
    for game, name in WORDS.GAMES.items():
        line = next(x for x in index.splitlines() if x.startswith(f"- **{name}:**"))
        listed = re.findall(r"\]\(#([^)]+)\)", line)
        assert listed == sorted((t.anchor for t in WORDS.GLOSSARY if game in t.games),
                                key=str.casefold), name
    anchors = {t.anchor for t in WORDS.GLOSSARY}  # every link down the page lands on an entry
    assert set(re.findall(r"\]\(#([^)]+)\)", glossary)) == anchors


@pytest.mark.parametrize("name", LINKED_PAGES)
def test_each_page_links_its_games_words_where_they_first_appear(name: str) -> None:
    """Each link resolves to an entry of the page's own games, on an occurrence of that
    entry's word; every word of those games is linked where it first stands (outside headings,
    code, links and Rules lines) — so a term is defined, here or in the glossary, before use."""
    text = markdown(name)
    games = page_games(name)
    terms = {t.anchor: t for t in WORDS.GLOSSARY}
    links = re.findall(r"\[([^\]]+)\]\(glossary\.ipynb#([^)]+)\)", text)
    anchors = [a for _, a in links]
    assert len(anchors) == len(set(anchors)), name  # each word once, where it first appears
    for word, target in links:
        assert target in terms, (name, target)
        assert terms[target].applies(games), (name, target, games)
        assert terms[target].pattern.fullmatch(word), (name, target, word)
    for term in WORDS.entries(games):
        first = WORDS.first_use(term, text)  # the first occurrence not linked
        if first is None:
            continue  # linked where it stands, or not on the page at all
        link = re.search(rf"\[[^\]]+\]\(glossary\.ipynb#{re.escape(term.anchor)}\)", text)
        assert link is not None and link.start() < first.start(), (
            name, term.heading, text[max(first.start() - 60, 0):first.end() + 20])


def test_every_games_lessons_are_linked_to_the_glossary() -> None:
    """Each game's lessons link its words (not only Six-Bid Solo's), and the words the other
    games need are there: Sixty-Six's stock, turn-up, marriage, closing, claim and game points,
    Crazy Solo's called card, partner and gang, Frog (game)'s bids, Pitch's four points."""
    linked: dict[str, set[str]] = {}
    for name in LINKED_PAGES:
        for game in page_games(name):
            linked.setdefault(game, set()).update(
                re.findall(r"\]\(glossary\.ipynb#([^)]+)\)", markdown(name)))
    need = {"sixty-six": {"Stock", "Turn-up", "Marriage", "Closing", "Claim", "Game-points",
                          "Trick", "Trump", "Total"},
            "crazy-solo": {"Called-card", "Partner", "Gang", "Soloists", "Leader", "P", "Trump"},
            "frog": {"Frog-bid", "Chico", "Grand", "Discard", "Widow", "P", "Trump"},
            "auction-pitch": {"High,-Low,-Jack-and-Game", "Pitcher", "Eldest", "Setback",
                              "Game-points", "Trump"},
            "six-bid-solo": {"Trick", "Trump", "Widow", "Tariff", "Defender", "Opponent",
                             "Double-dummy", "Card-codes"}}
    for game, anchors in need.items():
        assert anchors <= linked[game], (game, anchors - linked[game])
    assert sum(len(re.findall(r"\]\(glossary\.ipynb#", markdown(n))) for n in
               LINKED_PAGES) > 300


def test_a_word_games_read_differently_links_to_its_own_game() -> None:
    """The same page text linked for two games lands on different entries: "the bid" is
    Pitch's number or Six-Bid Solo's contract (one entry, a line for each), but "stock" and
    "P" are words of one game only, and a word inside a name or a compound is not a word."""
    cells = [("md", "The bid, the stock and P. Auction Pitch, Six-Bid Solo, 4-3-widow-4."),
             ("md", "# A heading: the widow\n\n`trump` and [a trick](05-play.ipynb).")]
    sbs = "".join(t for _, t in WORDS.link_terms(cells, ("six-bid-solo",)))
    pitch = "".join(t for _, t in WORDS.link_terms(cells, ("auction-pitch",)))
    sixty = "".join(t for _, t in WORDS.link_terms(cells, ("sixty-six",)))
    assert "[bid](glossary.ipynb#Call,-bid)" in sbs and "[P](glossary.ipynb#P)" in sbs
    assert "[bid](glossary.ipynb#Call,-bid)" in pitch and "glossary.ipynb#P)" not in pitch
    assert "[stock](glossary.ipynb#Stock)" in sixty and "stock](" not in sbs + pitch
    for text in (sbs, pitch, sixty):  # no link in a name, a compound, a heading, code, a link
        assert "Auction Pitch, Six-Bid Solo, 4-3-widow-4." in text
        assert "# A heading: the widow\n\n`trump` and [a trick](05-play.ipynb)." in text
    assert WORDS.link_terms(cells, ()) == cells  # a page of no game links nothing


# --- the likely mistake and the second try --------------------------------------------------------
def wrong_values(q: Any) -> list[Any]:
    ans = q.key().answer
    if q.multi:
        return [sorted(ans ^ {v}) for v in q.values[:3]]
    return [v for v in q.values if v not in ans]


@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_pick_gets_its_likely_mistake_and_never_the_answer(kind: str) -> None:
    named = 0
    for seed in range(25):
        q = generate(kind, seed)
        right = sorted(q.key().answer)
        right_labels = [q.label_of(v) for v in right]
        for pick in wrong_values(q):
            values = pick if q.multi else [pick]
            text = likely_mistake(q, values)
            assert text, (q.id, pick)
            assert q.key().explanation not in text
            if not q.multi and _is_card(right[0]):
                assert right_labels[0] not in text and Card.parse(right[0]).name not in text
            # a count asked for is not given away (card values in a points hint are the rule)
            if not q.multi and kind in ("deal", "settlement") and right[0].lstrip("-").isdigit():
                assert not re.search(rf"(?<![\d.]){right[0]}(?!\d)", text), (q.id, text)
            named += not text.startswith(NUDGE.split("(")[0])
        assert likely_mistake(q, right) == ""
    assert named >= 10, kind  # most wrong picks are explained, not only nudged


def _is_card(v: str) -> bool:
    try:
        Card.parse(v)
    except ValueError:
        return False
    return True


def test_the_usual_slips_are_named() -> None:
    """A ten counted as 0 (SBS-3); the led suit ignored and a trump overlooked (SBS-23, SBS-24)."""
    found = set()
    for seed in range(300):
        q = generate("points", seed)
        cards = list(q.cards)
        if q.context.get("variant") == "bidder":
            continue
        total = int(next(iter(q.key().answer)))
        tens = sum(1 for c in cards if card_label(c).startswith("10"))
        slip = str(total - 10 * tens)
        if tens and slip in q.values:
            assert "ten was counted as 0" in likely_mistake(q, [slip])
            found.add("ten")
        q2 = generate("trick-winner", seed)
        for v in wrong_values(q2):
            text = likely_mistake(q2, [v])
            if "led suit was ignored" in text:
                found.add("led")
            if "a trump beats every card" in text:
                found.add("trump")
            if "ten ranks just below the ace" in text:
                found.add("ten-king")
    assert found >= {"ten", "led", "trump"}, found


def test_the_quiz_widget_gives_a_second_try_before_the_answer(tmp_path: Path) -> None:
    learner = Learner("ida", root=tmp_path)
    quiz = QuizWidget(["trick-winner"], learner=learner)
    q = quiz.question
    assert q is not None
    forged = quiz.reveal()  # Show the answer before a first try: refused
    assert forged is None and quiz.feedback is None and "Try the question first" in \
        quiz.notice.value
    wrong = next(v for v in q.values if v not in q.key().answer)
    quiz.answer(wrong)
    assert quiz.feedback is None and len(quiz.attempts) == 1
    shown = plain(state_text(subtree(quiz.box)))
    assert "try again" in shown and quiz.attempts[0].mistake in shown
    assert all(secret not in shown for secret in quiz.secrets())  # the answer stays in Python
    assert learner.progress is not None and learner.progress.answered == 1  # the first pick
    right = sorted(q.key().answer)[0]
    fb = quiz.answer(right)
    assert fb is not None and fb.correct and not fb.scored and quiz.feedback is fb
    assert learner.progress.answered == 1 and learner.progress.correct == 0
    assert "Right!" in quiz.result.value and quiz.secrets() == []
    # two wrong picks: the answer comes with the second
    quiz.next.click()
    q2 = quiz.question
    assert q2 is not None and q2.id != q.id
    wrongs = [v for v in q2.values if v not in q2.key().answer]
    quiz.answer(wrongs[0])
    quiz.answer(wrongs[1] if len(wrongs) > 1 else wrongs[0])
    assert quiz.feedback is not None and not quiz.feedback.correct
    assert "Not quite" in quiz.result.value


def test_card_choices_are_the_cards_faces_named_for_screen_readers() -> None:
    quiz = QuizWidget(["legal-plays"], learner=Learner("bo", seed=3))
    q = quiz.question
    assert q is not None and q.multi and quiz.box_values == list(q.values)
    for b, v in zip(quiz.boxes, quiz.box_values, strict=True):
        card = Card.parse(v)
        assert b.description == card.name and "st-face-btn" in b._dom_classes
        assert f"st-s-{card.suit.noun}" in b._dom_classes
    quiz.boxes[0].value = True
    assert quiz.boxes[0].description.endswith(", picked")


# --- spaced repetition, mastery and levels --------------------------------------------------------
def test_the_review_schedule_brings_a_missed_rule_back(tmp_path: Path) -> None:
    path = tmp_path / "ada.json"
    progress = Progress(path, "ada")
    session = Session(seed=3, progress=progress)
    q = session.next("points")
    session.answer(q, next(v for v in q.values if v not in q.key().answer))
    rule = q.key().rules[0]
    box, due = progress.schedule()[rule]
    assert box == 0 and due == progress.clock + GAPS[0]
    assert rule not in progress.due_rules()
    for _ in range(GAPS[0]):
        progress.next_seed()
    assert rule in progress.due_rules() and rule in weak_rules(progress)
    q = session.next("points")
    session.answer(q, sorted(q.key().answer)[0])
    assert progress.schedule()[q.key().rules[0]][0] >= 1
    again = Progress(path, "ada")  # the schedule is kept in the file, format 2
    assert again.recovered is None and again.schedule() == progress.schedule()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "tutor-progress/2" and "review" in data
    data["review"]["six-bid-solo"][rule] = [9, 1]  # a box beyond the top: not progress
    path.write_text(json.dumps(data), encoding="utf-8")
    assert Progress(path, "ada").recovered is not None


def test_a_quiz_asks_again_about_a_rule_due(tmp_path: Path) -> None:
    learner = Learner("cy", root=tmp_path)
    quiz = QuizWidget(["trick-winner", "points"], learner=learner)
    progress = learner.progress
    assert progress is not None
    # miss SBS-3 (points): it is due two questions later; the quiz's kinds cite it
    quiz._rules_seen.add("SBS-3")
    progress.data.setdefault("review", {}).setdefault("six-bid-solo", {})["SBS-3"] = [0, 0]
    asked = []
    for _ in range(4):
        q = quiz.question
        assert q is not None
        quiz.answer(sorted(q.key().answer) if q.multi else sorted(q.key().answer)[0])
        quiz.next.click()
        assert quiz.question is not None
        asked.append((quiz.review, quiz.question.rules, quiz.heading.value))
    reviews = [(r, rules, heading) for r, rules, heading in asked if r is not None]
    assert reviews  # every other question may be a review: two of these four
    for rule, rules, heading in reviews:
        assert rule == "SBS-3" and rule in rules and "Review: SBS-3" in heading


def test_mastery_per_rule_and_per_lesson(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "a.json", "ann")
    session = Session(seed=5, progress=progress)
    for i in range(12):
        q = session.next()
        answer = sorted(q.key().answer)
        session.answer(q, answer if q.multi else (answer[0] if i % 4 else
                                                  next(v for v in q.values
                                                       if v not in q.key().answer)))
    stats = progress.rule_stats()
    lessons = lesson_mastery(progress)
    assert [m.key for m in lessons] == [c.id for c in SBS_QUIZ.course]
    for m in lessons:
        assert m.answered == sum(stats.get(r, (0, 0))[0] for r in m.rules)
        assert m.correct == sum(stats.get(r, (0, 0))[1] for r in m.rules)
        assert m.level in LEVELS
    rules = {m.key: m for m in rule_mastery(progress)}
    assert all(rules[r].answered == a for r, (a, _) in stats.items())
    assert level_of(0, 0) == "not tried yet" and level_of(4, 4) == "mastered"
    assert level_of(4, 1) == "learning" and level_of(4, 3, box=0) == "learning"
    view = MasteryView(learner=Learner("ann", root=tmp_path))
    shown = plain(state_text(subtree(view.box)))
    assert "Card ranking" in shown and "of" in shown and "06-solo.ipynb" in shown


def test_two_levels() -> None:
    for level in (1, 2):
        quiz = QuizWidget(["trick-winner", "points", "auction"], learner=Learner("x", seed=1),
                          level=level)
        for _ in range(4):
            q = quiz.question
            assert q is not None and difficulty(q) == level, (level, q.id)
            quiz.answer(sorted(q.key().answer) if q.multi else sorted(q.key().answer)[0])
            quiz.next.click()


def test_quiz_positions_come_from_the_rule_bot() -> None:
    """The bidder is the seat the hand count rates best; every card the rule bot's."""
    rng = random.Random(4)
    for _ in range(6):
        state = SBS_QUIZ.play_deal(rng)
        contract = state.contract
        fit = [estimates(state.hands[s])[contract - 1] for s in state.active]
        best = max(range(3), key=lambda i: -fit[i].tricks if contract in (3, 5)
                   else fit[i].points)
        assert state.bidder == state.active[best]
        before = SBS_QUIZ.play_on(state, rng)
        assert state.phase == "done" and len(before) == 33
        bot = RuleBot(0)
        for pos, nxt in zip(before, [*before[1:], state], strict=True):
            seat = pos.to_move
            assert seat is not None and pos.phase == PLAY
            card = bot.act(pos.view(seat))[0]
            assert nxt.history()[len(pos.history())] == card


# --- judgment -------------------------------------------------------------------------------------
def test_is_this_hand_a_contract_by_the_hand_count() -> None:
    seen = set()
    for seed in range(60):
        q = generate("hand-count", seed)
        assert q.view is not None
        hand = sum(1 << CARD_INDEX[c] for c in q.view.hand)
        contract = ["solo", "heart-solo", "misere", "guarantee-solo", "spread-misere",
                    "call-solo"].index(q.context["contract"]) + 1
        est = estimates(hand)[contract - 1]
        assert q.key().answer == {"yes" if est.chips > 0 else "no"}
        assert est.reason in q.key().explanation
        seen.add((q.context["contract"], est.chips > 0))
    assert len(seen) >= 10  # yes and no for most contracts


def test_every_lesson_deal_gets_three_to_five_why_notes_in_view() -> None:
    for path in sorted((NOTEBOOKS / "deals").glob("*.json")):
        seat = "defender" if "spread" in path.name else "bidder"
        replay = DealReplay(path, seat=seat)
        if not replay.tapp:  # the why notes are the Tapp family's rule bot's (Sixty-Six: none)
            continue
        notes = [(i, n) for i in range(len(replay.steps)) for n in replay.shown_notes(i)]
        assert 3 <= len(notes) <= 5, (path.name, notes)
        for i, note in notes:
            assert note.startswith("Why ")
            hidden = replay._hidden_at(i)
            assert not any(mentions_card(note, c) for c in hidden), (path.name, note)
            replay.go(i)
            assert not mentions(plain(state_text(subtree(replay.box))),
                                {c.text for c in replay.hidden_cards()})


def test_why_notes_are_the_rule_bots_reasons_for_what_was_done() -> None:
    from tutor.bots.explain import note_words, why_notes

    record = json.loads((NOTEBOOKS / "deals" / "solo.json").read_text(encoding="utf-8"))
    final = state_of(record)
    notes = why_notes(final, record)
    state = final.game.from_record_deal(record)
    history = final.history()
    for i, action in enumerate(history):
        if i in notes:
            seat = state.to_move
            assert seat is not None
            chosen, why = RuleBot(0).act(state.view(seat))
            assert chosen == action  # a note only where the bot did what was done
            who = "the bidder" if seat == final.bidder else f"seat {seat}"
            assert notes[i] == note_words(why, who)
        state.apply(action)
    trump = next(n for n in notes.values() if n.startswith("Why trump"))
    hand = record["hands"][final.bidder]
    mask = sum(1 << CARD_INDEX[Card.parse(c)] for c in hand)
    assert trump_estimate(mask, final.trump)[2] in trump


@pytest.mark.parametrize("kind", ["trump-decision", "call-decision"])
def test_the_declaration_is_graded_by_the_solver(kind: str) -> None:
    from tutor.quiz import generate_decision, grade_decision

    q = generate_decision(kind, 1)
    rows = q.detail()["rows"]
    best = max(rows, key=lambda r: r["chips"])
    assert q.label_of(sorted(q.key().answer)[0]) == best["choice"]
    assert all(r["worlds"] == 12 for r in rows)
    right = grade_decision(q, sorted(q.key().answer)[0])
    assert right.correct and "Your choice" in right.explanation
    wrong = grade_decision(q, next(v for v in q.values if v not in q.key().answer))
    assert not wrong.correct
    assert set(q.rules) >= ({"SBS-19"} if kind == "trump-decision" else {"SBS-20"})


def test_the_guided_first_hand() -> None:
    guide = load_guide(GUIDE)
    final = state_of(guide.record)
    history = final.history()
    assert final.bidder == guide.seat and final.made() and final.bidder_points() == 78
    # every stop is the learner's own action; the good choices and replies are offered ones
    state = final.game.from_record_deal(guide.record)
    stops = {s.at: s for s in guide.stops}
    for i, action in enumerate(history):
        if i in stops:
            stop = stops[i]
            assert state.to_move == guide.seat
            legal = {state.token(a) for a in state.legal_actions()}
            hand = {c.text for c in state.view(guide.seat).hand}
            offered = legal if stop.offer == "legal" else hand
            assert stop.good <= legal and set(stop.replies) <= offered, (i, stop.replies)
            assert all(RULE_ID.fullmatch(r) for r in stop.rules)
        state.apply(action)
    # the numbers in the words are the hand count's
    hand = sum(1 << CARD_INDEX[Card.parse(c)] for c in guide.record["hands"][guide.seat])
    est = estimates(hand)
    bid = guide.stops[0]
    assert f"≈ {est[0].points}" in bid.why and f"≈ {est[1].points}" in bid.replies["heart-solo"]
    assert f"about {trump_estimate(hand, 0)[0]:g} tricks, not 11" in bid.replies["call-solo"]
    # played through: an illegal card is answered with the engine's rule
    g = GuidedHand(GUIDE)
    answers = []
    while not g.go.disabled or g.open is not None:
        if g.open is None:
            g.play_on()
            continue
        stop = g.open
        pick = {0: "pass", 3: "C", 4: "AC", 20: "7C", 23: "QC"}[stop.at]
        assert all(s not in plain(state_text(subtree(g.box))) for s in g.secrets())
        g.choose(pick)
        answers.append(g.reply.value)
    assert g.score() == (3, 5)
    assert "SBS-23: must follow suit" in plain(answers[3]) and "Right" in answers[4]
    assert "Chips: seat 0 +72" in g.story.value


def test_presenter_mode(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TUTOR_PRESENTER", raising=False)
    monkeypatch.setenv("QUERY_STRING", "")
    assert not presenter_mode()
    monkeypatch.setenv("QUERY_STRING", "presenter=1&x=2")
    assert presenter_mode()
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("TUTOR_PRESENTER", "1")
    assert presenter_mode()
    # the replay: every hand open, the widow hidden until the result
    replay = DealReplay(NOTEBOOKS / "deals" / "solo.json")
    assert replay.presenter and "every hand, open" in replay.table.value + replay.where.value
    widow = {Card.parse(c) for c in json.loads(
        (NOTEBOOKS / "deals" / "solo.json").read_text(encoding="utf-8"))["widow"]}
    assert replay.hidden_cards() == widow
    replay.go(len(replay.steps) - 1)
    assert replay.hidden_cards() == set()
    # the quiz: the teacher reveals; nothing is scored or saved
    learner = Learner("tea", root=tmp_path)
    quiz = QuizWidget(["points"], learner=learner)
    assert quiz.presenter and not quiz.reveal_button.disabled and not quiz.next.disabled
    fb = quiz.reveal()
    assert fb is not None and quiz.feedback is fb and learner.progress is not None
    assert learner.progress.answered == 0 and "st-presenter" in quiz.box._dom_classes


@pytest.mark.parametrize("deal", ["sixty-six-close-and-claim.json",
                                  "auction-pitch-steal-and-setback.json"])
def test_presenter_mode_opens_every_hand_of_the_other_games(deal: str) -> None:
    """A game of its own (Sixty-Six, Auction Pitch) in presenter mode: every seat's hand open
    at every step, each as that seat holds it; the stock's face-down cards and the cards never
    dealt stay hidden (they are in no hand)."""
    from tutor.engine.record import state_of

    record = json.loads((NOTEBOOKS / "deals" / deal).read_text(encoding="utf-8"))
    plain_replay = DealReplay(record)
    replay = DealReplay(record, presenter=True)
    assert replay.presenter and not plain_replay.presenter
    assert "st-presenter" in replay.box._dom_classes
    assert "every hand, open" in replay.where.value
    for i, step in enumerate(replay.steps):
        replay.go(i)
        plain_replay.go(i)
        state = step.state
        in_hands = {c for s in range(state.game.players) for c in state.view(s).hand}
        assert not in_hands & replay.hidden_cards()  # every hand open ...
        assert replay.hidden_cards() <= plain_replay.hidden_cards()
        # ... and nothing else: a card in no hand and not shown to the seat stays hidden
        assert plain_replay.hidden_cards() - in_hands == replay.hidden_cards()
        assert len(re.findall('class="st-seat"', replay.table.value)) >= \
            state.game.players - 1
    replay.go(0)  # the deal: the stock's face-down cards, or the cards never dealt, hidden
    first = state_of({**record, "play": []})
    unseen = set(first.game.info.deck.cards) - {
        c for s in range(first.game.players) for c in first.view(s).visible_cards()}
    assert unseen and replay.hidden_cards() == unseen


def test_the_teachers_page_says_how_to_run_a_lesson() -> None:
    text = " ".join(words(markdown("for-teachers")).split())
    for needle in ("?presenter=1", "make lesson", "Binder", "TUTOR_PRESENTER=1",
                   "Reveal the answer", "Page Down"):
        assert needle in text, needle


def test_the_worked_trick_is_the_engines() -> None:
    from tutor.widgets.pictures import worked_trick

    drawing = worked_trick(NOTEBOOKS / "guides" / "first-hand-deal.json", 4)
    state = state_of(json.loads((NOTEBOOKS / "guides" / "first-hand-deal.json").read_text(
        encoding="utf-8")))
    leader, _cards, winner = state.tricks[4]
    assert (leader, winner, state.trump) == (0, 2, 0)  # forehand led; endhand's trump won
    assert "12" in drawing and "won by seat 2" in drawing
    text = " ".join(words(markdown("05-play")).split())
    assert "2 + 0 + 10 = 12 card points" in text and "J♦" in text and "10♣" in text
    assert kinds()  # the quiz registry still answers after the lessons' imports


def test_every_game_with_lessons_has_a_course_map_in_the_mastery_view() -> None:
    """Frog's, Crazy Solo's, Sixty-Six's and Auction Pitch's lessons get the mastery view too:
    their course maps name lesson notebooks that exist, with rule ids those lessons cite."""
    view = MasteryView(learner=Learner("ida", seed=1))
    games = ["six-bid-solo", "frog", "crazy-solo", "sixty-six", "auction-pitch"]
    assert [v for _, v in view.game_pick.options] == games
    for game in games:
        for lesson in game_quiz(game).course:
            text = markdown(lesson.id)
            cited = set(RULE_ID.findall(text))
            assert set(lesson.rules) <= cited, (lesson.id, set(lesson.rules) - cited)
        view.game_pick.value = game
        assert view.game == game and game_quiz(game).course[0].title in view.lessons.value


def test_a_level_a_kind_never_gives_is_searched_for_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quiz whose questions cannot have the learner's level (Crazy Solo's legal plays at a
    table of eight are all *harder*) takes any level after one search; later questions cost
    only the draws the table filter needs, not the level search again."""
    import tutor.widgets.quiz as quiz_widgets

    monkeypatch.setattr(quiz_widgets, "_UNREACHED", set())
    made: list[Question] = []
    real = quiz_widgets.generate

    def counted(kind: str, seed: int, game: str = "six-bid-solo") -> Question:
        made.append(real(kind, seed, game))
        return made[-1]

    monkeypatch.setattr(quiz_widgets, "generate", counted)
    quiz = QuizWidget(["legal-plays"], game="crazy-solo", players=8,
                      learner=Learner("x", seed=3), level=1)
    assert len(made) > quiz_widgets._LEVEL_TRIES  # searched for a first step: found none
    assert all(difficulty(q) == 2 for q in made if players_of(q) == 8)
    assert quiz.question is made[-1] and players_of(made[-1]) == 8
    q = quiz.question
    quiz.answer(sorted(q.key().answer) if q.multi else sorted(q.key().answer)[0])
    made.clear()
    quiz.next.click()
    assert [players_of(q) == 8 for q in made] == [False] * (len(made) - 1) + [True]
    assert quiz.question is made[-1]


def test_a_partner_question_is_first_steps_when_there_is_no_void_to_read() -> None:
    """Crazy Solo's partner question: level 1 when nothing is to be read (the asker holds the
    called card, or no other seat has shown a void in its suit), 2 when a void is (CS-10)."""
    from tutor.games.crazy_solo.quiz import shown_void

    levels = set()
    for seed in range(60):
        q = generate("partner", seed, "crazy-solo")
        view = q.view
        assert view is not None and view.called is not None  # type: ignore[attr-defined]
        voids = [s for s in shown_void(view, view.called.suit)  # type: ignore[attr-defined]
                 if s != view.seat]
        holds = view.called in view.hand  # type: ignore[attr-defined]
        assert difficulty(q) == (1 if holds or not voids else 2), q.id
        levels.add(difficulty(q))
    assert levels == {1, 2}
