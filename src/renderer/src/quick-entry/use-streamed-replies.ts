/**
 * The reply text of every run as it streams, by conversation: a run's first words may come
 * before the request that started it is answered (and its id known), so every run is
 * followed from its start and the one the window sent is read from here.
 */
import { useEffect, useRef, useState } from "react";
import type { AlpineApi } from "../../../shared/ipc-contract";
import type { StoppedBy } from "../../../shared/wire-types";
import { emitAppEvent } from "../app-events";

export interface StreamedReply {
  text: string;
  /** How the run stopped; undefined while it runs. */
  stoppedBy?: StoppedBy;
}

export function useStreamedReplies(api: AlpineApi, shownId: string | null): StreamedReply {
  const replies = useRef(new Map<string, StreamedReply>());
  const shown = useRef(shownId);
  shown.current = shownId;
  const [, rerender] = useState(0);
  useEffect(
    () =>
      api.onEvent((event) => {
        if (event.type !== "step") return;
        const { conversationId: id, event: step } = event;
        if (step.type === "run_start") replies.current.set(id, { text: "" });
        else if (step.type === "text_delta") replies.current.set(id, { text: (replies.current.get(id)?.text ?? "") + step.text });
        else if (step.type === "run_end") replies.current.set(id, { text: replies.current.get(id)?.text ?? "", stoppedBy: step.stoppedBy });
        else return;
        if (id !== shown.current) return;
        rerender((n) => n + 1);
        if (step.type === "text_delta") emitAppEvent("stream-rendered", { id, source: "quick-entry" });
        if (step.type === "run_end") emitAppEvent("run-ended", { id, stoppedBy: step.stoppedBy, source: "quick-entry" });
      }),
    [api],
  );
  return (shownId && replies.current.get(shownId)) || { text: "" };
}
