/** The PostgreSQL server's fields in Settings → Storage: connection string, password (write-only), TLS and its CA file. */
import type { StorageTls } from "../../../../shared/storage-types";

const TLS_CHOICES: { value: StorageTls; label: string }[] = [
  { value: "disable", label: "No TLS" },
  { value: "require", label: "Require TLS (the certificate is not checked)" },
  { value: "verify-full", label: "Verify the server's certificate" },
];

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
  return (
    <>
      <label className="field__label" htmlFor="storage-url">
        Connection string
      </label>
      <input
        id="storage-url"
        className="input"
        value={url}
        onChange={(e) => onUrl(e.target.value)}
        placeholder="postgres://user@host:5432/alpine"
        spellCheck={false}
        data-testid="storage-url"
      />
      <label className="field__label" htmlFor="storage-password">
        Password
      </label>
      <input
        id="storage-password"
        className="input"
        type="password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        placeholder={hasPassword ? "Stored (encrypted): leave empty to keep it" : "None"}
        autoComplete="off"
        data-testid="storage-password"
      />
      <label className="field__label" htmlFor="storage-tls">
        TLS
      </label>
      <select id="storage-tls" className="input" value={tls} onChange={(e) => onTls(e.target.value as StorageTls)} data-testid="storage-tls">
        {TLS_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {tls === "verify-full" && (
        <>
          <label className="field__label" htmlFor="storage-ca">
            Certificate authority file (full path; empty: the system's)
          </label>
          <input id="storage-ca" className="input" value={caFile} onChange={(e) => onCaFile(e.target.value)} spellCheck={false} data-testid="storage-ca" />
        </>
      )}
    </>
  );
}
