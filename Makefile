# One elected lane: build, test and re-measure the book.
#   make book   set up .venv (pinned), execute the notebooks on the recorded runs (replay: nothing is measured), build _build/html
#   make test   unit tests, every notebook executed in replay mode, the strict book build, the browser test
#   make live   re-measure every experiment this GPU can run, record the runs, rebuild the book on them
#   make fetch  download what the real-kernel steps need into .cache (then make live runs offline)
#   make rehearse  dress rehearsal of make live's real-kernel steps as a B200 runs them, on any machine (nothing recorded)
#   make lab    JupyterLab on notebooks/ with RACELAB_MODE=live: a chapter measures what this GPU can run, replays the rest;
#               run as root (a GPU container), it passes --allow-root, which Jupyter otherwise refuses
#   make bench  the parser benchmark and the book build's own timings
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
RACELAB := $(VENV)/bin/racelab
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml 2>/dev/null | sha256sum | cut -c1-12)
JB_FLAGS := -n -W --keep-going

.PHONY: lab-config setup book test unit live fetch rehearse lab bench clean-cache

setup: $(STAMP)

$(STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	rm -f $(VENV)/.installed-* && touch $@

# Pages replay recorded runs and never record (racelab.core.choice.choose): only RACELAB_MODE=live measures.
book: $(STAMP)
	$(RACELAB) book cache-guard _build
	RACELAB_MODE=replay $(VENV)/bin/jupyter-book build . $(JB_FLAGS)
	$(RACELAB) book postbuild _build/html

# two workers (pytest-xdist), each test file kept in one worker
unit: $(STAMP) fetch
	$(PY) -m pytest -q -p no:cacheprovider -n 2 --dist loadfile

test: unit book
	$(PY) -m pytest -q -p no:cacheprovider tests/browser -n 2 --dist loadfile

# Record, then rebuild on what was recorded, with an emptied execution cache (it keys on the notebooks,
# which did not change; the runs did).
# A failed experiment still gets the book rebuilt; the exit status is `racelab live`'s. Bad arguments (2) or
# no GPU (3): stop.
live: $(STAMP)
	@$(RACELAB) live; rc=$$?; \
	if [ $$rc -ge 2 ]; then exit $$rc; fi; \
	$(MAKE) clean-cache && $(MAKE) book || rc=$$?; \
	if [ $$rc -ne 0 ]; then echo "make live: FAILED (exit $$rc): see the steps marked FAILED in the summary above" >&2; fi; \
	exit $$rc

# What the real-kernel steps download (upstream wheels for this interpreter and machine, every variant of the
# SM100 and the SM90 kernel, the DSL 1.26.0 pins), into .cache: run it on a machine with network before
# `make live` on one without
fetch: $(STAMP)
	$(RACELAB) real fetch

# make live's real-kernel steps as a B200 runs them, on a machine without one: upstream's host code up to the kernel
# launch, recorded instead of run (racelab rehearse sm90 does the same for an H200)
rehearse: $(STAMP)
	$(RACELAB) rehearse sm100

# Measure live where the hardware is (RACELAB_MODE=live). Jupyter refuses to start as root unless told
# --allow-root; GPU containers often run as root, so it is passed when the effective user id is 0.
# The chapters open as notebooks (jupytext's viewer by default: lab/overrides.json) with MyST rendered
# (jupyterlab-myst); the kernels' IPython profile shows each glued value under the cell that glues it.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings
LAB_IPYTHON := $(VENV)/ipython
lab-config: $(STAMP)
	mkdir -p $(LAB_SETTINGS) $(LAB_IPYTHON)/profile_default/startup
	cp lab/overrides.json $(LAB_SETTINGS)/overrides.json
	cp lab/ipython_startup.py $(LAB_IPYTHON)/profile_default/startup/00-racelab-lab.py

LAB_ARGS ?=
lab: lab-config
	RACELAB_MODE=live IPYTHONDIR=$(CURDIR)/$(LAB_IPYTHON) $(VENV)/bin/jupyter lab notebooks/ $$( [ "$$(id -u)" = 0 ] && echo --allow-root ) $(LAB_ARGS)

bench: $(STAMP)
	$(RACELAB) bench parse
	$(RACELAB) bench build

clean-cache:
	rm -rf _build/.jupyter_cache _build/jupyter_execute _build/.doctrees _build/racelab-usage.jsonl
