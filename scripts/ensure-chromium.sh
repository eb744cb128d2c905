#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the browser tests; installs it when we may.
# Exit 0: present. Exit 3: absent and not installable (a failure when CI is set).
set -uo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null && [ -x /usr/bin/chromium ] && exit 0
fi
echo "Chromium not found at $browser and could not be installed (set CHROMIUM_PATH)." >&2
if [ -n "${CI:-}" ]; then exit 1; fi
exit 3
