"""Sixty-Six, the two-player game of the stock, marriages, closing and claims
(``shared/rules/sixty-six.md``, rule ids SS-n): its rules (``rules.py``), its words
(``presentation.py``) and the match to 7 (``match.py``)."""
