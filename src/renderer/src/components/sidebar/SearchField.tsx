/** Search as you type; Escape or the cross clears it. */
import type { RefObject } from "react";
import { CloseIcon, SearchIcon } from "../icons";

export interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function SearchField({ value, onChange, inputRef }: SearchFieldProps) {
  return (
    <div className="search">
      <SearchIcon />
      <input
        ref={inputRef}
        type="search"
        className="search__input"
        placeholder="Search conversations"
        aria-label="Search conversations"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape" && value) {
            e.stopPropagation();
            onChange("");
          }
        }}
      />
      {value && (
        <button type="button" className="icon-button search__clear" aria-label="Clear search" onClick={() => onChange("")}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
