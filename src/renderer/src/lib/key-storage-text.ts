/** Where the API key is kept, in the person's words (settings), in the language shown now. */
import type { KeyStorageView } from "../../../shared/view-types";
import type { TFunction } from "i18next";

/** `t`: the window's translate function (taken as an argument so this stays free of React). */
export function keyStorageText(storage: KeyStorageView, t: TFunction): string {
  switch (storage.protection) {
    case "keychain":
      return t("settings.keyStorage.keychain");
    case "obfuscated":
      return t("settings.keyStorage.obfuscated");
    case "memory-only":
      return storage.canStoreOnDisk ? t("settings.keyStorage.memoryOnlyAsked") : t("settings.keyStorage.memoryOnlyUntilQuit");
    case "unavailable":
      return t("settings.keyStorage.unavailable");
  }
}
