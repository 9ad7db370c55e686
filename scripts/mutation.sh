#!/usr/bin/env bash
# make mutation: mutmut on the mutants the given patterns name (the Makefile's MUTANTS), one
# worker, niced; ends with the survivors, timeouts and unchecked mutants of those patterns only.
#
# mutmut reruns every mutant a pattern names, finished or not. So once mutants/ holds results,
# only the mutants not checked yet are run: an interrupted run goes on where it stopped.
# FRESH=1 checks them all again (after changing the mutated code, or to start over).
set -euo pipefail
cd "$(dirname "$0")/.."
export HYPOTHESIS_PROFILE=ci
MUTMUT=.venv/bin/mutmut
[ $# -gt 0 ] || { echo "usage: $0 PATTERN..." >&2; exit 2; }

# listed todo PATTERN...: names of the matching mutants not checked yet, one a line;
# listed report PATTERN...: "name: status" of the matching mutants not killed.
listed() {
  local mode=$1
  shift
  "$MUTMUT" results --all true | .venv/bin/python -c '
import fnmatch, sys
mode, patterns = sys.argv[1], sys.argv[2:]
for line in sys.stdin:
    name, _, status = line.strip().rpartition(": ")
    if not any(fnmatch.fnmatch(name, p) for p in patterns):
        continue
    if mode == "todo" and status == "not checked":
        print(name)
    elif mode == "report" and status != "killed":
        print(f"    {name}: {status}")
' "$mode" "$@"
}

if [ -z "${FRESH:-}" ] && [ -n "$(find mutants -name '*.meta' -print -quit 2>/dev/null)" ]; then
  mapfile -t todo < <(listed todo "$@")
  echo "mutation: ${#todo[@]} mutants not checked yet (FRESH=1 checks every one again)"
  if [ ${#todo[@]} -gt 0 ]; then
    nice -n 10 "$MUTMUT" run --max-children 1 "${todo[@]}"
  fi
else
  nice -n 10 "$MUTMUT" run --max-children 1 "$@"
fi
echo "mutation: not killed:"
listed report "$@"
