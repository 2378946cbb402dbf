#!/usr/bin/env bash
# The editor's end-to-end tests drive a Chromium-based browser with playwright-core (a test tool's
# own browser download does not work on these machines). scripts/find-browser.mjs looks at
# PHASEBOOK_BROWSER, CHROME_PATH and the usual places (Debian's and Ubuntu's Chromium, Google
# Chrome, macOS). When there is none: as root on Debian (CI), install Debian's Chromium with apt;
# otherwise say exactly what to do, and fail.
set -euo pipefail
cd "$(dirname "$0")/.."
if node scripts/find-browser.mjs >/dev/null 2>&1; then exit 0; fi
# A PHASEBOOK_BROWSER or CHROME_PATH that names nothing is a mistake to report, not to install over.
if [ -n "${PHASEBOOK_BROWSER:-}${CHROME_PATH:-}" ]; then node scripts/find-browser.mjs; exit 1; fi
distro="$(. /etc/os-release 2>/dev/null && echo "${ID:-}")" || distro=""
if [ "$(id -u)" = "0" ] && [ "$distro" = "debian" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's Chromium for the editor's end-to-end tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  node scripts/find-browser.mjs
  exit 0
fi
node scripts/find-browser.mjs >&2 || true
exit 1
