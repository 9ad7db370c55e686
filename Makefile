# The two commands a newcomer runs (see README.md), plus helpers.
.PHONY: setup demo test lint bench clean mutation

setup:
	./scripts/setup.sh

demo: setup
	.venv/bin/gamebot demo

test: setup
	./scripts/test.sh

lint: setup
	.venv/bin/ruff check .

# Mutation testing on the files listed in pyproject's [tool.mutmut] (slow, not in CI); in the
# game adapter only the frame check is mutated. One worker leaves a core free.
MUTANTS ?= 'solvers.*' 'bot.safety.*' 'vision.geometry.*' 'bot.games.minesweeper.x_check__mutmut_*'
mutation: setup
	HYPOTHESIS_PROFILE=ci nice -n 10 .venv/bin/mutmut run --max-children 1 $(MUTANTS)
	.venv/bin/mutmut results

clean:
	rm -rf .venv build *.egg-info .pytest_cache .ruff_cache
