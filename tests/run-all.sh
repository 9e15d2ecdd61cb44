#!/usr/bin/env bash
# The whole test suite: types, lint (ESLint + Prettier), unit, integration (real PostgreSQL), browser (Chromium, JS on and off).
# Steps that do not depend on each other run side by side (CI has 2 cores, and most steps leave one
# idle); each step's output is printed whole when it ends, with its time.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
started=$SECONDS

# Starts a step in the background: its output goes to a file, shown by `finish`. (If the suite
# stops early, steps still running finish on their own, writing only to their files.)
begin() {
  local name="$1"
  shift
  echo "$SECONDS" >"$logs/$name.start"
  (
    set +e
    "$@" >"$logs/$name.log" 2>&1
    echo $? >"$logs/$name.rc"
  ) &
}
# Waits for a step, prints its output and time, and stops the suite if it failed.
finish() {
  local name="$1" rc
  while [ ! -f "$logs/$name.rc" ]; do sleep 1; done
  rc="$(cat "$logs/$name.rc")"
  echo "== $name ($((SECONDS - $(cat "$logs/$name.start"))) s)"
  cat "$logs/$name.log"
  if [ "$rc" != 0 ]; then
    echo "== $name failed (exit $rc) after $((SECONDS - started)) s"
    exit "$rc"
  fi
}
# Runs a step in the foreground, its output as it comes.
run() {
  local name="$1" t0=$SECONDS
  shift
  echo "== $name"
  "$@" || {
    echo "== $name failed after $((SECONDS - started)) s"
    exit 1
  }
  echo "== $name: $((SECONDS - t0)) s"
}

# The browser tests' database (GB market data, library runs…) is prepared from the start, beside
# the other steps; the browser tests' server clones it (tests/e2e/support/prepared-database.ts).
begin "prepare the browser tests' database" npx tsx tests/e2e/support/prepare.ts
begin typecheck npx tsc --noEmit
begin lint npm run lint
# Built once, before vitest: its integration project (tests/support/build-compiled.global.ts) and the
# browser tests' server use this build (each still recompiles dist/, a second's work).
begin build npm run build
finish typecheck
finish lint
finish build
run "unit and integration tests" npx vitest run
# After vitest: tests/integration/forecastMachineBody.test.ts writes the same generated client.
run "the API as a product: lint, typed client, a run through it" npx tsx tests/api-client/check.ts
finish "prepare the browser tests' database"
run "browser tests" npx playwright test
echo "== all passed in $((SECONDS - started)) s"
