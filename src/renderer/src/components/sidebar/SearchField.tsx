/** Search as you type; Escape or the cross clears it. */
import type { RefObject } from "react";
import { CloseIcon, SearchIcon } from "../icons";
import { useTranslation } from "../../i18n/react";

export interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function SearchField({ value, onChange, inputRef }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="search">
      <SearchIcon />
      <input
        ref={inputRef}
        type="search"
        className="search__input"
        placeholder={t("sidebar.search.placeholder")}
        aria-label={t("sidebar.search.label")}
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
        <button type="button" className="icon-button search__clear" aria-label={t("sidebar.search.clear")} onClick={() => onChange("")}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
