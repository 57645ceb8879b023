/** What settings say about where the API key is kept, for each way it can be kept. */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../src/renderer/src/i18n/locales/en.json";
import { keyStorageText as keyStorageTextIn } from "../../src/renderer/src/lib/key-storage-text";
import type { KeyStorageView } from "../../src/shared/view-types";

const english = i18next.createInstance();
await english.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
const keyStorageText = (storage: KeyStorageView) => keyStorageTextIn(storage, english.t.bind(english));

describe("where the key is kept, in words", () => {
  it("names the basic_text store as obfuscation, not encryption, and offers memory only", () => {
    const text = keyStorageText({ protection: "obfuscated", backend: "basic_text", memoryOnly: false, canStoreOnDisk: true });
    expect(text).toMatch(/basic_text/);
    expect(text).toMatch(/only obfuscated, not encrypted/);
    expect(text).toMatch(/memory only/);
  });

  it("says a keychain encrypts it, and memory only means asked again at each start", () => {
    expect(keyStorageText({ protection: "keychain", backend: null, memoryOnly: false, canStoreOnDisk: true })).toMatch(/encrypted with your system's keychain/);
    expect(keyStorageText({ protection: "memory-only", backend: "basic_text", memoryOnly: true, canStoreOnDisk: true })).toMatch(/never written to disk.*each start/);
    expect(keyStorageText({ protection: "unavailable", backend: null, memoryOnly: false, canStoreOnDisk: false })).toMatch(/no encryption.*until Alpine quits/);
  });
});
