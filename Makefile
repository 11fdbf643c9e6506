# Two entry points for a fresh machine with Python 3.11+ and the system cairo library:
#   make kit    build the Dragon Pants print-and-play kit into output/dragon_pants/
#   make test   run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: kit test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

kit: $(STAMP)
	$(BIN)/dragon-pnp build dragon_pants

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	for b in bench/bench_*.py; do $(BIN)/python $$b; done

clean:
	rm -rf $(VENV) output/*/
