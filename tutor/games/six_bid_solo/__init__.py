"""Six-Bid Solo (``shared/rules/six-bid-solo.md``): its rules and its adapters."""
