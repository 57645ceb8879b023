/**
 * One call that turns SIGTERM and SIGINT into a clean stop. Node ends at once on SIGTERM,
 * without closing calls or saving; after `abortOnSignals()` a signal instead aborts every
 * run in progress in this process with a `SignalAbortError`, so each run closes its open
 * calls with `(aborted: SignalAbortError)`, saves its State and rejects with that error;
 * a save outside a run that is being written is finished first too.
 *
 * How the caller cooperates: `process.exitCode` is set to 128 + the signal's number at once.
 * By default the process then exits by itself once every run has settled (and the run's
 * callers have had a turn to handle the rejection). Pass `{ exit: false }` to end the
 * process yourself, e.g. after more cleanup: wait for `stopping` and return from main.
 * A second signal while stopping exits at once.
 */
import { SignalAbortError } from "../errors";
import { activeRuns, processStop, savesSettled } from "./run-registry";

export interface AbortOnSignalsOptions {
  /** Which signals to handle. Default SIGTERM and SIGINT. */
  signals?: NodeJS.Signals[];
  /** Exit the process once the runs in progress have settled. Default true. */
  exit?: boolean;
}

export interface SignalAbort {
  /** Aborted with a SignalAbortError when a signal arrives; hand it to your own work too. */
  signal: AbortSignal;
  /** Resolves with the signal's name once one arrived and every run in progress settled. */
  stopping: Promise<NodeJS.Signals>;
  /** Stop listening for the signals (Node's default handling applies again). */
  dispose(): void;
}

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGTERM: 15 };

export function abortOnSignals(options: AbortOnSignalsOptions = {}): SignalAbort {
  const signals = options.signals ?? ["SIGTERM", "SIGINT"];
  const exit = options.exit ?? true;
  const controller = new AbortController();
  let resolveStopping: (signal: NodeJS.Signals) => void = () => undefined;
  const stopping = new Promise<NodeJS.Signals>((resolve) => (resolveStopping = resolve));
  let received: NodeJS.Signals | null = null;

  const onSignal = (name: NodeJS.Signals) => {
    const code = 128 + (SIGNAL_NUMBERS[name] ?? 0);
    if (received) {
      process.exit(code); // a second signal: stop waiting
    }
    received = name;
    process.exitCode = code;
    const reason = new SignalAbortError(name);
    controller.abort(reason);
    processStop.reason = reason;
    const runs = [...activeRuns];
    for (const run of runs) run.abort(reason);
    // Runs end by saving; a save outside a run (agent.save between runs) is waited for as well.
    void Promise.allSettled(runs.map((r) => r.settled))
      .then(savesSettled)
      .then(() => {
        resolveStopping(name);
        // setImmediate: the runs' callers handle the rejection before the process ends.
        if (exit) setImmediate(() => setImmediate(() => process.exit(code)));
      });
  };

  for (const name of signals) process.on(name, onSignal);
  return {
    signal: controller.signal,
    stopping,
    dispose: () => {
      for (const name of signals) process.off(name, onSignal);
      if (processStop.reason === controller.signal.reason) processStop.reason = null;
    },
  };
}
