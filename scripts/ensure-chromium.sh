#!/usr/bin/env bash
# The editor's end-to-end tests drive Debian's Chromium with playwright-core (a test tool's own
# browser download does not work on these machines). Install it when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium' (Debian) to run the editor's e2e tests." >&2
  exit 1
fi
echo "Installing Debian's Chromium for the editor's end-to-end tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
