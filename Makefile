# Two entry points for a fresh clone (Python 3.11, pip, gcc; nothing else by hand):
#   make run   - create .venv, install, start the station on simulated hardware
#   make test  - create .venv, install with test extras, run the whole test suite (about 5 minutes on 2 cores;
#                it installs PostgreSQL 15, Chromium and a Chinese font with apt-get when missing, as root)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Python writes its bytecode cache (__pycache__, git-ignored): a machine that sets PYTHONDONTWRITEBYTECODE
# would otherwise compile every module of the station again in each of the suite's ~200 interpreters
# (0.2 s of each `dealer-station` start, 4 s of each test worker's collection).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check lint venv wheelhouse clean bench fonts chromium postgres translations screenshots pit-screenshots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[ui,pit,station,test]'
	touch $(STAMP)

venv: $(STAMP)

# A table PC installs without the internet (docs/install.md): a wheel of the station and of every library it
# runs with, built here, copied to the PC, installed with pip install --no-index --find-links. Build it on the
# table PCs' Debian release and architecture (evdev is compiled for them).
WHEELHOUSE := dist/wheelhouse
wheelhouse: $(STAMP)
	rm -rf $(WHEELHOUSE)
	$(BIN)/pip wheel --quiet --wheel-dir $(WHEELHOUSE) '.[ui,pit,station]'
	@echo "$$(ls $(WHEELHOUSE) | wc -l) wheels in $(WHEELHOUSE): pip install --no-index --find-links $(WHEELHOUSE) 'dealer-station[ui,pit,station]'"

run: $(STAMP) fonts
	$(BIN)/dealer-station run

# The whole suite on every core (pytest-xdist). tests/ordering.py spreads the tests marked slow through
# the run (the touchscreen's waiting tests first, beside them), and --dist load with --maxschedchunk 2
# hands each worker the next test as it frees, so one worker's long computing check overlaps the other's
# waits. (Without the chunk limit xdist's first hand-out gives one worker a quarter of its share in a
# block.) One worker per core: a third is faster (3:53 against 4:07, both passing, even beside two busy
# loops) but takes a third of a core from the pit page's latency checks (the page within 1-2 s while par
# computes or the floor is down), which failed CI once at three in a slow hour; docs/performance.md.
# CI runs this; `make test JOBS=3` for a quicker local run.
JOBS ?= auto
XDIST = -n $(JOBS) --dist load --maxschedchunk 2
test: $(STAMP) fonts chromium postgres lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q $(XDIST)

# Everyday lane: everything but the tests marked slow (crash loops, soaks, wheel, browser, par), on one
# worker more than the cores: its tests wait (device timeouts, the screen's double-tap and arm times) more
# than they compute, and the pit page's latency checks that a third worker starves are all marked slow
# (1:54 against 2:20 at two workers, docs/performance.md).
CHECK_JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
check: $(STAMP) postgres lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -n $(CHECK_JOBS) --dist load --maxschedchunk 2 -m "not slow"

# Static checks, part of make test: ruff over the tree, mypy (strict) over the packages.
lint: $(STAMP)
	$(BIN)/ruff check --quiet .
	$(BIN)/mypy

# The Chinese screens need a font with the glyphs: Debian's fonts-noto-cjk (SIL OFL),
# installed when fontconfig knows no Chinese font (CI runs as root; elsewhere it says how).
fonts:
	@fc-list :lang=zh 2>/dev/null | grep -q . || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get install -y -qq fonts-noto-cjk >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null && apt-get install -y -qq fonts-noto-cjk >/dev/null)) && fc-cache -f >/dev/null \
	      || echo "could not install fonts-noto-cjk: the Chinese screens will show boxes"; \
	  else echo "no Chinese font: install Debian's fonts-noto-cjk (sudo apt-get install fonts-noto-cjk)"; fi; }

# The pit page's browser tests drive Debian's chromium (Playwright's own browser downloads do
# not work here): installed when /usr/bin/chromium is missing (CI runs as root; elsewhere it says how).
chromium:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get install -y -qq chromium >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null)) \
	      || echo "could not install chromium: the pit page's browser tests will fail"; \
	  else echo "no /usr/bin/chromium: install Debian's chromium (sudo apt-get install chromium)"; fi; }

# The floor's and the pit's tests start their own throwaway PostgreSQL 15 server (tests/pg.py) from Debian's
# postgresql-15, installed when its binaries are missing (CI runs as root; elsewhere it says how;
# DEALER_STATION_PG_BIN points the tests at binaries elsewhere).
PG_BIN ?= $(or $(DEALER_STATION_PG_BIN),/usr/lib/postgresql/15/bin)
postgres:
	@test -x $(PG_BIN)/initdb || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get install -y -qq postgresql-15 >/dev/null 2>&1 || \
	     (apt-get update -qq >/dev/null && apt-get install -y -qq postgresql-15 >/dev/null)) \
	      || echo "could not install postgresql-15: the floor's and the pit's tests will fail"; \
	  else echo "no PostgreSQL 15 in $(PG_BIN): install Debian's postgresql-15 (sudo apt-get install postgresql-15)"; fi; }

# Screen languages: ui/i18n/*.ts (Qt Linguist) -> compiled .qm, both committed.
translations: $(STAMP)
	$(BIN)/python -m ui.i18n.tool update

screenshots: $(STAMP) fonts
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m ui.screenshots

# The pit page's pictures in docs/screenshots (a simulated floor, real PostgreSQL, headless chromium).
pit-screenshots: $(STAMP) chromium
	$(BIN)/python -m tests.pit.screenshots

bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
