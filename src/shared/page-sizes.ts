/** How many of its newest entries a conversation opens with, and how many an older page holds (at most MAX). */
export const DEFAULT_TAIL_ENTRIES = 200;
export const DEFAULT_PAGE_ENTRIES = 200;
export const MAX_PAGE_ENTRIES = 2_000;
/** The sidebar's first page at launch (the window's list page). */
export const DEFAULT_LAUNCH_LIST = 100;
/**
 * Entries of the reopened conversation in the first screen (the window asks, the main process reads
 * them ahead): more than a window's height of rows even when short, fewer than a usual first page.
 */
export const FIRST_SCREEN_TAIL_ENTRIES = 50;
