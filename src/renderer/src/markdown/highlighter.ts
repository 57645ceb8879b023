/**
 * The code highlighter, loaded on its own after the first screen (or at once when a code block
 * with a language is shown first): the window's first screen does not wait for highlight.js.
 * Until it is in, code is shown as plain text in the same box (highlighting only adds class
 * names, never changes the layout); blocks with such code render again once it is loaded.
 */
import { useSyncExternalStore } from "react";
import type { highlight as Highlight } from "./highlight-plugin";

type Transformer = typeof Highlight;

let loaded: Transformer | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The highlighter's transformer, or null while it is not loaded. */
export function loadedHighlighter(): Transformer | null {
  return loaded;
}

/** Starts loading the highlighter (once); resolves when it is in (it stays out if its chunk cannot load). */
export function loadHighlighter(): Promise<void> {
  loading ??= import("./highlight-plugin").then(
    (module) => {
      loaded = module.highlight;
      for (const listener of [...listeners]) listener();
    },
    () => undefined, // Code stays plain text: readable, and never worth an error.
  );
  return loading;
}

/** A fenced code block with a language: the only code the highlighter changes (it does not guess languages). */
export function hasHighlightableCode(source: string): boolean {
  return /^ {0,3}(?:`{3,}|~{3,})[ \t]*[^\s`]/m.test(source);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const subscribeNothing = () => () => undefined;

/** Whether the highlighter is loaded; a component rendering `source` renders again when it comes, if that changes it. */
export function useHighlighterFor(source: string): boolean {
  const matters = hasHighlightableCode(source);
  return useSyncExternalStore(matters ? subscribe : subscribeNothing, () => matters && loaded !== null);
}
