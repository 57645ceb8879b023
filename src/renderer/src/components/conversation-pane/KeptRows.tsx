/**
 * The kept first screen's rows of the open conversation, shown in the live pane until the live
 * list replaces them (use-kept-conversation.ts). Inert markup: the page's `.first-screen` rules
 * lay it out as on the kept screen (from its end), and nothing in it is live.
 */
import { useLayoutEffect, useRef } from "react";

export function KeptRows({ rows }: { rows: HTMLElement }) {
  const host = useRef<HTMLDivElement | null>(null);
  // Put in before the frame is painted: the conversation is on screen in the same frame as the live sidebar.
  useLayoutEffect(() => {
    host.current?.append(rows);
    return () => rows.remove();
  }, [rows]);
  return <div className="first-screen" ref={host} aria-busy="true" />;
}
