/** One run in progress: its slot, its State once prepared, and how it is stopped and awaited. */
import type { State } from "../../agent";

export interface ActiveRun {
  readonly id: string;
  /** Set once the State is loaded or created. */
  state: State | null;
  /** Attachments claimed for the message of this run, confirmed once it is saved. */
  claimed: string[];
  readonly controller: AbortController;
  /** Resolves when the run has ended and saved (or failed to start). */
  readonly finished: Promise<void>;
  readonly finish: () => void;
}
