import { defineConfig } from "vitest/config";
// Minimum share of lines run by the tests, per folder; `npm test` fails below any of them.
import lineThresholds from "./coverage-thresholds.json" with { type: "json" };
import { LongSetupsFirstSequencer } from "./test/support/long-setups-first.ts";

const folders = Object.keys(lineThresholds) as (keyof typeof lineThresholds)[];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
    // One throwaway PostgreSQL cluster per run, started by the first test that needs it.
    globalSetup: ["test/support/postgres-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Tests start real child processes, servers and Chromium: keep the 2-core machine calm.
    maxWorkers: 2,
    // Files whose setup takes minutes start first, rather than last and alone (long-setups-first.ts).
    sequence: { sequencer: LongSetupsFirstSequencer },
    reporters: ["default"],
    // Off by default (fast single-file runs); `npm test` turns it on with --coverage.
    coverage: {
      provider: "v8",
      // The window's code runs in Chromium, where Node's V8 coverage cannot see it.
      include: folders.map((folder) => `${folder}/**`),
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      // The figures are printed (and checked by `npm test`) even when a test failed.
      reportOnFailure: true,
      thresholds: Object.fromEntries(folders.map((folder) => [`${folder}/**`, { lines: lineThresholds[folder] }])),
    },
  },
});
