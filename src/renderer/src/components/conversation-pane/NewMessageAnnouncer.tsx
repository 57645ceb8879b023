/**
 * What a screen reader hears of the open conversation: each message that arrives while it
 * is open, once. The message column itself is no live region, since the windowed list
 * mounts rows again as the person scrolls and older pages are put in front; here an entry
 * counts as new only when its seq is past everything the conversation showed when it was
 * opened (and past what was already announced), so scrolling, older pages and a reload
 * of the view announce nothing.
 *
 * The region lives in a closed shadow root of a visually hidden host: assistive technology
 * reads it like any other part of the page, while the spoken copy of a reply stays out of
 * the page's own text (find in page, queries by text), where it would appear twice.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { HistoryEntryView } from "../../../../shared/view-types";
import { emitAppEvent } from "../../app-events";
import { useAppStore } from "../../store/app-store";
import { t } from "../../i18n/i18n";
import { useTranslation } from "../../i18n/react";

/** A long reply is cut: the whole of it is on screen, a screen reader need not read it all unasked. */
const MAX_CHARS = 1_000;
/** Older lines leave the region; removals are not announced (aria-relevant="additions"). */
const KEPT_LINES = 3;

interface Line {
  key: string;
  text: string;
}

function spoken(entry: HistoryEntryView): string | null {
  const text = typeof entry.text === "string" ? entry.text.trim() : "";
  if (!text) return null;
  const cut = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
  // Said in the language shown when the message arrives.
  if (entry.kind === "assistant") return t("conversation.announcer.assistant", { text: cut });
  if (entry.kind === "error") return t("conversation.announcer.error", { text: cut });
  return null;
}

/** One shadow root per host, however often React hands the host to the ref. */
const shadowRoots = new WeakMap<HTMLElement, ShadowRoot>();

function shadowRootOf(host: HTMLElement): ShadowRoot {
  let root = shadowRoots.get(host);
  if (!root) {
    root = host.attachShadow({ mode: "closed" });
    shadowRoots.set(host, root);
  }
  return root;
}

function lastSeq(entries: HistoryEntryView[] | undefined): number {
  return entries?.length ? entries[entries.length - 1].seq : -1;
}

export function NewMessageAnnouncer() {
  const openId = useAppStore((s) => s.openId);
  const view = useAppStore((s) => (s.view && s.view.summary.id === s.openId ? s.view : null));
  const liveEntries = useAppStore((s) => (s.openId ? s.live[s.openId]?.entries : undefined));
  // The newest seq shown or announced for the open conversation; null until its view is loaded.
  const seen = useRef<{ id: string | null; seq: number | null }>({ id: null, seq: null });
  const [lines, setLines] = useState<Line[]>([]);
  const { t: say } = useTranslation();
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const hostRef = useCallback((host: HTMLDivElement | null) => setRoot(host ? shadowRootOf(host) : null), []);

  useEffect(() => {
    if (seen.current.id !== openId) seen.current = { id: openId, seq: null };
    if (!openId || !view) return;
    const newest = Math.max(lastSeq(view.entries), lastSeq(liveEntries));
    if (seen.current.seq === null) {
      // What is there when the conversation opens is on screen, not news.
      seen.current.seq = newest;
      return;
    }
    const after = seen.current.seq;
    if (newest <= after) return;
    const arrived = new Map<number, HistoryEntryView>();
    for (const entry of [...view.entries, ...(liveEntries ?? [])]) if (entry.seq > after) arrived.set(entry.seq, entry);
    seen.current.seq = newest;
    const said = [...arrived.keys()]
      .sort((a, b) => a - b)
      .map((seq) => ({ seq, text: spoken(arrived.get(seq)!) }))
      .filter((line): line is { seq: number; text: string } => line.text !== null);
    if (said.length === 0) return;
    setLines((before) => [...before, ...said.map(({ seq, text }) => ({ key: `${openId}:${seq}`, text }))].slice(-KEPT_LINES));
    for (const { seq, text } of said) emitAppEvent("message-announced", { id: openId, seq, text });
  }, [openId, view, liveEntries]);

  // Lines of another conversation are not news there.
  useEffect(() => setLines([]), [openId]);

  const region = (
    <div role="log" aria-live="polite" aria-relevant="additions" aria-label={say("conversation.announcer.label")}>
      {lines.map((line) => (
        <p key={line.key}>{line.text}</p>
      ))}
    </div>
  );
  return (
    <div className="visually-hidden" ref={hostRef} data-testid="new-messages">
      {root && createPortal(region, root)}
    </div>
  );
}
