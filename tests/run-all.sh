#!/usr/bin/env bash
# The whole test suite: types, lint (ESLint + Prettier), unit, integration (real PostgreSQL), browser (Chromium, JS on and off).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npm run lint
echo "== unit and integration tests"; npx vitest run
echo "== the API as a product: lint, typed client, a run through it"; npx tsx tests/api-client/check.ts
echo "== build"; npm run build
echo "== browser tests"; npx playwright test
