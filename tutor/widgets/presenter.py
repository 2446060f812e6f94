"""Presenter mode: a lesson shown on a projector by a teacher.

Open any lesson with ``?presenter=1`` after its address (Voilà hands the page's query string to
its kernel as ``$QUERY_STRING``), or start the server with ``TUTOR_PRESENTER=1`` set
(``TUTOR_PRESENTER=1 make lesson``), and the widgets of the page change their manner:

- cards are drawn large and the text bigger (the ``st-presenter`` class, ``assets/lesson.css``);
- a worked-deal replay shows every hand open, as a teacher at the front of the class wants
  them (:class:`tutor.widgets.replay.DealReplay`): the widow still only at the end;
- a quiz shows no answer until the teacher presses **Reveal the answer** — the class may call
  out its pick first — and nothing is written to any learner's progress file;
- the Voilà template (``assets/jupyter/voila/templates/tutor``) steps the replay on the page with
  the keyboard — → or Page Down for the next step, ← or Page Up for the previous one, as a
  presentation clicker sends them — and marks the page ``st-presenter``.

The teacher's page (``notebooks/for-teachers.ipynb``) says how to run a lesson for a class.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

#: The query-string key and the environment variable that switch presenter mode on.
QUERY_KEY = "presenter"
ENV_KEY = "TUTOR_PRESENTER"
_ON = {"1", "true", "yes", "on"}


def presenter_mode() -> bool:
    """Is this page shown in presenter mode (``?presenter=1``, or ``$TUTOR_PRESENTER``)?"""
    if os.environ.get(ENV_KEY, "").strip().lower() in _ON:
        return True
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    return any(v.strip().lower() in _ON for v in query.get(QUERY_KEY, []))


__all__ = ["ENV_KEY", "QUERY_KEY", "presenter_mode"]
