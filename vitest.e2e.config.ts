import { defineConfig } from 'vitest/config';

/** End-to-end tests of the editor in headless Chromium (test/e2e). One file at a time: they share a browser profile-free server. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    // A hang guard, not a speed check: two shared cores under load can take minutes for one test.
    testTimeout: 180000,
    hookTimeout: 120000,
    fileParallelism: false,
  },
});
