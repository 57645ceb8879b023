import type { OnStepEvent, StepEvent } from "./events";
import type { StepEventBody } from "./run-context";
import type { State } from "../state/state";

/** Step events with the State's id; a listener that throws does not break the run. */
export function eventSink(state: State, onEvent: OnStepEvent | undefined): (event: StepEventBody) => void {
  return (body) => {
    if (!onEvent) return;
    try {
      onEvent({ ...body, stateId: state.id } as StepEvent);
    } catch {
      // A failing event listener must not break the run or its saves.
    }
  };
}
