/**
 * Browse an MCP registry (the official one, or the address set here): search, a server's
 * page (its description, the packages and remotes it can run as, what each needs), and Add,
 * which fills the add-server form below for the person to check and confirm. Nothing is
 * added or started from here. A registry that cannot be reached says so calmly.
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";

export function RegistryBrowser({ busy }: { busy: boolean }) {
  const s = useAppStore(
    useShallow((s) => ({
      url: s.tools?.registryUrl ?? "",
      results: s.registryResults,
      page: s.registryPage,
      error: s.registryError,
      search: s.searchRegistry,
      open: s.openRegistryServer,
      prefill: s.setServerPrefill,
      change: s.changeTools,
    })),
  );
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [url, setUrl] = useState<string | null>(null);
  return (
    <details className="registry" data-testid="registry-browser">
      <summary>{t("settings.registry.browse")}</summary>
      <form className="field__row" onSubmit={(e) => (e.preventDefault(), void s.search(query))}>
        <input className="input" aria-label={t("settings.registry.search")} placeholder={t("settings.registry.searchPlaceholder")} value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" className="button button--secondary">
          {t("settings.registry.searchButton")}
        </button>
      </form>
      {s.error && (
        <p className="field__note" role="status" data-testid="registry-error">
          {s.error}
        </p>
      )}
      <ul className="registry__results" aria-label={t("settings.registry.results")}>
        {s.results?.servers.map((r) => (
          <li key={r.name}>
            <button type="button" className="link-button" onClick={() => void s.open(r.name)}>
              {r.title ?? r.name}
            </button>{" "}
            <span className="field__note">{r.description}</span>
          </li>
        ))}
      </ul>
      {s.results && s.results.servers.length === 0 && <p className="field__note">{t("settings.registry.noMatch")}</p>}
      {s.page && (
        <article className="registry__page" aria-label={t("settings.registry.page", { name: s.page.name })}>
          <h4>
            {s.page.title ?? s.page.name} <span className="field__note">{s.page.version}</span>
          </h4>
          <p>{s.page.description}</p>
          <ul>
            {s.page.options.map((o) => (
              <li key={`${o.kind}-${o.label}`} data-option={o.type}>
                <code>{o.type}</code> {o.label}
                {o.needs.length > 0 && (
                  <span className="field__note">
                    {" · "}
                    {t("settings.registry.needs", {
                      list: o.needs.map((n) => (n.secret ? t("settings.registry.secret", { name: n.name }) : n.name)).join(t("settings.registry.listSeparator")),
                    })}
                  </span>
                )}{" "}
                {o.form ? (
                  <button type="button" className="link-button" onClick={() => s.prefill(o.form!)}>
                    {t("settings.registry.add")}
                  </button>
                ) : (
                  <span className="field__note">{o.unsupported}</span>
                )}
              </li>
            ))}
          </ul>
        </article>
      )}
      <div className="field__row">
        <input className="input" aria-label={t("settings.registry.address")} value={url ?? s.url} onChange={(e) => setUrl(e.target.value)} />
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void s.change("tools:setRegistryUrl", { url: url ?? s.url })}>
          {t("settings.registry.use")}
        </button>
      </div>
    </details>
  );
}
