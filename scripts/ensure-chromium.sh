#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser). Install it when missing.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "[ensure-chromium] installing Debian's chromium with apt-get…"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Browser tests need Chromium at $CHROMIUM: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
exit 1
