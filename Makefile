# Solo Tutor — every target does its own set-up from nothing (a fresh clone on a fresh machine).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
VOILA_ARGS ?=

.PHONY: test lint soak explore bench clean lesson lab chromium

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,solver,lesson]'
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check tutor tests benchmarks
	$(BIN)/mypy tutor

# --dist loadgroup: the Voilà and browser tests (xdist_group "voila") share one server.
# --reruns: the play-table browser tests wait on bots and a real browser and showed timing races
# under heavy load; any failing test is retried once (one that fails twice still fails the run).
# -rR names each rerun test in the summary, so a retry is never silent.
test: lint $(CHROMIUM)
	$(BIN)/pytest -q -n 2 --dist loadgroup --reruns 1 -rR

soak: $(STAMP)
	SOLO_SOAK_DEALS=100000 $(BIN)/pytest -q -n 2 -m soak tests

# The property tests with fresh random examples, ten times as many (make test draws the same
# ones every run: tests/conftest.py). A failure prints the blob that replays it.
explore: $(STAMP)
	TUTOR_HYPOTHESIS=explore TUTOR_FUZZ_SCALE=10 $(BIN)/pytest -q -n 2 -p no:randomly \
		$$(grep -l "from hypothesis" tests/*.py)

# Benchmarks print figures and ratios against baselines measured in the same run (see README).
bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]' || echo "open-spiel not installable: no OpenSpiel ratio"
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/sixty_six.py
	$(BIN)/python benchmarks/sixty_six_bots.py
	$(BIN)/python benchmarks/crazy_solo.py
	$(BIN)/python benchmarks/auction_pitch.py
	$(BIN)/python benchmarks/auction_pitch_bots.py
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/advisor.py
	$(BIN)/python benchmarks/table.py
	$(BIN)/python benchmarks/problems.py
	$(BIN)/python benchmarks/lesson.py

# --- lessons (notebooks/ served by Voilà; settings in assets/voila.json) -------------------------
# The browser tests drive Debian's chromium through Playwright's executable_path: no browser is
# ever downloaded. CI runs as root on a fresh Debian machine; elsewhere apt-get runs under sudo.
$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y chromium

chromium: $(CHROMIUM)

# The web lesson on http://localhost:8866 — sources stripped, no tracebacks, idle kernels culled.
# The solver is compiled into numba's cache first (about 15 s once, then under a second), so a
# learner's first click that needs it never waits for the compiler; and the package into Python's
# bytecode, so no kernel compiles it again (even where $PYTHONDONTWRITEBYTECODE keeps imports from
# writing it: about half of what `import tutor` costs a lesson). TUTOR_PRESENTER=1 make lesson
# opens every page in presenter mode (notebooks/for-teachers.ipynb).
# JUPYTER_PATH finds the "tutor" Voilà template (Voilà's lab template without CDN links).
lesson: $(STAMP)
	$(BIN)/python -c 'from tutor.widgets.engine import warm_up; warm_up()'  # numba's cache
	$(BIN)/python -m compileall -q tutor  # Python's bytecode (__pycache__/)
	JUPYTER_PATH="$(CURDIR)/assets/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	$(BIN)/voila notebooks --Voila.config_file_paths="['assets']" $(VOILA_ARGS)

# The same notebooks in JupyterLab, code and all.
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(if $(SUDO),,--allow-root)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# --- the bot ladder in duplicate (benchmarks/arena.py): prints the table of chips per deal with
# 95% intervals; fails if a rung's interval does not clear zero. About 7 min on 2 quiet cores.
.PHONY: arena
arena: $(STAMP)
	$(BIN)/python benchmarks/arena.py

# --- Frog's ladder in duplicate (benchmarks/arena.py's LADDERS): the rule bot against the random
# bot over 100 deals, the PIMC bot against the rule bot over 200; fails like `make arena`.
# About 5 min on 2 quiet cores (docs/bots.md, "Frog's PIMC bot").
.PHONY: arena-frog
arena-frog: $(STAMP)
	$(BIN)/python benchmarks/arena.py --game frog

# --- Crazy Solo's ladder in duplicate at 4 players (benchmarks/arena.py's LADDERS): the rule bot
# against the random bot, the PIMC bot against the rule bot, each deal in all 14 seatings; fails
# like `make arena` (docs/crazy-solo-bots.md has the figures and an 8-player run).
.PHONY: arena-crazy
arena-crazy: $(STAMP)
	$(BIN)/python benchmarks/arena.py --game crazy-solo

# --- Auction Pitch's ladder in duplicate (benchmarks/arena.py's LADDERS), at 4 players then 7: in
# a field of B (general-sum, every player on their own), the rule bot against the random bot and
# the Monte-Carlo bot against the rule bot over 200 hands each, in points per hand; fails like
# `make arena`. About 10 min on 2 quiet cores (docs/auction-pitch-bots.md).
.PHONY: arena-pitch
arena-pitch: $(STAMP)
	$(BIN)/python benchmarks/arena.py --game auction-pitch --players 4
	$(BIN)/python benchmarks/arena.py --game auction-pitch --players 7

# --- Sixty-Six's ladder in duplicate (benchmarks/arena.py's LADDERS): the rule bot against the
# random bot over 100 deals, the strong (PIMC) bot against the rule bot over 200, in game points
# per deal (docs/sixty-six-bots.md gives the figures and the time it takes).
.PHONY: arena-66
arena-66: $(STAMP)
	$(BIN)/python benchmarks/arena.py --game sixty-six

# --- this working tree against an earlier revision, in one process (benchmarks/compare.py): the
# same results on both and each workload's median time ratio within 5 %; exit status 1 if not.
# About 75 s on 2 cores (docs/benchmarks.md says how to read it).
.PHONY: compare
BASE ?= HEAD~1
compare: $(STAMP)
	$(BIN)/python benchmarks/compare.py --base $(BASE)
