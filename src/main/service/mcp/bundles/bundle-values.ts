/**
 * The settings a person gives a bundle (`user_config`), checked against what its manifest
 * declares: known keys, the right kind of value, numbers within bounds, required ones given.
 * A sensitive value sent back as the mask keeps the stored one.
 */
import { SECRET_MASK } from "../../../../shared/mcp-types";
import type { BundleSettingValue } from "../../../../shared/mcp-bundle-types";
import { BundleSettingsError } from "./bundle-errors";
import type { BundleManifest } from "./bundle-manifest";
import { missingSettings } from "./bundle-description";

export function checkedValues(manifest: BundleManifest, given: Record<string, BundleSettingValue>, stored: Record<string, BundleSettingValue>): Record<string, BundleSettingValue> {
  const options = manifest.user_config ?? {};
  const out: Record<string, BundleSettingValue> = {};
  for (const [key, value] of Object.entries(stored)) if (options[key]) out[key] = value;
  for (const [key, value] of Object.entries(given)) {
    const option = options[key];
    if (!option) throw new BundleSettingsError(key, "is not one this bundle declares.");
    if (option.sensitive && value === SECRET_MASK) continue;
    if (value === "" || (Array.isArray(value) && value.length === 0)) {
      delete out[key];
      continue;
    }
    out[key] = checkedValue(key, option, value);
  }
  const missing = missingSettings(manifest, out);
  if (missing.length) throw new BundleSettingsError(missing[0]!, `is required: give it a value (${options[missing[0]!]?.title ?? missing[0]}).`);
  return out;
}

type Option = NonNullable<BundleManifest["user_config"]>[string];

function checkedValue(key: string, option: Option, value: BundleSettingValue): BundleSettingValue {
  if (option.type === "boolean") {
    if (typeof value !== "boolean") throw new BundleSettingsError(key, "is a yes-or-no setting.");
    return value;
  }
  if (option.type === "number") {
    const number = typeof value === "string" ? Number(value) : value;
    if (typeof number !== "number" || !Number.isFinite(number)) throw new BundleSettingsError(key, "must be a number.");
    if (option.min !== undefined && number < option.min) throw new BundleSettingsError(key, `must be at least ${option.min}.`);
    if (option.max !== undefined && number > option.max) throw new BundleSettingsError(key, `must be at most ${option.max}.`);
    return number;
  }
  if (Array.isArray(value)) {
    if (!option.multiple) throw new BundleSettingsError(key, "takes one value, not a list.");
    return value;
  }
  if (typeof value !== "string") throw new BundleSettingsError(key, "must be text.");
  return option.multiple ? [value] : value;
}
