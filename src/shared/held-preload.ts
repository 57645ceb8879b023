/**
 * A page served with the first screen kept from the last session holds back its preload of the
 * app's code: the link's rel is this unknown value (inert) until the window has painted the kept
 * screen, then the window makes it a module preload again (start/after-first-frame.ts). Fetching
 * and compiling half a megabyte of code beside that first paint would share the two cores it needs.
 */
export const HELD_PRELOAD_REL = "alpine-held-modulepreload";
