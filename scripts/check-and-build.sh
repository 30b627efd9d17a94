#!/usr/bin/env bash
# npm test's steps before the tests, on both cores: the type check (one core, the longest step)
# runs beside lint, the catalog check and the build, which run one after another (the catalog
# check rewrites locales/*/messages.po, which the build reads). One after another they took
# 232 s at load 4-5 (type check 93 s); side by side the phase lasts as long as its longer chain.
# Each chain's output is printed whole when it ends, each step with its time; the script fails
# when any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

chain() { # log name, npm scripts: runs them in turn, stops at the first that fails
  local log="$logs/$1"; shift
  for script in "$@"; do
    local start=$SECONDS
    echo "> npm run $script" >>"$log"
    if ! npm run -s "$script" >>"$log" 2>&1; then
      echo "✗ npm run $script failed ($((SECONDS - start)) s)" >>"$log"
      return 1
    fi
    echo "✓ npm run $script ($((SECONDS - start)) s)" >>"$log"
  done
}

chain types typecheck & types=$!
chain checks lint i18n:check build & checks=$!

failed=0
wait "$checks" || failed=1
cat "$logs/checks"
wait "$types" || failed=1
cat "$logs/types"
exit "$failed"
