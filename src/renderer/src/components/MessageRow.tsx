/**
 * One row of the conversation in the page: its item, in a box the list measures. Rendered
 * again only when its own item or tool status changes, never because the list around it
 * did (rows are rebuilt whenever history grows, so items are compared by content).
 */
import { memo, type Ref } from "react";
import type { DisplayItem } from "../store/display-items";
import type { ToolCardStatus } from "./ToolCard";
import { MessageItem, sameItem } from "./MessageItem";
import { countRender } from "../lib/render-probe";
import { BranchSwitcher } from "./branches/BranchSwitcher";

interface MessageRowProps {
  item: DisplayItem;
  toolStatus: ToolCardStatus | undefined;
  /** Stable: the list's measuring ref (none for a row being taken down: of no height, its saved row may be measured). */
  measureRef?: Ref<HTMLDivElement>;
  /** Briefly marked: the message a search result opened. */
  highlighted?: boolean;
}

export const MessageRow = memo(
  function MessageRow({ item, toolStatus, measureRef, highlighted = false }: MessageRowProps) {
    countRender(`row:${item.key}`);
    const live = item.kind === "assistant" && item.live !== undefined;
    const leaving = item.kind === "assistant" && item.leaving === true;
    const state = leaving ? " conversation__row--leaving" : live ? " conversation__row--streaming" : "";
    return (
      <div
        className={`conversation__row${state}${highlighted ? " conversation__row--match" : ""}`}
        ref={measureRef}
        data-key={item.key}
        data-seq={live || leaving ? undefined : item.seq}
        aria-hidden={leaving || undefined}
      >
        {/* Messages and replies carry their switcher among their actions; other rows show it above. */}
        {item.switcher && item.kind !== "user" && item.kind !== "assistant" && <BranchSwitcher seq={item.seq} />}
        <MessageItem item={item} toolStatus={toolStatus} />
      </div>
    );
  },
  (a, b) => a.measureRef === b.measureRef && a.highlighted === b.highlighted && sameItem(a, b),
);
