/**
 * MCP Bundles the system asks the app to open ("Open with", a double-click on a .mcpb): on
 * macOS as `open-file` events (which can come before the app is ready), on Windows and
 * Linux as paths in the command line, of the first launch or of a second one, which the
 * running app receives with `second-instance`.
 * https://www.electronjs.org/docs/latest/api/app#event-open-file-macos
 * https://www.electronjs.org/docs/latest/api/app#event-second-instance
 * Each file is opened and checked by the service, and the window shows it for review
 * (`bundle_opened`), or says why it was refused (`bundle_refused`); nothing is installed.
 */
import type { AlpineService } from "../service/alpine-service";

const BUNDLE = /\.(mcpb|dxt)$/i;

/** The bundle files named in a command line (the program and its options left out). */
export function bundlePathsIn(argv: readonly string[]): string[] {
  return argv.slice(1).filter((arg) => !arg.startsWith("-") && BUNDLE.test(arg));
}

/** Files asked for before the service is open wait for it; then each is opened in turn. */
export class BundleFiles {
  private service: AlpineService | null = null;
  private readonly waiting: string[] = [];

  open(file: string): void {
    if (this.service) void this.review(this.service, file);
    else this.waiting.push(file);
  }

  ready(service: AlpineService): void {
    this.service = service;
    for (const file of this.waiting.splice(0)) void this.review(service, file);
  }

  private async review(service: AlpineService, file: string): Promise<void> {
    try {
      const review = await service.mcp.bundles.open(file);
      if (review) service.events.emit({ type: "bundle_opened", review });
    } catch (error) {
      service.events.emit({ type: "bundle_refused", message: (error as Error).message });
    }
  }
}

/** What the wiring needs of Electron's `app`. */
export interface BundleFilesApp {
  on(event: "open-file", listener: (event: { preventDefault(): void }, file: string) => void): unknown;
}

/** macOS: the files the system opens with the app; call before the app is ready so the first one is not missed. */
export function listenForOpenedFiles(app: BundleFilesApp, files: BundleFiles): void {
  app.on("open-file", (event, file) => {
    event.preventDefault();
    if (BUNDLE.test(file)) files.open(file);
  });
}
