# Two commands for a fresh clone (see README "Quick start"):
#   make run    set up .venv, compile the solver kernels, run the main job
#   make test   set up .venv, compile the solver kernels, run every check and test
VENV ?= .venv
PY := $(VENV)/bin/python
SHARED ?= ../shared/data

CHROMIUM ?= /usr/bin/chromium

.PHONY: setup warm browser run test lint bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# numba compiles grille's kernels for this machine on first use: do it once, now, for every
# command and game (a few minutes with a progress line; seconds when they are compiled).
warm: setup
	$(VENV)/bin/grille warm

# The browser tests drive Debian's chromium with Playwright (no browser download); install it
# when missing and we may (root or sudo), else those tests skip and say why.
browser:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO="sudo -n"; \
	  else echo "no root: browser tests will skip"; exit 0; fi; \
	  $$SUDO apt-get update -q >/dev/null && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium >/dev/null || \
	  echo "could not install chromium: browser tests will skip"; }

# The main job: the toolkit on the sample and shared puzzles, then the game in the browser
# (grille play on 127.0.0.1:$(PORT); games in one SQLite file, in the user's data folder
# unless DB=PATH is given; Ctrl+C stops it).
PORT ?= 8000
DB ?=

run: warm
	$(PY) -m grille.demo
	$(VENV)/bin/grille play --port $(PORT) $(if $(DB),--db $(DB))

lint: setup
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

test: lint browser warm
	$(VENV)/bin/pytest -q

bench: setup
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) benchmarks/sudoku_solve.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
