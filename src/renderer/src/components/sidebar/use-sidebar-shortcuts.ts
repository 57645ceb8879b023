import { useEffect, type RefObject } from "react";

/** Ctrl/Cmd+K jumps to the search field; Ctrl/Cmd+N starts a new conversation. */
export function useSidebarShortcuts(searchField: RefObject<HTMLInputElement | null>, startNew: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.key === "k") {
        event.preventDefault();
        searchField.current?.focus();
      } else if (event.key === "n") {
        event.preventDefault();
        startNew();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [searchField, startNew]);
}
