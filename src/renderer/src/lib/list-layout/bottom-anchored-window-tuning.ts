/** How far the bottom-anchored window looks ahead (CSS pixels) and how long it waits to settle (animation frames). */

/** Rows kept in the page beyond each edge of the view, so a scroll shows rows, not space. */
export const OVERSCAN_PX = 900;
/** Closer than this to the end, the view follows new rows and the streamed reply. */
export const PINNED_SLACK_PX = 64;
/** Further than this from the end, the "Jump to latest" button shows. */
export const AWAY_FROM_END_PX = 400;
/** Older rows are asked for when the view comes this close to the first loaded row. */
export const LOAD_AHEAD_PX = 2000;
/** The view's height, until it has been measured. */
export const VIEWPORT_GUESS_PX = 900;
/** Before the view is measured (the first paint of a conversation), rows beyond it wait a frame. */
export const FIRST_PAINT_OVERSCAN_PX = 100;
/** Frames without any correction after which rows put in front count as settled. */
export const QUIET_FRAMES = 2;
export const MAX_SETTLE_FRAMES = 40;
