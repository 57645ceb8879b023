// The one build-time value the window reads (Vite replaces it when it builds): "test" under vitest.
interface ImportMetaEnv {
  readonly MODE: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
