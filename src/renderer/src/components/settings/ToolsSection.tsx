/**
 * Settings → Tools: MCP servers. Paste or import a Claude Desktop configuration, add a
 * server of either transport, turn servers and tools on and off, see each server's state
 * and its stderr log, set the per-call timeout. Main checks every change whole and says
 * what is wrong and where; nothing is half-saved.
 */
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useAppStore } from "../../store/app-store";
import { AddServerForm } from "./AddServerForm";
import { McpServerCard } from "./McpServerCard";
import { McpConfigReviewPanel } from "./McpConfigReviewPanel";
import type { McpConfigReview } from "../../../../shared/mcp-types";

export function ToolsSection() {
  const { tools, error, busy, loadTools, change, reviewConfig } = useAppStore(
    useShallow((s) => ({ tools: s.tools, error: s.toolsError, busy: s.toolsBusy, loadTools: s.loadTools, change: s.changeTools, reviewConfig: s.reviewToolsConfig })),
  );
  const [pasted, setPasted] = useState("");
  // What the pasted configuration runs, shown first; the servers are added only from here.
  const [review, setReview] = useState<{ text: string; review: McpConfigReview } | null>(null);
  const [timeout, setTimeoutText] = useState("");
  useEffect(() => void loadTools(), [loadTools]);
  useEffect(() => setTimeoutText(tools ? String(tools.callTimeoutMs / 1000) : ""), [tools?.callTimeoutMs]);

  const importFile = async (file: File | undefined) => {
    if (file) {
      setPasted(await file.text());
      setReview(null);
    }
  };

  return (
    <section className="tools-settings" aria-labelledby="tools-title" data-testid="tools-settings">
      <h3 id="tools-title" className="tools-settings__title">
        Tools: MCP servers
      </h3>
      {tools?.problem && <p className="form-error" role="status">{tools.problem}</p>}
      {error && (
        <p className="form-error" role="alert" data-testid="tools-error">
          {error}
        </p>
      )}

      <div className="field">
        <label htmlFor="mcp-import" className="field__label">
          Paste a Claude Desktop configuration (claude_desktop_config.json)
        </label>
        <textarea id="mcp-import" className="input tools-settings__paste" rows={4} value={pasted} spellCheck={false} onChange={(e) => (setPasted(e.target.value), setReview(null))} placeholder='{ "mcpServers": { "name": { "command": "npx", "args": [...] } } }' />
        <div className="field__row">
          <input type="file" accept=".json,application/json" aria-label="Import a configuration file" onChange={(e) => void importFile(e.target.files?.[0])} />
          <button
            type="button"
            className="button button--primary"
            disabled={busy || pasted.trim() === ""}
            onClick={async () => {
              const found = await reviewConfig(pasted);
              setReview(found ? { text: pasted, review: found } : null);
            }}
          >
            Review servers
          </button>
        </div>
        {review && (
          <McpConfigReviewPanel
            review={review.review}
            busy={busy}
            onCancel={() => setReview(null)}
            onConfirm={async () => {
              if (await change("tools:importConfig", { text: review.text, confirmation: review.review.confirmation })) {
                setPasted("");
                setReview(null);
              }
            }}
          />
        )}
      </div>

      <AddServerForm busy={busy} onAdd={(input) => change("tools:addServer", input)} />

      <ul className="tools-settings__servers" aria-label="MCP servers">
        {tools?.servers.map((server) => (
          <li key={server.name}>
            <McpServerCard server={server} busy={busy} />
          </li>
        ))}
      </ul>
      {tools && tools.servers.length === 0 && <p className="field__note">No MCP servers yet.</p>}

      <div className="field">
        <label htmlFor="mcp-timeout" className="field__label">
          Per-call timeout (seconds)
        </label>
        <div className="field__row">
          <input id="mcp-timeout" className="input" inputMode="numeric" value={timeout} onChange={(e) => setTimeoutText(e.target.value)} />
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void change("tools:setCallTimeout", { ms: Math.round(Number(timeout) * 1000) })}>
            Set
          </button>
        </div>
      </div>
    </section>
  );
}
