/**
 * Where the API key is kept, in words, and the choice to keep it out of the disk. On Linux
 * without a keyring the stored key is only obfuscated: settings say so and offer to keep
 * it in memory only (asked for again at each start).
 */
import { useState } from "react";
import { api } from "../../api/current-api";
import { describeError } from "../../lib/describe-error";
import { keyStorageText } from "../../lib/key-storage-text";
import { useTranslation } from "../../i18n/react";
import { useAppStore } from "../../store/app-store";

export function KeyStorageField() {
  const storage = useAppStore((s) => s.settings?.keyStorage);
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!storage) return null;

  const choose = async (memoryOnly: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const settings = await api().request("settings:setKeyStorage", { memoryOnly });
      useAppStore.setState({ settings });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const warn = storage.protection === "obfuscated" || storage.protection === "unavailable";
  return (
    <div className="field__stack" data-testid="key-storage" data-protection={storage.protection}>
      <p className={`field__note ${warn ? "field__note--warn" : ""}`} role={warn ? "status" : undefined}>
        {keyStorageText(storage, t)}
      </p>
      {storage.canStoreOnDisk && (
        <label className="field__check">
          <input type="checkbox" checked={storage.memoryOnly} disabled={busy} onChange={(event) => void choose(event.target.checked)} />
          {t("settings.keyStorage.memoryOnly")}
        </label>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
