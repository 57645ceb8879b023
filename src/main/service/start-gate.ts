/**
 * When the service's open may begin at launch: once the window's page has been served, at the
 * first request that needs the service, or after a short wait at most (a window that never asks).
 *
 * Why wait: the page (with the first screen kept from the last session) is what the person sees
 * first, and it needs only the host's one thread for a moment and the machine's cores to paint.
 * Opening the service is ~150 ms of CPU on that thread (its code loaded and compiled, the
 * database opened, the first screen's reads); begun at once, it kept the page's request waiting
 * in the host (~35 ms after it was sent, against ~17 with the open held). The app's own requests
 * come after the kept screen is painted, and open the gate themselves if it is still shut.
 */

/** The longest the open waits for the window's page. */
export const PAGE_WAIT_MS = 150;

export class StartGate {
  /** Settles when the open may begin. */
  readonly whenOpen: Promise<void>;
  private release!: () => void;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(atMostMs = PAGE_WAIT_MS) {
    this.whenOpen = new Promise<void>((resolve) => (this.release = resolve));
    this.timer = setTimeout(() => this.open(), atMostMs);
  }

  /** The page is served, or something needs the service now: the open begins. (Once; later calls do nothing.) */
  open(): void {
    clearTimeout(this.timer);
    this.release();
  }
}
