/**
 * What an imported MCP configuration will run, before anything is added or started: each
 * server's command, arguments and environment with its values, the dangerous ones marked.
 * Nothing starts until the person presses "Add these servers".
 */
import type { McpConfigReview, McpReviewedValue } from "../../../../shared/mcp-types";
import { Trans, useTranslation } from "../../i18n/react";

interface McpConfigReviewPanelProps {
  review: McpConfigReview;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

function Values({ label, values }: { label: string; values: McpReviewedValue[] }) {
  const { t } = useTranslation();
  if (values.length === 0) return null;
  return (
    <dl className="mcp-review__values" aria-label={label}>
      {values.map((v) => (
        <div key={v.name} className={v.danger ? "mcp-review__value mcp-review__value--danger" : "mcp-review__value"} data-danger={v.danger ? "true" : undefined}>
          <dt>{v.name}</dt>
          <dd>
            <code>{v.value}</code>
            {v.danger && <span className="mcp-review__danger"> {t("settings.mcpImport.dangerous", { reason: v.danger })}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function McpConfigReviewPanel({ review, busy, onConfirm, onCancel }: McpConfigReviewPanelProps) {
  const { t } = useTranslation();
  const dangerous = review.servers.some((s) => s.dangers.length > 0);
  return (
    <section className="mcp-review" aria-label={t("settings.mcpImport.servers")} data-testid="mcp-review">
      <p className="field__note">{dangerous ? t("settings.mcpImport.noteDangerous") : t("settings.mcpImport.noteSafe")}</p>
      <ul className="mcp-review__servers">
        {review.servers.map((server) => (
          <li key={server.name} data-server={server.name}>
            <p className="mcp-review__name">{server.name}</p>
            {server.transport === "stdio" ? (
              <p>
                <Trans
                  i18nKey={server.cwd ? "settings.mcpImport.runsIn" : "settings.mcpImport.runs"}
                  values={{ command: [server.command, ...(server.args ?? [])].join(" "), folder: server.cwd }}
                  components={{ code: <code /> }}
                />
              </p>
            ) : (
              <p>
                <Trans i18nKey="settings.mcpImport.connects" values={{ url: server.url }} components={{ code: <code /> }} />
              </p>
            )}
            {server.dangers.length > 0 && (
              <ul className="mcp-review__dangers" role="alert">
                {server.dangers.map((d) => (
                  <li key={d}>{t("settings.mcpImport.dangerous", { reason: d })}</li>
                ))}
              </ul>
            )}
            <Values label={t("settings.mcpImport.environment", { name: server.name })} values={server.env} />
            <Values label={t("settings.mcpImport.headers", { name: server.name })} values={server.headers} />
          </li>
        ))}
      </ul>
      <div className="field__row">
        <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
          {t("settings.mcpImport.add")}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          {t("settings.mcpImport.cancel")}
        </button>
      </div>
    </section>
  );
}
