import { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import type { Plugin } from "vite";
import react from "@vitejs/plugin-react";

/*
 * No V8 compile hint (`//# allFunctionsCalledOnLoad`) on the app chunk: it made the chunk's
 * streaming compile build every function of its 512 KB before the chunk could run, and the
 * launch's answer, already in the window, waited for it (in a trace: ~780 ms of background
 * compile at load; navigation to the first screen's data, interleaved launches: 1,374 → 908 ms).
 * Compiled lazily, the chunk runs sooner and its first render compiles only what it calls.
 */

/** The page asks for the app chunk while it parses, beside the entry that will import it. */
function preloadChunk(chunkName: string): Plugin {
  return {
    name: "alpine-preload-chunk",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((file) => file.type === "chunk" && file.name === chunkName);
        return chunk ? [{ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `./${chunk.fileName}` }, injectTo: "head" }] : [];
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
    build: {
      outDir: "out/main",
      // zod is bundled: as a package it is dozens of small ES modules, each resolved, read and
      // linked on its own at every start, which costs the launch more than the code itself.
      externalizeDeps: { exclude: ["zod"] },
      // The MCP server guard is an entry of its own: utility processes run it (utility-guard-launcher.ts).
      rollupOptions: { input: { index: resolve(__dirname, "src/main/electron/main.ts"), "mcp-guard": resolve(__dirname, "src/main/mcp/guard/mcp-guard.ts") } },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, "src/preload/index.ts") },
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, "src/renderer"),
    plugins: [react(), preloadChunk("start-app")],
    build: {
      outDir: "out/renderer",
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, "src/renderer/index.html"), "quick-entry": resolve(__dirname, "src/renderer/quick-entry.html") } },
    },
  },
});
