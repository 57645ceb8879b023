import { defineConfig } from "vitest/config";

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
    reporters: ["default"],
  },
});
