/**
 * One MCP server in Settings → Tools: its state (starting, ready with N tools, failed
 * with the reason, restarting), on/off, whether its tools ask first, its tools (each on
 * or off, "always allow"), and its stderr log.
 */
import type { TFunction } from "i18next";
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { McpServerView } from "../../../../shared/mcp-types";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { BundleCardDetails } from "./BundleCardDetails";

function statusText(server: McpServerView, t: TFunction): string {
  if (!server.enabled) return t("settings.server.off");
  switch (server.status) {
    case "ready":
      return t("settings.server.ready", { count: server.tools.length });
    case "starting":
      return t("settings.server.starting");
    case "restarting":
      return t("settings.server.restarting");
    case "failed":
      return t("settings.server.failed");
    default:
      return t("settings.server.stopped");
  }
}

export function McpServerCard({ server, busy }: { server: McpServerView; busy: boolean }) {
  const { t } = useTranslation();
  const { change, serverLog } = useAppStore(useShallow((s) => ({ change: s.changeTools, serverLog: s.serverLog })));
  const [log, setLog] = useState<string[] | null>(null);
  const where = server.transport === "stdio" ? [server.command, ...(server.args ?? [])].join(" ") : server.url;

  return (
    <article className="mcp-server" data-server={server.name} data-status={server.enabled ? server.status : "off"} aria-label={t("settings.server.label", { name: server.name })}>
      <header className="mcp-server__head">
        <strong className="mcp-server__name">{server.name}</strong>
        <span className={`mcp-server__status mcp-server__status--${server.status}`} data-testid="server-status">
          {statusText(server, t)}
        </span>
        <label className="mcp-server__toggle">
          <input type="checkbox" checked={server.enabled} disabled={busy} onChange={(e) => void change("tools:setServer", { name: server.name, enabled: e.target.checked })} />
          {t("settings.server.on")}
        </label>
      </header>
      {server.bundle ? <BundleCardDetails server={server.name} bundle={server.bundle} busy={busy} /> : <code className="mcp-server__where">{where}</code>}
      {server.error && <pre className="mcp-server__error">{server.error}</pre>}
      <div className="field__row">
        <label>
          {t("settings.server.calls")}{" "}
          <select className="input" value={server.approval} disabled={busy} onChange={(e) => void change("tools:setServer", { name: server.name, approval: e.target.value as "ask" | "allow" })}>
            <option value="ask">{t("settings.server.ask")}</option>
            <option value="allow">{t("settings.server.allow")}</option>
          </select>
        </label>
        <button type="button" className="link-button" onClick={async () => setLog(log ? null : await serverLog(server.name))}>
          {log ? t("settings.server.hideLog") : t("settings.server.showLog")}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => void change("tools:restartServer", { name: server.name })}>
          {t("settings.server.restart")}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => void change("tools:removeServer", { name: server.name })}>
          {t("settings.server.remove")}
        </button>
      </div>
      {log && <pre className="mcp-server__log" aria-label={t("settings.server.log", { name: server.name })}>{log.length ? log.join("\n") : t("settings.server.emptyLog")}</pre>}
      <ul className="mcp-server__tools" aria-label={t("settings.server.tools", { name: server.name })}>
        {server.tools.map((tool) => (
          <li key={tool.name} className="mcp-tool" data-tool={tool.name}>
            <label>
              <input type="checkbox" checked={tool.enabled} disabled={busy} onChange={(e) => void change("tools:setTool", { server: server.name, tool: tool.name, enabled: e.target.checked })} />
              <span className="mcp-tool__name">{tool.title ?? tool.name}</span>
            </label>
            {tool.readOnly && <span className="mcp-tool__hint">{t("settings.server.readOnly")}</span>}
            {tool.destructive && <span className="mcp-tool__hint mcp-tool__hint--warn">{t("settings.server.destructive")}</span>}
            <label className="mcp-tool__always">
              <input type="checkbox" checked={tool.alwaysAllowed} disabled={busy} onChange={(e) => void change("tools:setTool", { server: server.name, tool: tool.name, alwaysAllowed: e.target.checked })} />
              {t("settings.server.alwaysAllow")}
            </label>
            {tool.description && <p className="mcp-tool__description">{tool.description}</p>}
          </li>
        ))}
      </ul>
    </article>
  );
}
