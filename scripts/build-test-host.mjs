/**
 * Bundles the test host (test/support/test-host-cli.ts) into out/test-host/test-host-cli.mjs the
 * way electron-vite bundles the app's main process: ES modules run by plain Node, with the
 * package's dependencies left to node_modules but zod, which is bundled in both, and ws. The launch
 * benchmark starts this build, so it measures the app's code as it runs, not the TypeScript loader.
 * The entry (test-host-cli.mjs) is small: it listens and serves the window; the service's code is
 * a chunk of its own (open-service.mjs), loaded by import() after that, and so is ws (ws.mjs).
 * Minified, keeping function and class names (errors reach the window by their class's name):
 * V8 reads half the text to compile it, at the start and whenever a function is first called.
 *   node scripts/build-test-host.mjs [--out-dir <folder inside the project>]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "vite";
import { builtinsWithoutFacades } from "./builtins-without-facades.mjs";
import { MAIN_PROCESS_OUTPUT } from "./bundle-output.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
// Bundled, not left to node_modules: zod, as in the app's main process, and ws (the test host's
// stand-in for IPC), each otherwise a dozen files resolved, read and compiled one by one at launch.
const BUNDLED = ["zod", "ws"];
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((name) => !BUNDLED.includes(name));

export const TEST_HOST_BUNDLE = path.join(root, "out/test-host/test-host-cli.mjs");

/** `outDir`: another folder than out/test-host (a test's own build). */
export async function buildTestHost(outDir = path.dirname(TEST_HOST_BUNDLE)) {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    ssr: { noExternal: BUNDLED },
    // Node's built-ins as the app's main process takes them (builtins-without-facades.mjs).
    plugins: [builtinsWithoutFacades()],
    build: {
      ssr: path.join(root, "test/support/test-host-cli.ts"),
      outDir,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      rollupOptions: {
        external: (id) => id.startsWith("node:") || external.some((name) => id === name || id.startsWith(`${name}/`)),
        output: {
          ...MAIN_PROCESS_OUTPUT,
          format: "es",
          entryFileNames: "test-host-cli.mjs",
          // ws's chunk is named after its entry file (wrapper.mjs): named after the package instead.
          chunkFileNames: (chunk) => (/[\\/]node_modules[\\/]ws[\\/]/.test(chunk.facadeModuleId ?? "") ? "ws.mjs" : "[name].mjs"),
        },
      },
    },
  });
  return path.join(outDir, path.basename(TEST_HOST_BUNDLE));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { "out-dir": { type: "string" } } });
  const built = await buildTestHost(values["out-dir"] ? path.resolve(values["out-dir"]) : undefined);
  console.log(`Built ${path.relative(root, built)}`);
}
