"""Game-independent machinery over the rules modules: hand records, replay, the match."""
