# Two commands on a fresh machine: `make run` (the table app, simulated hardware) and `make test`.
# Each sets up its own virtualenv in .venv the first time.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
ARGS ?=

.PHONY: run play test lint bench screenshots catalogs clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import venv, ensurepip' 2>/dev/null && [ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] \
		|| scripts/ensure-system-packages
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	@# two third-party MFRC522 drivers, the emulator's witnesses (tests/table/test_witness_drivers.py):
	@# pure Python, installed without the RPi.GPIO/spidev C extensions they declare (fakes stand in)
	$(BIN)/pip install -q --no-deps mfrc522==0.0.7 pi-rc522==2.3.0
	@rm -f $(VENV)/.installed-*
	@touch $@

run: $(STAMP)
	$(BIN)/hauntable ui $(ARGS)

play: $(STAMP)
	$(BIN)/hauntable play $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check app tests bench firmware scripts
	$(BIN)/ruff format --check app tests bench firmware scripts
	$(BIN)/python scripts/type_gate.py

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

# the UI's gettext catalogs: templates from the sources, merged into each language, compiled (docs/ui.md)
catalogs: $(STAMP)
	$(BIN)/python scripts/catalogs.py extract update compile

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
