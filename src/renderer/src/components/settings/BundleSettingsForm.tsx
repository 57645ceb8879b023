/**
 * A bundle's settings (`user_config`) as a form: text, folders and files as text fields (one
 * per line when several are allowed), numbers, yes-or-no. A sensitive field shows only
 * whether a value is stored; left empty it keeps that value, and what is typed goes to main
 * only, which keeps it encrypted.
 */
import { useState } from "react";
import type { BundleSettingValue, BundleSettingView } from "../../../../shared/mcp-bundle-types";
import { SECRET_MASK } from "../../../../shared/mcp-types";
import { useTranslation } from "../../i18n/react";

export function BundleSettingsForm({ settings, busy, submitLabel, onSubmit }: { settings: BundleSettingView[]; busy: boolean; submitLabel: string; onSubmit(values: Record<string, BundleSettingValue>): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string | boolean>>(() => Object.fromEntries(settings.map((s) => [s.key, initial(s)])));
  const submit = () => onSubmit(Object.fromEntries(settings.map((s) => [s.key, valueOf(s, values[s.key]!)])));
  return (
    <form className="bundle-settings" onSubmit={(e) => (e.preventDefault(), submit())}>
      {settings.map((s) => (
        <label key={s.key} className="field bundle-settings__field" data-setting={s.key}>
          <span className="field__label">
            {s.required ? t("settings.bundle.required", { title: s.title }) : s.title}
          </span>
          {s.type === "boolean" ? (
            <input type="checkbox" checked={values[s.key] === true} onChange={(e) => setValues({ ...values, [s.key]: e.target.checked })} />
          ) : s.multiple ? (
            <textarea className="input" rows={2} aria-label={s.title} value={String(values[s.key])} onChange={(e) => setValues({ ...values, [s.key]: e.target.value })} />
          ) : (
            <input
              className="input"
              aria-label={s.title}
              type={s.sensitive ? "password" : s.type === "number" ? "number" : "text"}
              autoComplete="off"
              placeholder={s.sensitive && s.isSet ? t("settings.bundle.stored") : s.type === "directory" ? t("settings.bundle.folderPath") : s.type === "file" ? t("settings.bundle.filePath") : ""}
              value={String(values[s.key])}
              onChange={(e) => setValues({ ...values, [s.key]: e.target.value })}
            />
          )}
          <span className="field__note">{s.description}</span>
        </label>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

function initial(s: BundleSettingView): string | boolean {
  const value = s.value ?? s.default;
  if (s.type === "boolean") return value === true;
  if (s.sensitive || value === undefined) return "";
  return Array.isArray(value) ? value.join("\n") : String(value);
}

function valueOf(s: BundleSettingView, raw: string | boolean): BundleSettingValue {
  if (typeof raw === "boolean") return raw;
  if (s.sensitive && raw === "" && s.isSet) return SECRET_MASK;
  if (s.multiple) return raw.split("\n").map((line) => line.trim()).filter(Boolean);
  if (s.type === "number" && raw.trim() !== "") return Number(raw);
  return raw;
}
