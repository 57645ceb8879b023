/** What the bottom-anchored window and the React list that renders it tell each other. */

/** The rows in the page, by key, so rows put in front do not move the window. */
export interface MountedRows {
  first: string | null;
  last: string | null;
  /** The window reaches the last row: rows added at the end join it. */
  toEnd: boolean;
}

export interface WindowEvents {
  /** The rows in the page should change; `now`: render before this frame is painted. */
  rangeChanged(rows: MountedRows, now: boolean): void;
  awayFromEndChanged(away: boolean): void;
  /** The view is near the first loaded row: time to load older ones. */
  nearTop(): void;
  /** The list's first rows are laid out and in place (the view at the end) for a few frames; `rows`: how many are in the page. */
  openingSettled(rows: number): void;
  /** Rows put in front are laid out and the reading position has held for a few frames; `rows`: how many are in the page. */
  prependSettled(rows: number): void;
}
