/**
 * The service opened while the window loads: the app (and the test host) serve the window's
 * files and take its requests at once, and open the database meanwhile. A request that
 * arrives before the service is ready waits for it, and is answered in the order it came;
 * none fails because it came early, none is lost. If the service cannot start, every
 * request (waiting or later) is answered with that reason, and `opened` rejects with it so
 * the caller says so the way it always did (a dialog in the app, stderr and exit code 1 in the host).
 *
 * Light on purpose: this file and its imports are what runs before the service's own code is
 * loaded (`open-service.ts`, imported when the start begins).
 */
import type { IpcResult } from "../../shared/transport-messages";
import type { OpenedService } from "./open-service";
import type { StartGate } from "./start-gate";

export type { OpenedService } from "./open-service";

/** A request's answer, whoever carries it (IPC, the test host's socket). */
export type RequestDispatch = (channel: string, args: unknown) => Promise<IpcResult>;

export class ServiceStart<Opened extends OpenedService = OpenedService> {
  /** The open service with its dispatcher; rejects with the reason it could not start. */
  readonly opened: Promise<Opened>;
  private failure: { name: string; message: string } | null = null;

  /**
   * `open`: loads the service's code and opens it (its database, settings, ...). Started now, or
   * once `gate` opens (start-gate.ts: after the window's page is served); a request opens the gate.
   */
  constructor(
    open: () => Promise<Opened>,
    private readonly gate?: StartGate,
  ) {
    this.opened = (gate?.whenOpen ?? Promise.resolve())
      .then(open)
      .catch((error: unknown) => {
        this.failure = error instanceof Error ? { name: error.name || "Error", message: error.message } : { name: "Error", message: String(error) };
        throw error;
      });
    // The caller reports the failure through `opened`; requests get it in their answers.
    this.opened.catch(() => undefined);
  }

  /** Answers a request once the service is open (at once when it is). */
  readonly dispatch: RequestDispatch = async (channel, args) => {
    this.gate?.open();
    let opened: OpenedService;
    try {
      opened = await this.opened;
    } catch {
      return { ok: false, error: this.failure ?? { name: "Error", message: "Alpine could not start." } };
    }
    return opened.dispatch(channel, args);
  };
}
