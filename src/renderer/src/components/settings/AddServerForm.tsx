/**
 * Add one MCP server: stdio (command, arguments one per line, env as NAME=value lines,
 * working folder) or HTTP (URL, headers as Name: value lines). Env values and headers are
 * kept encrypted and shown masked afterwards.
 */
import { useState } from "react";
import type { RequestArgs } from "../../../../shared/ipc-contract";
import type { RegistryFormView } from "../../../../shared/mcp-registry-types";
import { useTranslation } from "../../i18n/react";

type ServerInput = RequestArgs<"tools:addServer">;

function pairs(text: string, separator: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const at = line.indexOf(separator);
    if (line.trim() === "") continue;
    if (at <= 0) out[line.trim()] = "";
    else out[line.slice(0, at).trim()] = line.slice(at + separator.length).trim();
  }
  return out;
}

/** `prefill`: what the registry's Add filled in, for the person to check, complete and confirm. */
export function AddServerForm({ busy, onAdd, prefill }: { busy: boolean; onAdd(input: ServerInput): Promise<boolean>; prefill?: RegistryFormView | null }) {
  const { t } = useTranslation();
  const lines = (values: Record<string, string> | undefined, separator: string) => Object.entries(values ?? {}).map(([k, v]) => `${k}${separator}${v}`).join("\n");
  const [name, setName] = useState(prefill?.name ?? "");
  const [transport, setTransport] = useState<"stdio" | "http">(prefill?.transport ?? "stdio");
  const [command, setCommand] = useState(prefill?.command ?? "");
  const [args, setArgs] = useState((prefill?.args ?? []).join("\n"));
  const [env, setEnv] = useState(lines(prefill?.env, "="));
  const [cwd, setCwd] = useState("");
  const [url, setUrl] = useState(prefill?.url ?? "");
  const [headers, setHeaders] = useState(lines(prefill?.headers, ": "));

  const add = async () => {
    const input: ServerInput =
      transport === "stdio"
        ? { name: name.trim(), transport, command, args: args.split("\n").filter((a) => a !== ""), env: pairs(env, "="), cwd: cwd.trim() || null }
        : { name: name.trim(), transport, url: url.trim(), headers: pairs(headers, ":") };
    if (await onAdd(input)) {
      for (const reset of [setName, setCommand, setArgs, setEnv, setCwd, setUrl, setHeaders]) reset("");
    }
  };

  return (
    <fieldset className="tools-settings__add" data-testid="add-server">
      <legend>{t("settings.addServer.legend")}</legend>
      {prefill && <p className="field__note">{t("settings.addServer.prefilled")}</p>}
      <div className="field__row">
        <input className="input" aria-label={t("settings.addServer.name")} placeholder={t("settings.addServer.namePlaceholder")} value={name} onChange={(e) => setName(e.target.value)} />
        <select className="input" aria-label={t("settings.addServer.transport")} value={transport} onChange={(e) => setTransport(e.target.value as "stdio" | "http")}>
          <option value="stdio">{t("settings.addServer.stdio")}</option>
          <option value="http">{t("settings.addServer.http")}</option>
        </select>
      </div>
      {transport === "stdio" ? (
        <>
          <input className="input" aria-label={t("settings.addServer.command")} placeholder={t("settings.addServer.commandPlaceholder")} value={command} onChange={(e) => setCommand(e.target.value)} />
          <textarea className="input" aria-label={t("settings.addServer.args")} placeholder={t("settings.addServer.args")} rows={2} value={args} onChange={(e) => setArgs(e.target.value)} />
          <textarea className="input" aria-label={t("settings.addServer.env")} placeholder={t("settings.addServer.envPlaceholder")} rows={2} value={env} onChange={(e) => setEnv(e.target.value)} />
          <input className="input" aria-label={t("settings.addServer.cwd")} placeholder={t("settings.addServer.cwdPlaceholder")} value={cwd} onChange={(e) => setCwd(e.target.value)} />
        </>
      ) : (
        <>
          <input className="input" aria-label={t("settings.addServer.url")} placeholder={t("settings.addServer.urlPlaceholder")} value={url} onChange={(e) => setUrl(e.target.value)} />
          <textarea className="input" aria-label={t("settings.addServer.headers")} placeholder={t("settings.addServer.headersPlaceholder")} rows={2} value={headers} onChange={(e) => setHeaders(e.target.value)} />
        </>
      )}
      <button type="button" className="button button--secondary" disabled={busy || name.trim() === ""} onClick={() => void add()}>
        {t("settings.addServer.add")}
      </button>
    </fieldset>
  );
}
