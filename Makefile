# Two entry points for a fresh clone (Python 3.11, pip, gcc; nothing else by hand):
#   make run   - create .venv, install, start the station on simulated hardware
#   make test  - create .venv, install with test extras, run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test venv clean bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[ui,test]'
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/dealer-station run

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
