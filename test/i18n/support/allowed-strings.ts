/**
 * The few literals a person sees that are not words of any language, each with its reason.
 * An entry names the file (from the repository's root) and the exact text the check reports;
 * an entry nothing matches any more fails the test, so the list only shrinks with the code.
 */
export interface AllowedString {
  file: string;
  text: string;
  reason: string;
}

export const allowedStrings: AllowedString[] = [
  {
    file: "src/renderer/src/api/choose-api.ts",
    text: "The window has no connection to Alpine's main process. Start it with the Alpine app (or open it with ?transport=ws from the test host).",
    reason: "Said to a developer who opened the built page alone: the app and the test host always give the window its connection.",
  },
  {
    file: "src/renderer/src/api/websocket-api.ts",
    text: "The connection to {…} closed.",
    reason: "The WebSocket transport exists only in the test host; the app's window talks through its preload.",
  },
  {
    file: "src/main/electron/ipc.ts",
    text: "This request did not come from Alpine's own window, so it was refused.",
    reason: "The answer to a page that is not Alpine's window (a foreign sender); no person reads it in Alpine.",
  },
];
