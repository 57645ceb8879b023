import { defineConfig } from "vitest/config";

// The packaged-app smoke test (test/packaged/): only in hosted CI, after electron-builder has built
// the app (`npm run test:packaged`, with ALPINE_PACKAGED_APP naming the executable). `npm test`
// never collects it: its files end in .smoke.ts, outside the default include.
export default defineConfig({
  test: {
    include: ["test/packaged/**/*.smoke.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ["default"],
  },
});
