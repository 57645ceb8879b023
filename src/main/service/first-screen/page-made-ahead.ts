/**
 * The window's page made before the window asks for it. At launch the page with the kept first
 * screen (its markup checked, the style sheets put inside, their hashes for the policy) took
 * 10-15 ms to make in the host, code still cold, while the window's first paint waited for the
 * answer; made in the moment between the host being able to answer and the window's request, it
 * is ready when asked for. Served once: a later request (a reload) makes the page anew, and so
 * does the first one if the kept screen's file changed since (the window kept a newer screen).
 */
import fs from "node:fs";
import type { RendererFile } from "../renderer-files";
import { firstScreenFile } from "./kept-first-screen";

export interface ServedPage {
  file: RendererFile;
  csp: string;
}

export class PageMadeAhead {
  private ahead: { page: ServedPage | null; stamp: string } | null = null;

  /** `make`: the page as served now (null: not found); `dataFolder`: where its kept screen lives. */
  constructor(
    private readonly make: () => ServedPage | null,
    private readonly dataFolder: string | undefined,
  ) {}

  /** Make the page now, for the first request of it. */
  prepare(): void {
    this.ahead = { stamp: this.stamp(), page: this.make() };
  }

  /** The page for a request of it: the one made ahead if nothing it was made from has changed (once), else made now. */
  take(): ServedPage | null {
    const ahead = this.ahead;
    this.ahead = null;
    return ahead && ahead.stamp === this.stamp() ? ahead.page : this.make();
  }

  /** What identifies the kept screen's file as it is now (rewritten: another inode, time or size). */
  private stamp(): string {
    if (!this.dataFolder) return "";
    const stat = fs.statSync(firstScreenFile(this.dataFolder), { throwIfNoEntry: false, bigint: true });
    return stat ? `${stat.ino}:${stat.mtimeNs}:${stat.size}` : "none";
  }
}
