/** Where the API key is kept, in the person's words (settings). */
import type { KeyStorageView } from "../../../shared/view-types";

export function keyStorageText(storage: KeyStorageView): string {
  switch (storage.protection) {
    case "keychain":
      return "The key is stored encrypted with your system's keychain.";
    case "obfuscated":
      return (
        "This system has no keyring Alpine can use (the basic_text store), so a stored key is only obfuscated, " +
        "not encrypted: anyone who can read your files can read it. Keep it in memory only to keep it off the disk."
      );
    case "memory-only":
      return storage.canStoreOnDisk
        ? "The key is kept in memory only and never written to disk; Alpine asks for it again at each start."
        : "The key is kept in memory only, until Alpine quits.";
    case "unavailable":
      return "This system offers no encryption, so the key is not stored: it lasts until Alpine quits.";
  }
}
