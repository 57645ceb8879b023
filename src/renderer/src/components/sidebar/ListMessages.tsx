/** Above the list: why it cannot be read, how many match a search, or that there is nothing. */
import { useTranslation } from "../../i18n/react";

export interface ListMessagesProps {
  listError: string | null;
  listLoaded: boolean;
  listQuery: string;
  listTotal: number;
}

export function ListMessages({ listError, listLoaded, listQuery, listTotal }: ListMessagesProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {listError && <p className="sidebar__message sidebar__message--error">{listError}</p>}
      {listLoaded && listQuery && listTotal > 0 && (
        <p className="sidebar__count" role="status">
          {t("sidebar.matches", { count: listTotal, total: listTotal.toLocaleString(i18n.language) })}
        </p>
      )}
      {listLoaded && listTotal === 0 && !listError && (
        <p className="sidebar__message">{listQuery ? t("sidebar.noMatches", { query: listQuery }) : t("sidebar.empty")}</p>
      )}
    </>
  );
}
