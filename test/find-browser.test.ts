/** scripts/find-browser.mjs: where the e2e tests look for a browser, and what they say when there is none. */
import { describe, expect, it } from 'vitest';
import { candidates, findBrowser, howToGetABrowser } from '../scripts/find-browser.mjs';

const only =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

describe('findBrowser', () => {
  it('takes PHASEBOOK_BROWSER first, then CHROME_PATH', () => {
    const both = { PHASEBOOK_BROWSER: '/a/chrome', CHROME_PATH: '/b/chrome' };
    expect(findBrowser(both, 'linux', only('/a/chrome', '/b/chrome', '/usr/bin/chromium'))).toBe('/a/chrome');
    expect(findBrowser({ CHROME_PATH: '/b/chrome' }, 'linux', only('/b/chrome', '/usr/bin/chromium'))).toBe('/b/chrome');
  });

  it('refuses a variable that names no executable, rather than falling back silently', () => {
    expect(() => findBrowser({ CHROME_PATH: '/nope' }, 'linux', only('/usr/bin/chromium'))).toThrow(/CHROME_PATH=\/nope/);
  });

  it("finds Debian's and Ubuntu's Chromium, Google Chrome, and macOS apps", () => {
    expect(findBrowser({}, 'linux', only('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(findBrowser({}, 'linux', only('/snap/bin/chromium'))).toBe('/snap/bin/chromium');
    expect(findBrowser({}, 'linux', only('/usr/bin/google-chrome-stable'))).toBe('/usr/bin/google-chrome-stable');
    const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findBrowser({}, 'darwin', only(mac))).toBe(mac);
    expect(candidates('darwin').every((p) => p.includes('.app/'))).toBe(true);
  });

  it('returns null when there is none, and says what to do for the machine', () => {
    expect(findBrowser({}, 'linux', only())).toBeNull();
    expect(howToGetABrowser('linux', 'debian')).toMatch(/apt-get install -y chromium/);
    expect(howToGetABrowser('linux', 'ubuntu')).toMatch(/snap install chromium/);
    expect(howToGetABrowser('darwin', null)).toMatch(/brew install --cask chromium/);
    for (const msg of [howToGetABrowser('linux', 'arch'), howToGetABrowser('darwin', null)]) expect(msg).toMatch(/PHASEBOOK_BROWSER=/);
  });
});
