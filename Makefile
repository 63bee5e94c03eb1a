# Two entry points: `make run` starts the game, `make test` runs every check.
# Both create .venv and install what they need on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# Python writes each module's compiled form beside it as it first imports it (in .venv and the
# source tree, both kept out of git). Where the environment says not to, every process of a test
# run (four test workers, the servers and commands the tests start) compiled numpy, numba,
# FastAPI, hypothesis and the rest from source again: 3.7 CPU-seconds each.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test lint typecheck js-lint js-test pytest pytest-browser pytest-other chromium redis solver-table tables warm-batch lock audit mutation clean

# Exact versions and hashes come from the lock files (made by `make lock`), so every machine
# installs the same packages; the project itself is then installed on top, editable. `make run`
# needs only the runtime lock; `make test` adds the test tools. Python compiles what is imported
# as it is first imported, rather than pip compiling every file of every package up front
# (--no-compile: a third of the install's time).
RUNTIME := $(VENV)/.runtime
PIP := $(BIN)/python -m pip install --quiet --no-compile

# pip itself comes first, at the version requirements-dev.lock pins: the pip a new venv has (23.2
# with Python 3.11) weighs every file of every version an index lists for each pinned package,
# which made a third of the install's CPU.
PIP_STAMP := $(VENV)/.pip

$(PIP_STAMP): requirements-dev.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	sed -n '/^pip==/,/^    #/p' requirements-dev.lock > $(VENV)/pip.lock
	test ! -s $(VENV)/pip.lock || $(PIP) --require-hashes -r $(VENV)/pip.lock
	touch $@

$(RUNTIME): pyproject.toml requirements.lock $(PIP_STAMP)
	$(PIP) --require-hashes -r requirements.lock
	$(PIP) --no-deps -e .
	touch $@

$(STAMP): $(RUNTIME) requirements-dev.lock
	$(PIP) --require-hashes -r requirements-dev.lock
	touch $@

run: $(RUNTIME)
	$(BIN)/yahtzee serve --host $(HOST) --port $(PORT)

chromium:
	@sh scripts/ensure-chromium

redis:
	@sh scripts/ensure-redis

# The checks that no test waits for run at a lower priority (nice): under `make test` they take
# the cores only when the tables and the tests leave them idle.
NICE := nice -n 10

lint: $(STAMP)
	$(NICE) $(BIN)/ruff check src tests benchmarks
	$(NICE) $(BIN)/ruff format --check src tests benchmarks

# mypy keeps what it learnt of each module beside the tables (`yahtzee solve`'s cache folder)
# rather than in the clone: checked against each file's content, it serves every clone on this
# machine, and a fresh one no longer reads numpy, FastAPI and the rest anew (17 CPU-seconds).
typecheck: $(STAMP)
	MYPY_CACHE_DIR="$$($(BIN)/python -c 'from yahtzee.solver.store import cache_dir; print(cache_dir() / "mypy")')" \
		$(NICE) $(BIN)/mypy

# The page's JS and CSS: ESLint and Prettier, and node's test runner for its pure logic, at the
# exact versions of package-lock.json (`npm ci` needs only the npm registry; node >= 20.19).
NODE_STAMP := node_modules/.installed
PAGE := src/yahtzee/server/static

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

js-lint: $(NODE_STAMP)
	$(NICE) node_modules/.bin/eslint --max-warnings=0
	$(NICE) node_modules/.bin/prettier --check $(PAGE) tests/js eslint.config.js

# The tests read the terms the server writes into the page from a file written here.
js-test: $(NODE_STAMP) $(RUNTIME)
	$(BIN)/python -c "import sys; from yahtzee.terms import terms_json; sys.stdout.buffer.write(terms_json())" > node_modules/.terms.json
	PAGE_TERMS=node_modules/.terms.json $(NICE) node --test tests/js/

# Two sessions side by side, each spread over two pytest-xdist workers: the browser tests (one
# app server and one Chromium per worker) spend much of their time waiting on pages, which the
# other tests' computing fills. Each worker has its own temporary cache, so they share nothing.
# The other tests go to the workers file by file, so a module's costly fixtures are built once,
# and a little below the browser's priority (nice 3): at equal priority they ended 20 s before the
# browser tests, which then played on alone with a core a third idle.
# PYTEST_ARGS passes options on: `make pytest PYTEST_ARGS="--order random"` (or reverse), or
# "--latency 150" (each request of the browser tests' pages 150 ms late, as on a slow network).
PYTEST_ARGS ?=

pytest: $(STAMP)
	$(MAKE) -k -j2 --output-sync=target pytest-browser pytest-other

pytest-browser: $(STAMP) chromium tables warm-batch
	$(BIN)/pytest -q -n 2 -p no:schemathesis $(PYTEST_ARGS) tests/browser

pytest-other: $(STAMP) tables warm-batch redis
	nice -n 3 $(BIN)/pytest -q -n 2 --dist loadfile $(PYTEST_ARGS) --ignore=tests/browser

# The solver and 胜率 tables in the cache `make run` uses, which the test session copies: built
# here while lint, typecheck and the Chromium install run beside it (a minute and a half on a
# fresh machine, most of it otherwise spent inside the first test that needs them). A failure
# here (a cache that cannot be written) is not fatal: the tests then build their own copies.
# Then the kernels a served worker runs go into numba's cache, compiled once rather than by each
# test worker at the same moment (scripts/warm-kernels): the simulators' batch kernels as soon as
# the solver table is there (warm-batch, beside the outlook and 胜率 tables), the games' after.
solver-table: $(RUNTIME)
	-$(BIN)/yahtzee solve

tables: solver-table
	-$(BIN)/yahtzee solve --win --outlook
	-$(BIN)/python scripts/warm-kernels --games

warm-batch: solver-table
	-$(NICE) $(BIN)/python scripts/warm-kernels --batch

# Everything at once, as soon as what it needs is ready: the tests start when the tables (and for
# the browser, Chromium) are, while mypy may still be running. -k: every check reports, even after
# one has failed; make still exits non-zero.
test:
	$(MAKE) -k -j4 --output-sync=target lint typecheck js-lint js-test pytest-browser pytest-other

# Re-pin after changing dependencies in pyproject.toml (needs pip-tools in a throwaway venv).
lock:
	$(PYTHON) -m venv /tmp/yahtzee-piptools && /tmp/yahtzee-piptools/bin/pip install --quiet pip-tools
	/tmp/yahtzee-piptools/bin/pip-compile -q --generate-hashes --strip-extras --allow-unsafe -o requirements.lock pyproject.toml
	/tmp/yahtzee-piptools/bin/pip-compile -q --generate-hashes --strip-extras --allow-unsafe --extra test -o requirements-dev.lock pyproject.toml

# Mutation testing (mutmut) of rules.py, game.py, review.py and dice_record.py, each against its
# own fast tests, in scratch copies under .cache/mutation; prints each module's score and every
# surviving mutant not listed as equivalent in tests/mutation/equivalent.txt, and fails under
# 95 %. Not part of `make test`: it takes a while. `make mutation MODULES=rules` runs one.
mutation: $(STAMP)
	$(BIN)/python tests/mutation/run.py $(MODULES)

# Known vulnerabilities in the pinned packages (needs the PyPI JSON API or OSV to be reachable).
audit: $(STAMP)
	$(BIN)/pip-audit --strict --progress-spinner off --disable-pip -r requirements-dev.lock

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis node_modules
