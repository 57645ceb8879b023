/**
 * Settings → Storage: keep conversations on this computer (the default) or on a PostgreSQL
 * server. The server is tested by main before anything changes, and a failure says why. The
 * password goes to main only; the window learns only that one is stored.
 */
import { useEffect, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import type { StorageTls } from "../../../../shared/storage-types";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";
import { ServerFields } from "./ServerFields";
import { StorageMoves } from "./StorageMoves";

export function StorageSection() {
  const { storage, busy, error, load, usePostgres, useLocal } = useAppStore(
    useShallow((s) => ({ storage: s.storage, busy: s.storageBusy, error: s.storageError, load: s.loadStorage, usePostgres: s.usePostgres, useLocal: s.useLocal })),
  );
  const { t } = useTranslation();
  const [choice, setChoice] = useState<"local" | "postgres">("local");
  const [url, setUrl] = useState("");
  const [password, setPassword] = useState("");
  const [tls, setTls] = useState<StorageTls>("disable");
  const [caFile, setCaFile] = useState("");
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (!storage) return;
    setChoice(storage.kind);
    setUrl(storage.server?.url ?? "");
    setTls(storage.server?.tls ?? "disable");
    setCaFile(storage.server?.caFile ?? "");
  }, [storage?.kind, storage?.server?.url, storage?.server?.tls, storage?.server?.caFile]);

  const connect = async () => {
    if (await usePostgres({ url, password, tls, caFile })) setPassword("");
  };
  const where =
    storage?.kind === "postgres" ? t("settings.storage.onServer", { name: storage.serverName ?? "" }) : t("settings.storage.onComputer");

  return (
    <section className="tools-settings storage-settings" aria-labelledby="storage-title" data-testid="storage-settings" data-kind={storage?.kind ?? "loading"}>
      <h3 id="storage-title" className="tools-settings__title">
        {t("settings.storage.title")}
      </h3>
      <p className="field__note" role="status" data-testid="storage-where">
        {where}
      </p>
      <div className="field__row" role="radiogroup" aria-label={t("settings.storage.where")}>
        <label>
          <input type="radio" name="storage-kind" checked={choice === "local"} onChange={() => setChoice("local")} data-testid="storage-choice-local" />{" "}
          {t("settings.storage.thisComputer")}
        </label>
        <label>
          <input type="radio" name="storage-kind" checked={choice === "postgres"} onChange={() => setChoice("postgres")} data-testid="storage-choice-postgres" />{" "}
          {t("settings.storage.postgres")}
        </label>
      </div>
      {choice === "postgres" && (
        <div className="field__stack">
          <ServerFields
            url={url}
            onUrl={setUrl}
            password={password}
            onPassword={setPassword}
            hasPassword={Boolean(storage?.server?.hasPassword)}
            tls={tls}
            onTls={setTls}
            caFile={caFile}
            onCaFile={setCaFile}
          />
          <div className="field__row">
            <button type="button" className="button button--primary" onClick={() => void connect()} disabled={busy || url.trim() === ""} data-testid="storage-connect">
              {busy ? t("settings.storage.testing") : t("settings.storage.connect")}
            </button>
          </div>
        </div>
      )}
      {choice === "local" && storage?.kind === "postgres" && (
        <div className="field__row">
          <button type="button" className="button button--secondary" onClick={() => void useLocal()} disabled={busy} data-testid="storage-use-local">
            {t("settings.storage.useLocal")}
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="storage-error">
          {error}
        </p>
      )}
      {storage?.server && <StorageMoves />}
    </section>
  );
}
