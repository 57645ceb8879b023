/**
 * alpine:// links from the system, to the service. The app registers as the scheme's handler
 * (app.setAsDefaultProtocolClient, https://www.electronjs.org/docs/latest/api/app#appsetasdefaultprotocolclientprotocol-path-args);
 * a link then arrives three ways (https://www.electronjs.org/docs/latest/tutorial/launch-app-from-url-in-another-app):
 * on macOS as `open-url`, also before `ready` when the link launched the app
 * (https://www.electronjs.org/docs/latest/api/app#event-open-url-macos); on Windows and Linux
 * in the command line, of this launch or of a second one, which the single-instance lock
 * turns into `second-instance` with that argv
 * (https://www.electronjs.org/docs/latest/api/app#event-second-instance). Links that come
 * before the service is open wait in the inbox, in order, and go to it once it is.
 */
import path from "node:path";
import { DEEP_LINK_SCHEME } from "../../shared/deep-link-types";

/** A flood before the service opens keeps only this many. */
const MAX_QUEUED = 20;

/** What this needs of Electron's `app`. */
export interface DeepLinkApp {
  on(event: "open-url", listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

/** The first argument that is an alpine:// link (the system passes it as one argument; a link never starts with "-"). */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.slice(0, DEEP_LINK_SCHEME.length + 1).toLowerCase() === `${DEEP_LINK_SCHEME}:`) ?? null;
}

/**
 * Makes this app the scheme's handler. Run from source (`process.defaultApp`), the system must
 * start Electron with the app's entry script as its argument, as the deep-links tutorial says.
 */
export function registerProtocolClient(app: DeepLinkApp, run: { defaultApp: boolean; execPath: string; argv: readonly string[] }): boolean {
  if (run.defaultApp) {
    if (run.argv.length < 2) return false;
    return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, run.execPath, [path.resolve(run.argv[1])]);
  }
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}

export class DeepLinkInbox {
  private readonly queued: string[] = [];
  private deliver: ((link: string) => void) | null = null;

  /** A link from the system (null: there was none in that command line). */
  push(link: string | null): void {
    if (link === null) return;
    if (this.deliver) return this.deliver(link);
    this.queued.push(link);
    if (this.queued.length > MAX_QUEUED) this.queued.shift();
  }

  /** From now on links go to `deliver`; the ones that waited go first, in order. */
  deliverTo(deliver: (link: string) => void): void {
    this.deliver = deliver;
    for (const link of this.queued.splice(0)) deliver(link);
  }

  /** Listens for macOS's `open-url` (call it before `ready`: a link that launched the app comes early). */
  listen(app: DeepLinkApp): void {
    app.on("open-url", (event, url) => {
      // Handled here: the system is not to do anything else with it.
      event.preventDefault();
      this.push(url);
    });
  }
}
