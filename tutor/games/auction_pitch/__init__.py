"""Auction Pitch (``shared/rules/auction-pitch.md``): 52 cards, 3–7 players each for themselves,
one call each, trump fixed by the first lead, High, Low, Jack and Game."""
