/**
 * Browse an MCP registry (the official one, or the address set here): search, a server's
 * page (its description, the packages and remotes it can run as, what each needs), and Add,
 * which fills the add-server form below for the person to check and confirm. Nothing is
 * added or started from here. A registry that cannot be reached says so calmly.
 */
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";
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
  const [query, setQuery] = useState("");
  const [url, setUrl] = useState<string | null>(null);
  return (
    <details className="registry" data-testid="registry-browser">
      <summary>Browse the MCP registry</summary>
      <form className="field__row" onSubmit={(e) => (e.preventDefault(), void s.search(query))}>
        <input className="input" aria-label="Search the registry" placeholder="Search servers" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      {s.error && (
        <p className="field__note" role="status" data-testid="registry-error">
          {s.error}
        </p>
      )}
      <ul className="registry__results" aria-label="Registry servers">
        {s.results?.servers.map((r) => (
          <li key={r.name}>
            <button type="button" className="link-button" onClick={() => void s.open(r.name)}>
              {r.title ?? r.name}
            </button>{" "}
            <span className="field__note">{r.description}</span>
          </li>
        ))}
      </ul>
      {s.results && s.results.servers.length === 0 && <p className="field__note">No server matches.</p>}
      {s.page && (
        <article className="registry__page" aria-label={`Registry server ${s.page.name}`}>
          <h4>
            {s.page.title ?? s.page.name} <span className="field__note">{s.page.version}</span>
          </h4>
          <p>{s.page.description}</p>
          <ul>
            {s.page.options.map((o) => (
              <li key={`${o.kind}-${o.label}`} data-option={o.type}>
                <code>{o.type}</code> {o.label}
                {o.needs.length > 0 && <span className="field__note"> · needs {o.needs.map((n) => `${n.name}${n.secret ? " (secret)" : ""}`).join(", ")}</span>}{" "}
                {o.form ? (
                  <button type="button" className="link-button" onClick={() => s.prefill(o.form!)}>
                    Add…
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
        <input className="input" aria-label="Registry address" value={url ?? s.url} onChange={(e) => setUrl(e.target.value)} />
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void s.change("tools:setRegistryUrl", { url: url ?? s.url })}>
          Use this registry
        </button>
      </div>
    </details>
  );
}
