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
  {
    file: "src/renderer/src/start/fatal.ts",
    text: "Alpine could not start its window",
    reason: "Shown only when the window's own code, or the catalogue itself, failed to load: it cannot wait on a catalogue.",
  },
  {
    file: "src/renderer/src/i18n/catalogue-loaders.ts",
    text: "The window has no words for the language \"{…}\". Choose another language in Settings.",
    reason: "An error's message, raised when no catalogue exists for the code asked for: there are no words to say it with.",
  },
];
