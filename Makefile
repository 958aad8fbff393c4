# Rummy Table: every task runs inside a local virtual environment, .venv.
# Stamp files in .venv make pip run only when a requirements file changes.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check

# Headless runs (tests, soak, bench) must work on a machine with no screen or sound card.
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

.DEFAULT_GOAL := help
.PHONY: help play test soak bench bench-ref lint package clean

help:
	@echo "make play   install the game's requirements into .venv and start it"
	@echo "make test   install the dev tools, run ruff, mypy on game/ and saves/, and the test suite"
	@echo "make soak   long random-playout tests"
	@echo "make bench  engine benchmark"
	@echo "make bench-ref  speed against RLCard on this machine (builds .venv-ref for it)"
	@echo "make lint   ruff check and ruff format --check"
	@echo "make package  build the double-clickable app for this system into dist/ (PyInstaller)"
	@echo "make clean  remove .venv, caches, build/ and dist/"

$(BIN)/python:
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Rummy Table needs Python 3.11 or newer; '$(PY)' is older (try: make PY=python3.11)"; exit 1; }
	$(PY) -m venv $(VENV)

$(VENV)/.stamp-run: requirements.txt | $(BIN)/python
	$(PIP) install -r requirements.txt
	@touch $@

$(VENV)/.stamp-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(PIP) install -r requirements-dev.txt
	@touch $@

play: $(VENV)/.stamp-run
	PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/python main.py

test: $(VENV)/.stamp-dev
	$(BIN)/ruff check .
	$(BIN)/mypy game saves
	$(HEADLESS) $(BIN)/python -m pytest -n auto -q

soak: $(VENV)/.stamp-dev
	$(HEADLESS) $(BIN)/python -m pytest -m soak -n auto -q

bench: $(VENV)/.stamp-run
	$(HEADLESS) $(BIN)/python bench/engine.py

# RLCard, the speed yardstick of bench/reference.py, in its own environment (it needs numpy).
.venv-ref/.stamp: requirements-ref.txt
	$(PY) -m venv .venv-ref
	.venv-ref/bin/python -m pip --disable-pip-version-check install -r requirements-ref.txt
	@touch $@

bench-ref: $(VENV)/.stamp-run .venv-ref/.stamp
	$(HEADLESS) $(BIN)/python bench/reference.py --python .venv-ref/bin/python

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# PyInstaller builds for the system it runs on: a folder on Linux and Windows, an .app on macOS.
package: $(VENV)/.stamp-dev
	PYGAME_HIDE_SUPPORT_PROMPT=1 $(BIN)/python -m PyInstaller build.spec --noconfirm --log-level WARN
	@if [ -d "dist/Rummy Table.app" ]; then echo "Built: dist/Rummy Table.app"; \
	elif [ -f dist/RummyTable/RummyTable.exe ]; then echo "Built: dist/RummyTable/RummyTable.exe"; \
	else echo "Built: dist/RummyTable/RummyTable"; fi

clean:
	rm -rf $(VENV) .venv-ref .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
