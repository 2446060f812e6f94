"""Play problems: positions from real deals that punish a guess, made by search, proven by the
solver over every layout of the unseen cards, and played against a defence that adapts.

The rooms, in the order they build on each other (``docs/problems.md`` tells the method):

- :mod:`.knowledge` — what the learner knows of the unseen cards, card by card;
- :mod:`.goal` — a goal (make, beat, at least, at most) as a threshold on the solver's value;
- :mod:`.sure` — the sure-line search: a line that wins against every layout and defence?
- :mod:`.problem` — the ``problem`` section of a hand record, read and checked (PRB rules);
- :mod:`.proof` — the prover: each card's failing layouts, the sure cards;
- :mod:`.defence` — an attempt against the defence that adapts, or the original deal;
- :mod:`.writeup`, :mod:`.levels` — the write-up's words, the hint, the level;
- :mod:`.generate` — the generator (``python -m tutor.problems.generate``);
- :mod:`.bank`, :mod:`.progress`, :mod:`.session` — the shipped problems, progress per problem
  in the learner's file, the Problems lesson without a UI (its widget:
  :class:`tutor.widgets.problem.ProblemWidget`).
"""
