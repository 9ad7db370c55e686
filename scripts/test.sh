#!/usr/bin/env bash
# Run the checks CI runs: ruff, mypy, then the whole pytest suite (display tests start their
# own Xvfb).
set -uo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check . || exit 1
.venv/bin/mypy || exit 1
.venv/bin/python -m pytest -n 2 --dist loadgroup --timeout 900 "$@"
rc=$?
if [ "$rc" -eq 5 ]; then
  echo "test: pytest collected no tests" >&2
  exit 1
fi
exit "$rc"
