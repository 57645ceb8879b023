/**
 * A run that the service refused before the model was asked (no API key): the reason is
 * kept in the State's own data, so the conversation shows it after a restart too, and
 * `stoppedBy` says "error" like any failed run. It applies only while no newer entry
 * was added (a later message or run makes it old news).
 */
import type { State } from "../../agent";

const KEY = "alpineRunFailure";

export interface RunFailure {
  name: string;
  message: string;
  /** History length when it happened. */
  entryCount: number;
}

type DataRecord = Record<string, unknown>;

function dataOf(state: State): DataRecord {
  const data = state.data as unknown;
  return data !== null && typeof data === "object" && !Array.isArray(data) ? (data as DataRecord) : {};
}

export function recordRunFailure(state: State, error: { name: string; message: string }): void {
  const failure: RunFailure = { name: error.name, message: error.message, entryCount: state.history.length };
  state.data = { ...dataOf(state), [KEY]: failure };
  state.stoppedBy = "error";
}

export function readRunFailure(state: State): RunFailure | null {
  return runFailureIn(state.data, state.history.length);
}

/** The failure kept in a State's `data`, if it still applies to a history of `entryCount` entries. */
export function runFailureIn(data: unknown, entryCount: number): RunFailure | null {
  const record = data !== null && typeof data === "object" && !Array.isArray(data) ? (data as DataRecord) : {};
  const failure = record[KEY] as RunFailure | undefined;
  return failure && failure.entryCount === entryCount ? failure : null;
}

export function clearRunFailure(state: State): void {
  const data = dataOf(state);
  if (!(KEY in data)) return;
  const { [KEY]: _removed, ...rest } = data;
  state.data = rest;
}
