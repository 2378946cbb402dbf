#!/usr/bin/env node
/**
 * Find a Chromium-based browser for the editor's end-to-end tests and measurements (driven by
 * playwright-core, which brings no browser of its own here).
 *
 * Looks, in order, at the environment variables PHASEBOOK_BROWSER and CHROME_PATH, then at the
 * usual places: Debian's and Ubuntu's Chromium, Google Chrome on Linux, Chrome and Chromium on
 * macOS. Prints the path found and exits 0; otherwise prints what to do and exits 1.
 *
 *   node scripts/find-browser.mjs
 *
 * As a module: findBrowser() returns the path or null; howToGetABrowser() says what to do.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENV_VARS = ['PHASEBOOK_BROWSER', 'CHROME_PATH'];

/** The usual places, for this platform. */
export function candidates(platform = process.platform) {
  if (platform === 'darwin') {
    const apps = ['/Applications', join(homedir(), 'Applications')];
    return apps.flatMap((dir) => [
      `${dir}/Google Chrome.app/Contents/MacOS/Google Chrome`,
      `${dir}/Chromium.app/Contents/MacOS/Chromium`,
      `${dir}/Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary`,
    ]);
  }
  return [
    '/usr/bin/chromium', // Debian
    '/usr/bin/chromium-browser', // Ubuntu (and older Debian)
    '/snap/bin/chromium', // Ubuntu's snap
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
  ];
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The browser to use: an environment variable's path (an error if it names no executable), or
 * the first usual place that has one, or null.
 */
export function findBrowser(env = process.env, platform = process.platform, isExecutable = executable) {
  for (const name of ENV_VARS) {
    const path = env[name];
    if (!path) continue;
    if (!isExecutable(path)) throw new Error(`${name}=${path}: no executable there. Point it at a Chromium or Chrome binary, or unset it.`);
    return path;
  }
  return candidates(platform).find((p) => isExecutable(p)) ?? null;
}

/** The Linux distribution's id from /etc/os-release ("debian", "ubuntu", …), or null. */
export function distribution() {
  try {
    const m = /^ID="?([\w.-]+)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'));
    return m?.[1] ?? null;
  } catch {
    return null;
  }
}

/** What to do when no browser is found, for this machine. */
export function howToGetABrowser(platform = process.platform, distro = distribution()) {
  const set = 'or, if a Chromium or Chrome is installed elsewhere: PHASEBOOK_BROWSER=/path/to/it npm test';
  if (platform === 'darwin') return `No Chrome or Chromium found. Install one (brew install --cask chromium, or Google Chrome), ${set}.`;
  if (distro === 'debian') return `No Chromium found. Install Debian's: sudo apt-get install -y chromium, ${set}.`;
  if (distro === 'ubuntu') return `No Chromium found. Install it: sudo snap install chromium (or Google Chrome), ${set}.`;
  return `No Chromium or Chrome found in ${candidates(platform).join(', ')}. Install one, ${set}.`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const path = findBrowser();
    if (path) console.log(path);
    else {
      console.error(howToGetABrowser());
      process.exitCode = 1;
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  }
}
