/**
 * Replies scripted with `holdAfter` stop after that many deltas until the test releases them,
 * so it can look at the window while a reply is certainly unfinished, however slow the machine.
 */
import type { PlainScriptedReply } from "./model-server-types";

/** Where a reply stops, and the promise that lets it go on. */
export interface Hold {
  afterDeltas: number;
  released: Promise<void>;
}

export class Holds {
  private readonly waiting = new Set<() => void>();

  /** Made when the reply starts, so a release that comes before it reaches its hold still counts. */
  of(reply: PlainScriptedReply): Hold | undefined {
    const afterDeltas = "holdAfter" in reply ? reply.holdAfter : undefined;
    if (afterDeltas === undefined) return undefined;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.waiting.add(release);
    return { afterDeltas, released };
  }

  /** Lets every reply started with a hold stream the rest; returns how many. */
  releaseAll(): number {
    const releases = [...this.waiting];
    this.waiting.clear();
    releases.forEach((release) => release());
    return releases.length;
  }
}
