/** Above the list: why it cannot be read, how many match a search, or that there is nothing. */
export interface ListMessagesProps {
  listError: string | null;
  listLoaded: boolean;
  listQuery: string;
  listTotal: number;
}

export function ListMessages({ listError, listLoaded, listQuery, listTotal }: ListMessagesProps) {
  return (
    <>
      {listError && <p className="sidebar__message sidebar__message--error">{listError}</p>}
      {listLoaded && listQuery && listTotal > 0 && (
        <p className="sidebar__count" role="status">
          {listTotal === 1 ? "1 conversation matches" : `${listTotal.toLocaleString()} conversations match`}
        </p>
      )}
      {listLoaded && listTotal === 0 && !listError && (
        <p className="sidebar__message">{listQuery ? `No conversations match “${listQuery}”.` : "No conversations yet. Start one on the right."}</p>
      )}
    </>
  );
}
