import path, { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { APP_CODE_PRELOAD_ATTRIBUTE } from "./src/shared/kept-first-screen";
import { builtinsWithoutFacades } from "./scripts/builtins-without-facades.mjs";
import { ASCII_OUTPUT, MAIN_PROCESS_OUTPUT } from "./scripts/bundle-output.mjs";

/*
 * No V8 compile hint (`//# allFunctionsCalledOnLoad`) on the app chunk: it made the chunk's
 * streaming compile build every function of its 512 KB before the chunk could run, and the
 * launch's answer, already in the window, waited for it (in a trace: ~780 ms of background
 * compile at load; navigation to the first screen's data, interleaved launches: 1,374 → 908 ms).
 * Compiled lazily, the chunk runs sooner and its first render compiles only what it calls.
 */

/**
 * The page asks for the app chunk while it parses, beside the entry that will import it, and for
 * every chunk the app chunk imports (a chunk it shares with the quick-entry page, say): asked for
 * only once the app chunk had arrived and been read, that one came last and the app waited for it.
 * Marked as the app's code: a page with a kept first screen holds these until it is painted.
 */
function preloadChunk(pageName: string, chunkName: string): Plugin {
  return {
    name: "alpine-preload-chunk",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        // The main window's page only: the quick-entry page never runs the app chunk.
        if (path.basename(context.filename) !== pageName) return [];
        const chunks = Object.values(context.bundle ?? {}).filter((file) => file.type === "chunk");
        const chunk = chunks.find((file) => file.name === chunkName);
        if (!chunk) return [];
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((file) => file.fileName === fileName)?.imports ?? []) add(imported);
        };
        add(chunk.fileName);
        // The entry's own imports are in the page already (Vite preloads them).
        const notInPage = [...files].filter((fileName) => !html.includes(`/${fileName}"`));
        return notInPage.map((fileName) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `./${fileName}`, [APP_CODE_PRELOAD_ATTRIBUTE]: true }, injectTo: "head" as const }));
      },
    },
  };
}

// Main: the thin Electron layer (src/main/electron) bundles the service and the agent library.
// Preload: only the IPC contract, bundled whole so it runs in a sandboxed window.
// Renderer: the React window, minified (electron-vite leaves it readable by default): a
// smaller script parses and starts faster. A small entry asks for the first screen, then loads
// the app chunk (start-app: preloaded by the page, compiled whole on load); the code highlighter
// is a chunk of its own.
export default defineConfig({
  main: {
    // Node's built-ins by process.getBuiltinModule(), not import: no ES module facade of each to make at start.
    plugins: [builtinsWithoutFacades()],
    build: {
      outDir: "out/main",
      // zod is bundled: as a package it is dozens of small ES modules, each resolved, read and
      // linked on its own at every start, which costs the launch more than the code itself.
      externalizeDeps: { exclude: ["zod"] },
      // The MCP server guard is an entry of its own: utility processes run it (utility-guard-launcher.ts).
      // Minified, in ASCII (scripts/bundle-output.mjs says why), as the test host the launch benchmark times.
      rollupOptions: {
        input: { index: resolve(__dirname, "src/main/electron/main.ts"), "mcp-guard": resolve(__dirname, "src/main/mcp/guard/mcp-guard.ts") },
        output: { ...MAIN_PROCESS_OUTPUT },
      },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, "src/preload/index.ts") },
        output: { ...ASCII_OUTPUT, format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, "src/renderer"),
    plugins: [react(), preloadChunk("index.html", "start-app")],
    build: {
      outDir: "out/renderer",
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, "src/renderer/index.html"), "quick-entry": resolve(__dirname, "src/renderer/quick-entry.html") },
        output: { ...ASCII_OUTPUT },
      },
    },
  },
});
