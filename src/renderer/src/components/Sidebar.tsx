/** The conversation sidebar: new conversation, search as you type, and the windowed list. */
import { useCallback, useEffect, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { ConversationSummary } from "../../../shared/view-types";
import { useAppStore } from "../store/app-store";
import { PAGE_SIZE } from "../store/list-slice";
import { emitAppEvent } from "../app-events";
import { useDebounced } from "../lib/use-debounced";
import { VirtualList } from "./VirtualList";
import { ConversationRow } from "./ConversationRow";
import { ConfirmDialog } from "./ConfirmDialog";
import { GearIcon, MountainIcon, PlusIcon, SearchIcon, CloseIcon } from "./icons";

const ROW_HEIGHT = 40;
const SEARCH_DELAY_MS = 200;

export function Sidebar() {
  const { listTotal, listPages, listLoaded, listVersion, listQuery, listError, openId, hasApiKey } = useAppStore(
    useShallow((s) => ({
      listTotal: s.listTotal,
      listPages: s.listPages,
      listLoaded: s.listLoaded,
      listVersion: s.listVersion,
      listQuery: s.listQuery,
      listError: s.listError,
      openId: s.openId,
      hasApiKey: s.settings?.hasApiKey ?? s.info?.hasApiKey ?? true,
    })),
  );
  const { setListQuery, ensureListRange, listItemAt, openConversation, renameConversation, deleteConversation, setSettingsOpen } = useAppStore(
    useShallow((s) => ({
      setListQuery: s.setListQuery,
      ensureListRange: s.ensureListRange,
      listItemAt: s.listItemAt,
      openConversation: s.openConversation,
      renameConversation: s.renameConversation,
      deleteConversation: s.deleteConversation,
      setSettingsOpen: s.setSettingsOpen,
    })),
  );

  const [search, setSearch] = useState("");
  const settledSearch = useDebounced(search, SEARCH_DELAY_MS);
  const [confirming, setConfirming] = useState<ConversationSummary | null>(null);
  const range = useRef<[number, number]>([0, 0]);
  const searchField = useRef<HTMLInputElement>(null);

  useEffect(() => setListQuery(settledSearch.trim()), [settledSearch, setListQuery]);

  const onRangeChange = useCallback(
    (first: number, last: number) => {
      range.current = [first, last];
      ensureListRange(first, last);
    },
    [ensureListRange],
  );

  // Announce what the list shows once it is on screen.
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
  }, [listVersion, listLoaded, listTotal, listQuery, listItemAt]);

  // Ctrl/Cmd+K jumps to the search field; Ctrl/Cmd+N starts a new conversation.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.key === "k") {
        event.preventDefault();
        searchField.current?.focus();
      } else if (event.key === "n") {
        event.preventDefault();
        void openConversation(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [openConversation]);

  const onRename = useCallback((id: string, title: string) => void renameConversation(id, title), [renameConversation]);
  const onOpen = useCallback((id: string) => void openConversation(id), [openConversation]);

  const renderRow = (index: number) => {
    const summary = listPages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
    if (!summary) return <div className="conversation-row conversation-row--placeholder" aria-label="Loading" />;
    return <ConversationRow summary={summary} active={summary.id === openId} onOpen={onOpen} onRename={onRename} onDelete={setConfirming} />;
  };
  const rowKey = (index: number) => listPages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE]?.id ?? `row-${index}`;

  return (
    <aside className="sidebar" aria-label="Conversations">
      <div className="sidebar__top">
        <div className="brand">
          <span className="brand__mark">
            <MountainIcon />
          </span>
          <span className="brand__name">Alpine</span>
        </div>
        <button type="button" className="button button--primary button--block" onClick={() => void openConversation(null)} title="New conversation (Ctrl+N)">
          <PlusIcon />
          New conversation
        </button>
        <div className="search">
          <SearchIcon />
          <input
            ref={searchField}
            type="search"
            className="search__input"
            placeholder="Search conversations"
            aria-label="Search conversations"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape" && search) {
                e.stopPropagation();
                setSearch("");
              }
            }}
          />
          {search && (
            <button type="button" className="icon-button search__clear" aria-label="Clear search" onClick={() => setSearch("")}>
              <CloseIcon />
            </button>
          )}
        </div>
      </div>

      <div className="sidebar__list" aria-busy={!listLoaded}>
        {listError && <p className="sidebar__message sidebar__message--error">{listError}</p>}
        {listLoaded && listQuery && listTotal > 0 && (
          <p className="sidebar__count" role="status">
            {listTotal === 1 ? "1 conversation matches" : `${listTotal.toLocaleString()} conversations match`}
          </p>
        )}
        {listLoaded && listTotal === 0 && !listError && (
          <p className="sidebar__message">{listQuery ? `No conversations match “${listQuery}”.` : "No conversations yet. Start one on the right."}</p>
        )}
        <VirtualList
          label={listQuery ? `Conversations matching ${listQuery}` : "Conversations, newest first"}
          count={listTotal}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          rowKey={rowKey}
          onRangeChange={onRangeChange}
        />
      </div>

      <div className="sidebar__bottom">
        <button type="button" className="button button--ghost button--block sidebar__settings" onClick={() => setSettingsOpen(true)}>
          <GearIcon />
          Settings
          {!hasApiKey && <span className="badge badge--warn">No API key</span>}
        </button>
      </div>

      {confirming && (
        <ConfirmDialog
          title="Delete this conversation?"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const target = confirming;
            setConfirming(null);
            void deleteConversation(target.id);
          }}
        >
          <p>
            “{confirming.title}” and all of its saved steps will be removed from this computer. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </aside>
  );
}
