/**
 * What an imported MCP configuration will run, before anything is added or started: each
 * server's command, arguments and environment with its values, the dangerous ones marked.
 * Nothing starts until the person presses "Add these servers".
 */
import type { McpConfigReview, McpReviewedValue } from "../../../../shared/mcp-types";

interface McpConfigReviewPanelProps {
  review: McpConfigReview;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

function Values({ label, values }: { label: string; values: McpReviewedValue[] }) {
  if (values.length === 0) return null;
  return (
    <dl className="mcp-review__values" aria-label={label}>
      {values.map((v) => (
        <div key={v.name} className={v.danger ? "mcp-review__value mcp-review__value--danger" : "mcp-review__value"} data-danger={v.danger ? "true" : undefined}>
          <dt>{v.name}</dt>
          <dd>
            <code>{v.value}</code>
            {v.danger && <span className="mcp-review__danger"> Dangerous: {v.danger}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function McpConfigReviewPanel({ review, busy, onConfirm, onCancel }: McpConfigReviewPanelProps) {
  const dangerous = review.servers.some((s) => s.dangers.length > 0);
  return (
    <section className="mcp-review" aria-label="Servers to add" data-testid="mcp-review">
      <p className="field__note">{dangerous ? "Some of these servers do something dangerous (marked). Nothing runs until you add them." : "These servers will run on this computer. Nothing runs until you add them."}</p>
      <ul className="mcp-review__servers">
        {review.servers.map((server) => (
          <li key={server.name} data-server={server.name}>
            <p className="mcp-review__name">{server.name}</p>
            {server.transport === "stdio" ? (
              <p>
                Runs <code>{[server.command, ...(server.args ?? [])].join(" ")}</code>
                {server.cwd ? ` in ${server.cwd}` : ""}
              </p>
            ) : (
              <p>
                Connects to <code>{server.url}</code>
              </p>
            )}
            {server.dangers.length > 0 && (
              <ul className="mcp-review__dangers" role="alert">
                {server.dangers.map((d) => (
                  <li key={d}>Dangerous: {d}</li>
                ))}
              </ul>
            )}
            <Values label={`Environment of ${server.name}`} values={server.env} />
            <Values label={`Headers of ${server.name}`} values={server.headers} />
          </li>
        ))}
      </ul>
      <div className="field__row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          Add these servers
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
