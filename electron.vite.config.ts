import { resolve } from "node:path";
import { defineConfig } from "electron-vite";
import react from "@vitejs/plugin-react";

// Main: the thin Electron layer (src/main/electron) bundles the service and the agent library.
// Preload: only the IPC contract, bundled whole so it runs in a sandboxed window.
// Renderer: the React window, minified (electron-vite leaves it readable by default): a
// smaller script parses and starts faster.
export default defineConfig({
  main: {
    build: {
      outDir: "out/main",
      // zod is bundled: as a package it is dozens of small ES modules, each resolved, read and
      // linked on its own at every start, which costs the launch more than the code itself.
      externalizeDeps: { exclude: ["zod"] },
      rollupOptions: { input: { index: resolve(__dirname, "src/main/electron/main.ts") } },
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
    plugins: [react()],
    build: {
      outDir: "out/renderer",
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, "src/renderer/index.html") } },
    },
  },
});
