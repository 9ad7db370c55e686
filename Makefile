# The two commands a newcomer runs (see README.md), plus helpers.
.PHONY: setup demo test lint bench clean

setup:
	./scripts/setup.sh

demo: setup
	.venv/bin/gamebot demo

test: setup
	./scripts/test.sh

lint: setup
	.venv/bin/ruff check .

clean:
	rm -rf .venv build *.egg-info .pytest_cache .ruff_cache
