/** Where the API key is kept, in the person's words (settings). */
import type { KeyStorageView } from "../../../shared/view-types";
import { t } from "../i18n/i18n";

export function keyStorageText(storage: KeyStorageView): string {
  switch (storage.protection) {
    case "keychain":
      return t("keyStorage.keychain");
    case "obfuscated":
      return t("keyStorage.obfuscated");
    case "memory-only":
      return t(storage.canStoreOnDisk ? "keyStorage.memoryOnlyEachStart" : "keyStorage.memoryOnly");
    case "unavailable":
      return t("keyStorage.unavailable");
  }
}
