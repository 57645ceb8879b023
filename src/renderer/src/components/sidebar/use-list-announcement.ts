import { useEffect, type RefObject } from "react";
import type { ConversationSummary } from "../../../../shared/view-types";
import { emitAppEvent } from "../../app-events";

export interface ListShown {
  listLoaded: boolean;
  listVersion: number;
  listTotal: number;
  listQuery: string;
  listItemAt(index: number): ConversationSummary | undefined;
}

/** Announce what the list shows (`list-rendered`) once it is on screen. */
export function useListAnnouncement({ listLoaded, listVersion, listTotal, listQuery, listItemAt }: ListShown, range: RefObject<[number, number]>): void {
  useEffect(() => {
    if (!listLoaded) return;
    const [first, last] = range.current;
    const shown: ConversationSummary[] = [];
    for (let i = first; i <= Math.min(last, listTotal - 1); i++) {
      const item = listItemAt(i);
      if (item) shown.push(item);
    }
    emitAppEvent("list-rendered", {
      query: listQuery,
      total: listTotal,
      ids: shown.map((s) => s.id),
      titles: shown.map((s) => s.title),
      running: shown.filter((s) => s.running).map((s) => s.id),
    });
  }, [listVersion, listLoaded, listTotal, listQuery, listItemAt, range]);
}
