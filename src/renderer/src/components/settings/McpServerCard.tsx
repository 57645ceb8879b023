/**
 * One MCP server in Settings → Tools: its state (starting, ready with N tools, failed
 * with the reason, restarting), on/off, whether its tools ask first, its tools (each on
 * or off, "always allow"), and its stderr log.
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { McpServerView } from "../../../../shared/mcp-types";
import { useAppStore } from "../../store/app-store";
import { BundleCardDetails } from "./BundleCardDetails";

function statusText(server: McpServerView): string {
  if (!server.enabled) return "Off";
  switch (server.status) {
    case "ready":
      return `Ready · ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`;
    case "starting":
      return "Starting…";
    case "restarting":
      return "Restarting…";
    case "failed":
      return "Failed";
    default:
      return "Stopped";
  }
}

export function McpServerCard({ server, busy }: { server: McpServerView; busy: boolean }) {
  const { change, serverLog } = useAppStore(useShallow((s) => ({ change: s.changeTools, serverLog: s.serverLog })));
  const [log, setLog] = useState<string[] | null>(null);
  const where = server.transport === "stdio" ? [server.command, ...(server.args ?? [])].join(" ") : server.url;

  return (
    <article className="mcp-server" data-server={server.name} data-status={server.enabled ? server.status : "off"} aria-label={`MCP server ${server.name}`}>
      <header className="mcp-server__head">
        <strong className="mcp-server__name">{server.name}</strong>
        <span className={`mcp-server__status mcp-server__status--${server.status}`} data-testid="server-status">
          {statusText(server)}
        </span>
        <label className="mcp-server__toggle">
          <input type="checkbox" checked={server.enabled} disabled={busy} onChange={(e) => void change("tools:setServer", { name: server.name, enabled: e.target.checked })} />
          On
        </label>
      </header>
      {server.bundle ? <BundleCardDetails server={server.name} bundle={server.bundle} busy={busy} /> : <code className="mcp-server__where">{where}</code>}
      {server.error && <pre className="mcp-server__error">{server.error}</pre>}
      <div className="field__row">
        <label>
          Calls:{" "}
          <select className="input" value={server.approval} disabled={busy} onChange={(e) => void change("tools:setServer", { name: server.name, approval: e.target.value as "ask" | "allow" })}>
            <option value="ask">ask first</option>
            <option value="allow">run without asking</option>
          </select>
        </label>
        <button type="button" className="link-button" onClick={async () => setLog(log ? null : await serverLog(server.name))}>
          {log ? "Hide log" : "Show log"}
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => void change("tools:restartServer", { name: server.name })}>
          Restart
        </button>
        <button type="button" className="link-button" disabled={busy} onClick={() => void change("tools:removeServer", { name: server.name })}>
          Remove
        </button>
      </div>
      {log && <pre className="mcp-server__log" aria-label={`Log of ${server.name}`}>{log.length ? log.join("\n") : "(nothing written to stderr)"}</pre>}
      <ul className="mcp-server__tools" aria-label={`Tools of ${server.name}`}>
        {server.tools.map((tool) => (
          <li key={tool.name} className="mcp-tool" data-tool={tool.name}>
            <label>
              <input type="checkbox" checked={tool.enabled} disabled={busy} onChange={(e) => void change("tools:setTool", { server: server.name, tool: tool.name, enabled: e.target.checked })} />
              <span className="mcp-tool__name">{tool.title ?? tool.name}</span>
            </label>
            {tool.readOnly && <span className="mcp-tool__hint">read-only</span>}
            {tool.destructive && <span className="mcp-tool__hint mcp-tool__hint--warn">may change data</span>}
            <label className="mcp-tool__always">
              <input type="checkbox" checked={tool.alwaysAllowed} disabled={busy} onChange={(e) => void change("tools:setTool", { server: server.name, tool: tool.name, alwaysAllowed: e.target.checked })} />
              always allow
            </label>
            {tool.description && <p className="mcp-tool__description">{tool.description}</p>}
          </li>
        ))}
      </ul>
    </article>
  );
}
