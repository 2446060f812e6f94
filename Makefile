# Solo Tutor — every target does its own set-up from nothing (a fresh clone on a fresh machine).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint soak bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,solver,lesson]'
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check tutor tests benchmarks
	$(BIN)/mypy tutor

test: lint
	$(BIN)/pytest -q -n 2

soak: $(STAMP)
	SOLO_SOAK_DEALS=100000 $(BIN)/pytest -q -n 2 -m soak tests

# Benchmarks print figures and ratios against baselines measured in the same run (see README).
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]' || echo "open-spiel not installable: no OpenSpiel ratio"
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# --- the bot ladder in duplicate (benchmarks/arena.py): prints the table of chips per deal with
# 95% intervals; fails if a rung's interval does not clear zero. Long: about an hour on 2 cores.
.PHONY: arena
arena: $(STAMP)
	$(BIN)/python benchmarks/arena.py
