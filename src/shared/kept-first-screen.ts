/** What the main process and the window agree on about the first screen kept from the last session. */

/** Kept markup above this size is not kept (a first screen is 20-100 KB; the window keeps only what is near the view). */
export const MAX_FIRST_SCREEN_CHARS = 1_000_000;

/**
 * A page served with the kept first screen holds back its preload of the app's code: the link's
 * rel is this unknown value (inert) until the window has painted the kept screen, then the window
 * makes it a module preload again (start/after-first-frame.ts). Fetching and compiling half a
 * megabyte of code beside that first paint would share the two cores it needs.
 */
export const HELD_PRELOAD_REL = "alpine-held-modulepreload";

/**
 * The attribute the build puts on the preloads of the app's code (the app chunk and the chunks it
 * imports): only those are held. The entry's own imports are not: the entry needs them to run at all.
 */
export const APP_CODE_PRELOAD_ATTRIBUTE = "data-app-code";
