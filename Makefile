# Two commands for a fresh clone (see README "Quick start"):
#   make run    set up .venv and run the main job
#   make test   set up .venv and run every check and test
VENV ?= .venv
PY := $(VENV)/bin/python
SHARED ?= ../shared/data

.PHONY: setup run test lint bench clean

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

run: setup
	$(PY) -m grille.demo

lint: setup
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

test: lint
	$(VENV)/bin/pytest -q

bench: setup
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) benchmarks/sudoku_solve.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
