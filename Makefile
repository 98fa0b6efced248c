# Two commands for a fresh clone (see README "Quick start"):
#   make run    set up .venv and run the main job
#   make test   set up .venv and run every check and test
VENV ?= .venv
PY := $(VENV)/bin/python
SHARED ?= ../shared/data

CHROMIUM ?= /usr/bin/chromium

.PHONY: setup browser run test lint bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

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

run: setup
	$(PY) -m grille.demo
	$(VENV)/bin/grille play --port $(PORT) $(if $(DB),--db $(DB))

lint: setup
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

test: lint browser
	$(VENV)/bin/pytest -q

bench: setup
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) benchmarks/sudoku_solve.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
