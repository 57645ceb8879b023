/** Step events as the window gets them. */
import type { StepEvent } from "../../agent";
import type { StepEvent as WireStepEvent } from "../../../shared/wire-types";
import { viewEntry } from "../conversations/conversation-view";
import { friendlyErrorText } from "./friendly-errors";

/** A step event as plain JSON for the window: no live Error objects, errors in friendly words, a reply's words once. */
export function wireEvent(event: StepEvent): WireStepEvent {
  if (event.type === "entry") return { ...event, entry: viewEntry(event.entry) };
  if (event.type === "run_end" && event.error) {
    return { ...event, error: { name: event.error.name, message: friendlyErrorText(event.error) } };
  }
  return event;
}
