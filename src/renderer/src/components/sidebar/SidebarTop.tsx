/** The top of the sidebar: the name, New conversation, and the search field. */
import type { RefObject } from "react";
import { MountainIcon, PlusIcon } from "../icons";
import { SearchField } from "./SearchField";

export interface SidebarTopProps {
  search: string;
  onSearch(value: string): void;
  searchField: RefObject<HTMLInputElement | null>;
  onNew(): void;
}

export function SidebarTop({ search, onSearch, searchField, onNew }: SidebarTopProps) {
  return (
    <div className="sidebar__top">
      <div className="brand">
        <span className="brand__mark">
          <MountainIcon />
        </span>
        <span className="brand__name">Alpine</span>
      </div>
      <button type="button" className="button button--primary button--block" onClick={onNew} title="New conversation (Ctrl+N)" data-first-screen="new-conversation">
        <PlusIcon />
        New conversation
      </button>
      <SearchField value={search} onChange={onSearch} inputRef={searchField} />
    </div>
  );
}
