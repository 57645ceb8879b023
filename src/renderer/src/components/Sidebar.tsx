/**
 * The conversation sidebar: new conversation, search as you type, and the windowed list.
 * Its parts are in sidebar/: what it reads of the store, the top with the search field,
 * the keyboard shortcuts, the messages above the list, the `list-rendered` announcement,
 * and the delete confirmation.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ConversationSummary } from "../../../shared/view-types";
import { PAGE_SIZE } from "../store/list-slice";
import { useDebounced } from "../lib/use-debounced";
import { useAppStore } from "../store/app-store";
import { useTranslation } from "../i18n/react";
import { VirtualList } from "./VirtualList";
import { ConversationRow } from "./ConversationRow";
import { GearIcon } from "./icons";
import { DeleteConversationDialog } from "./sidebar/DeleteConversationDialog";
import { DatabaseCheckNotice } from "./sidebar/DatabaseCheckNotice";
import { InterruptedNotice } from "./sidebar/InterruptedNotice";
import { ListMessages } from "./sidebar/ListMessages";
import { SidebarTop } from "./sidebar/SidebarTop";
import { useListAnnouncement } from "./sidebar/use-list-announcement";
import { useSidebarShortcuts } from "./sidebar/use-sidebar-shortcuts";
import { useSidebarActions, useSidebarState } from "./sidebar/use-sidebar-store";

const ROW_HEIGHT = 40;
/** A search result shows two lines of its snippet under its title. */
const RESULT_ROW_HEIGHT = 68;
const SEARCH_DELAY_MS = 200;

export function Sidebar() {
  const { listTotal, listPages, listLoaded, listVersion, listQuery, listError, openId, hasApiKey } = useSidebarState();
  const setTransferOpen = useAppStore((s) => s.setTransferOpen);
  const { setListQuery, ensureListRange, listItemAt, openConversation, renameConversation, deleteConversation, setSettingsOpen } = useSidebarActions();

  const { t } = useTranslation();
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

  useListAnnouncement({ listLoaded, listVersion, listTotal, listQuery, listItemAt }, range);
  const startNew = useCallback(() => void openConversation(null), [openConversation]);
  useSidebarShortcuts(searchField, startNew);

  const onRename = useCallback((id: string, title: string) => renameConversation(id, title), [renameConversation]);
  const onOpen = useCallback((id: string, atSeq: number | null) => void openConversation(id, atSeq), [openConversation]);

  const renderRow = (index: number) => {
    const summary = listPages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
    if (!summary) return <div className="conversation-row conversation-row--placeholder" aria-label={t("sidebar.list.loadingRow")} />;
    return <ConversationRow summary={summary} active={summary.id === openId} onOpen={onOpen} onRename={onRename} onDelete={setConfirming} />;
  };
  const rowKey = (index: number) => listPages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE]?.id ?? `row-${index}`;

  return (
    <aside className="sidebar" aria-label={t("sidebar.label")}>
      <SidebarTop search={search} onSearch={setSearch} searchField={searchField} onNew={startNew} />

      <div className="sidebar__list" aria-busy={!listLoaded}>
        <ListMessages listError={listError} listLoaded={listLoaded} listQuery={listQuery} listTotal={listTotal} />
        <VirtualList
          label={listQuery ? t("sidebar.list.matching", { query: listQuery }) : t("sidebar.list.newestFirst")}
          count={listTotal}
          rowHeight={listQuery ? RESULT_ROW_HEIGHT : ROW_HEIGHT}
          renderRow={renderRow}
          rowKey={rowKey}
          onRangeChange={onRangeChange}
        />
      </div>
      {/* Below the list: they come after the first screen is shown, and above it they would move the
          rows under a pointer about to click one (a click then opened another conversation). */}
      <InterruptedNotice />
      <DatabaseCheckNotice />

      <div className="sidebar__bottom">
        <button type="button" className="button button--ghost button--block sidebar__settings" onClick={() => setTransferOpen(true)}>
          {t("sidebar.transfer")}
        </button>
        <button type="button" className="button button--ghost button--block sidebar__settings" onClick={() => setSettingsOpen(true)}>
          <GearIcon />
          {t("sidebar.settings")}
          {!hasApiKey && <span className="badge badge--warn">{t("sidebar.noApiKey")}</span>}
        </button>
      </div>

      {confirming && (
        <DeleteConversationDialog
          conversation={confirming}
          onCancel={() => setConfirming(null)}
          onDelete={(id) => {
            setConfirming(null);
            void deleteConversation(id);
          }}
        />
      )}
    </aside>
  );
}
