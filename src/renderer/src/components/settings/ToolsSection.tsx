/**
 * Settings → Tools: MCP servers. Paste or import a Claude Desktop configuration, add a
 * server of either transport, turn servers and tools on and off, see each server's state
 * and its stderr log, set the per-call timeout. Main checks every change whole and says
 * what is wrong and where; nothing is half-saved.
 */
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { AddServerForm } from "./AddServerForm";
import { McpServerCard } from "./McpServerCard";
import { McpConfigImport } from "./McpConfigImport";
import { BundleReviewPanel } from "./BundleReviewPanel";
import { RegistryBrowser } from "./RegistryBrowser";

export function ToolsSection() {
  const { tools, error, busy, loadTools, change, reviewConfig } = useAppStore(
    useShallow((s) => ({ tools: s.tools, error: s.toolsError, busy: s.toolsBusy, loadTools: s.loadTools, change: s.changeTools, reviewConfig: s.reviewToolsConfig })),
  );
  const bundles = useAppStore(
    useShallow((s) => ({ review: s.bundleReview, error: s.bundleError, open: s.openBundleFile, install: s.installBundle, close: s.closeBundleReview, prefill: s.serverPrefill })),
  );
  const { t } = useTranslation();
  const [timeout, setTimeoutText] = useState("");
  useEffect(() => void loadTools(), [loadTools]);
  useEffect(() => setTimeoutText(tools ? String(tools.callTimeoutMs / 1000) : ""), [tools?.callTimeoutMs]);

  return (
    <section className="tools-settings" aria-labelledby="tools-title" data-testid="tools-settings">
      <h3 id="tools-title" className="tools-settings__title">
        {t("settings.tools.title")}
      </h3>
      {tools?.problem && <p className="form-error" role="status">{tools.problem}</p>}
      {error && (
        <p className="form-error" role="alert" data-testid="tools-error">
          {error}
        </p>
      )}

      <div className="field__row">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void bundles.open()}>
          {t("settings.tools.installBundle")}
        </button>
        <span className="field__note">{t("settings.tools.bundleNote")}</span>
      </div>
      {bundles.error && (
        <p className="form-error" role="alert" data-testid="bundle-error">
          {bundles.error}
        </p>
      )}
      {bundles.review && <BundleReviewPanel key={bundles.review.reviewId} review={bundles.review} busy={busy} onInstall={(values) => void bundles.install(values)} onCancel={bundles.close} />}

      <RegistryBrowser busy={busy} />

      <McpConfigImport busy={busy} review={reviewConfig} confirm={(text, confirmation) => change("tools:importConfig", { text, confirmation })} />

      <AddServerForm key={JSON.stringify(bundles.prefill)} busy={busy} prefill={bundles.prefill} onAdd={(input) => change("tools:addServer", input)} />

      <ul className="tools-settings__servers" aria-label={t("settings.tools.servers")}>
        {tools?.servers.map((server) => (
          <li key={server.name}>
            <McpServerCard server={server} busy={busy} />
          </li>
        ))}
      </ul>
      {tools && tools.servers.length === 0 && <p className="field__note">{t("settings.tools.none")}</p>}

      <div className="field">
        <label htmlFor="mcp-timeout" className="field__label">
          {t("settings.tools.timeout")}
        </label>
        <div className="field__row">
          <input id="mcp-timeout" className="input" inputMode="numeric" value={timeout} onChange={(e) => setTimeoutText(e.target.value)} />
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void change("tools:setCallTimeout", { ms: Math.round(Number(timeout) * 1000) })}>
            {t("settings.tools.setTimeout")}
          </button>
        </div>
      </div>
    </section>
  );
}
