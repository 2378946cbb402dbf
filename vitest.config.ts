import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'interpreter/**/*.test.ts', 'editor/src/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    // No test depends on time: each bounds its work by counts. These limits only catch a hang,
    // and are generous so that a loaded machine (two test runs side by side) never fails a test.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
