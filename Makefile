# The two commands a newcomer runs (see README.md), plus helpers.
.PHONY: setup demo test lint typecheck bench clean mutation

setup:
	./scripts/setup.sh

demo: setup
	.venv/bin/gamebot demo

test: setup
	./scripts/test.sh

lint: setup
	.venv/bin/ruff check .

# mypy over solvers/, vision/, calibration/ and bot/ (configured in pyproject.toml)
typecheck: setup
	.venv/bin/mypy

# Mutation testing on the files listed in pyproject's [tool.mutmut] (slow, not in CI); in the
# game adapter only the frame check is mutated. One worker leaves a core free. A second run
# checks only the mutants not checked yet; FRESH=1 checks them all again.
MUTANTS ?= 'solvers.*' 'bot.run.safety.*' 'vision.core.geometry.*' 'bot.games.minesweeper.adapter.x_check__mutmut_*'
mutation: setup
	FRESH=$(FRESH) ./scripts/mutation.sh $(MUTANTS)

clean:
	rm -rf .venv build *.egg-info .pytest_cache .ruff_cache
