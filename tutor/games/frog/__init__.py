"""Frog (``shared/rules/frog.md``): Six-Bid Solo's Tapp core with Frog, Chico and Grand."""
