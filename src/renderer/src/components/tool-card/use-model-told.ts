/**
 * Whether the model has been told about a tool result yet, for the card to say what is true
 * at each moment: not yet (the conversation has not gone on since), now (a run is going), or
 * done (the model has answered since the result was saved).
 */
import { useAppStore } from "../../store/app-store";
import type { HistoryEntryView } from "../../../../shared/view-types";

export type ModelTold = "not_yet" | "now" | "done";

const answeredAfter = (entries: readonly HistoryEntryView[], seq: number) => entries.some((entry) => entry.kind === "assistant" && entry.seq > seq);

export function useModelTold(resultSeq: number | undefined): ModelTold {
  return useAppStore((s) => {
    const id = s.openId;
    if (resultSeq === undefined || !id) return "not_yet";
    const live = s.live[id];
    if (answeredAfter(s.view?.entries ?? [], resultSeq) || answeredAfter(live?.entries ?? [], resultSeq)) return "done";
    return live?.running ? "now" : "not_yet";
  });
}

/** The catalogue's sentence for each. */
export const MODEL_TOLD_TEXT = {
  not_yet: "tool.modelTold.notYet",
  now: "tool.modelTold.now",
  done: "tool.modelTold.done",
} as const satisfies Record<ModelTold, string>;
