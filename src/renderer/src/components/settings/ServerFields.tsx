/** The PostgreSQL server's fields in Settings → Storage: connection string, password (write-only), TLS and its CA file. */
import type { StorageTls } from "../../../../shared/storage-types";
import { useTranslation } from "../../i18n/react";

const TLS_CHOICES = [
  { value: "disable", label: "settings.storage.tlsDisable" },
  { value: "require", label: "settings.storage.tlsRequire" },
  { value: "verify-full", label: "settings.storage.tlsVerify" },
] as const satisfies readonly { value: StorageTls; label: string }[];

export interface ServerFieldsProps {
  url: string;
  onUrl(value: string): void;
  password: string;
  onPassword(value: string): void;
  /** A password is stored: the field may stay empty to keep it. */
  hasPassword: boolean;
  tls: StorageTls;
  onTls(value: StorageTls): void;
  caFile: string;
  onCaFile(value: string): void;
}

export function ServerFields({ url, onUrl, password, onPassword, hasPassword, tls, onTls, caFile, onCaFile }: ServerFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field__label" htmlFor="storage-url">
        {t("settings.storage.connectionString")}
      </label>
      <input
        id="storage-url"
        className="input"
        value={url}
        onChange={(e) => onUrl(e.target.value)}
        placeholder={t("settings.storage.urlPlaceholder")}
        spellCheck={false}
        data-testid="storage-url"
      />
      <label className="field__label" htmlFor="storage-password">
        {t("settings.storage.password")}
      </label>
      <input
        id="storage-password"
        className="input"
        type="password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        placeholder={hasPassword ? t("settings.storage.passwordStored") : t("settings.storage.passwordNone")}
        autoComplete="off"
        data-testid="storage-password"
      />
      <label className="field__label" htmlFor="storage-tls">
        {t("settings.storage.tls")}
      </label>
      <select id="storage-tls" className="input" value={tls} onChange={(e) => onTls(e.target.value as StorageTls)} data-testid="storage-tls">
        {TLS_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {t(c.label)}
          </option>
        ))}
      </select>
      {tls === "verify-full" && (
        <>
          <label className="field__label" htmlFor="storage-ca">
            {t("settings.storage.caFile")}
          </label>
          <input id="storage-ca" className="input" value={caFile} onChange={(e) => onCaFile(e.target.value)} spellCheck={false} data-testid="storage-ca" />
        </>
      )}
    </>
  );
}
