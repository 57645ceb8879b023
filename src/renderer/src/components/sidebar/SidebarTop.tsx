/** The top of the sidebar: the name, New conversation, and the search field. */
import type { RefObject } from "react";
import { MountainIcon, PlusIcon } from "../icons";
import { SearchField } from "./SearchField";
import { useTranslation } from "../../i18n/react";

export interface SidebarTopProps {
  search: string;
  onSearch(value: string): void;
  searchField: RefObject<HTMLInputElement | null>;
  onNew(): void;
}

export function SidebarTop({ search, onSearch, searchField, onNew }: SidebarTopProps) {
  const { t } = useTranslation();
  return (
    <div className="sidebar__top">
      <div className="brand">
        <span className="brand__mark">
          <MountainIcon />
        </span>
        <span className="brand__name">{t("app.name")}</span>
      </div>
      <button type="button" className="button button--primary button--block" onClick={onNew} title={t("sidebar.newConversationHint")} data-first-screen="new-conversation">
        <PlusIcon />
        {t("sidebar.newConversation")}
      </button>
      <SearchField value={search} onChange={onSearch} inputRef={searchField} />
    </div>
  );
}
