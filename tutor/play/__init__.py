"""Play: a whole deal at a table of bots, without a user interface.

- :mod:`.session` — :class:`~tutor.play.session.TableGame`, the learner's seat at a table of
  bots: the deal moved only through the engine, undo, hints, a short match and the review;
- :mod:`.log` — the log in the learner's words (a face-down gift stays face down, SBS-20);
- :mod:`.saved` — saving deals by name in a folder and loading them back;
- :mod:`.anytime` — the bid advisor on a time budget, for the auction hint and the advisor panel.

The table's bot is :mod:`tutor.bots.table_bot`, its drawings :mod:`tutor.display.play_table`
and its widget :class:`tutor.widgets.TableWidget`. This room imports no widgets.
"""
