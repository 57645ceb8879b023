/**
 * The main process's catalogues (src/main/service/words): every language has exactly
 * English's keys, each plural key exactly the forms Intl.PluralRules gives its language, the
 * same placeholders as English; the lookup picks the plural form and writes numbers in the
 * language; and the service speaks the language it is set to, saying again in the new one what
 * it already said (the updater's message, a shortcut's problem) when the language changes.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LANGUAGES, type LanguageCode } from "../../src/shared/languages";
import { loadWords } from "../../src/main/service/words/catalogues";
import { CurrentWords } from "../../src/main/service/words/current-words";
import { SETTINGS_FILE, savedLanguageSetting } from "../../src/main/service/words/saved-language";
import { SETTINGS_FILE_NAME } from "../../src/main/service/settings/settings-file";
import { ENGLISH_WORDS, Words } from "../../src/main/service/words/words";
import { updateFailureText } from "../../src/main/service/updates/update-failure";
import { makeTempDir, removeDir, useServiceFixture } from "./helpers";

const LOCALES = path.resolve(import.meta.dirname, "../../src/main/service/words/locales");
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };
const catalogue = (code: LanguageCode): Tree => JSON.parse(fs.readFileSync(path.join(LOCALES, `${code}.json`), "utf8"));

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

/** Each key as asked for (a plural key by its base) with its forms and texts. */
function keysOf(code: LanguageCode): Map<string, Map<string, string>> {
  const keys = new Map<string, Map<string, string>>();
  for (const [key, text] of leaves(catalogue(code))) {
    const plural = PLURAL.exec(key);
    const base = plural ? plural[1] : key;
    const forms = keys.get(base) ?? new Map<string, string>();
    forms.set(plural ? plural[2] : "", text);
    keys.set(base, forms);
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("the main process's catalogues", () => {
  const english = keysOf("en");

  it("are one file per language, the twelve of the setting", () => {
    expect(fs.readdirSync(LOCALES).sort()).toEqual(LANGUAGES.map((code) => `${code}.json`).sort());
    expect(english.size).toBeGreaterThan(75);
  });

  it.each(LANGUAGES.filter((code) => code !== "en"))("%s has exactly English's keys", (code) => {
    expect([...keysOf(code).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...LANGUAGES])("%s: each plural key has exactly the forms Intl.PluralRules gives the language", (code) => {
    const needed = [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort();
    const plural = [...keysOf(code)].filter(([base]) => [...english.get(base)!.keys()].some((form) => form !== ""));
    expect(plural.length).toBeGreaterThanOrEqual(4);
    for (const [base, forms] of plural) expect([...forms.keys()].sort(), `${code} ${base}`).toEqual(needed);
  });

  it.each(LANGUAGES.filter((code) => code !== "en"))("%s uses English's placeholders (a plural form may say its count in words)", (code) => {
    for (const [base, forms] of keysOf(code)) {
      const wanted = placeholders(english.get(base)!.get("other") ?? english.get(base)!.get("")!);
      for (const [form, text] of forms) {
        const used = placeholders(text);
        if (form === "") expect(used, `${code} ${base}`).toEqual(wanted);
        else expect(wanted, `${code} ${base}_${form}`).toEqual(expect.arrayContaining(used));
        expect(text.trim(), `${code} ${base}`).not.toBe("");
      }
    }
  });

  it("Arabic, Russian and Japanese are not English under another name: no text is left as English's", () => {
    for (const code of ["ar", "ru", "ja"] as const) {
      const translated = keysOf(code);
      const words = (text: string) => /\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ""));
      const same = [...english].filter(([base, forms]) => [...forms.values()].some((text) => words(text) && [...translated.get(base)!.values()].includes(text)));
      // Only names that stay as they are: file formats.
      expect(same.map(([base]) => base).filter((base) => !base.startsWith("dialog.fileType."))).toEqual([]);
    }
  });
});

describe("the lookup", () => {
  it("chooses the plural form the language needs and writes the count in it", async () => {
    const [ru, ar, de, fr, ja] = await Promise.all((["ru", "ar", "de", "fr", "ja"] as const).map((code) => loadWords(code)));
    expect(ru.t("dialog.quitWhileRunning.message", { count: 1 })).toBe("1 разговор ещё выполняется.");
    expect(ru.t("dialog.quitWhileRunning.message", { count: 3 })).toBe("3 разговора ещё выполняются.");
    expect(ru.t("dialog.quitWhileRunning.message", { count: 5 })).toBe("5 разговоров ещё выполняются.");
    expect(ar.t("tray.tooltip.running", { count: 2 })).toBe("Alpine: محادثتان قيد التشغيل");
    expect(ar.t("tray.tooltip.running", { count: 4 })).toBe("Alpine: 4 محادثات قيد التشغيل");
    expect(ar.t("tray.tooltip.running", { count: 11 })).toBe("Alpine: 11 محادثة قيد التشغيل");
    expect(de.t("tray.tooltip.waiting", { count: 1 })).toBe("Alpine: 1 wartet auf dich");
    expect(de.t("tray.tooltip.waiting", { count: 1200 })).toBe("Alpine: 1.200 warten auf dich");
    expect(fr.t("dialog.quitWhileRunning.message", { count: 1_000_000 })).toBe("1\u202f000\u202f000 de conversations sont encore en cours.");
    expect(ja.t("tray.more", { count: 3 })).toBe("ほか3件…");
    expect(ENGLISH_WORDS.t("menu.about", { appName: "Alpine" })).toBe("About Alpine");
  });

  it("makes no Intl object until a count or a number is written: words made at launch read no language data", () => {
    const pluralRules = vi.spyOn(Intl, "PluralRules");
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    try {
      const words = new Words("de", catalogue("de") as never);
      expect(words.t("dialog.chooseFolder")).toBe(leaves(catalogue("de")).find(([key]) => key === "dialog.chooseFolder")![1]);
      expect(pluralRules).not.toHaveBeenCalled();
      expect(numberFormat).not.toHaveBeenCalled();
      // A plural key with a {{count}} in it: both a plural form and a number to write.
      const [key] = [...keysOf("en")].find(([, forms]) => forms.size > 1 && [...forms.values()].some((text) => text.includes("{{count}}")))!;
      words.t(key as never, { count: 3 });
      words.t(key as never, { count: 1 });
      // Made once each, in the words' language.
      expect(pluralRules.mock.calls).toEqual([["de"]]);
      expect(numberFormat.mock.calls).toEqual([["de"]]);
    } finally {
      pluralRules.mockRestore();
      numberFormat.mockRestore();
    }
  });

  it("loads each of the twelve catalogues, which says what its file says", async () => {
    for (const code of LANGUAGES) {
      const words = await loadWords(code);
      expect(words.language).toBe(code);
      expect(words.t("menu.edit")).toBe((catalogue(code).menu as Tree).edit);
      expect(words.t("dialog.quitWhileRunning.quit")).toBe(((catalogue(code).dialog as Tree).quitWhileRunning as Tree).quit);
      expect(await loadWords(code), "loaded once").toBe(words);
    }
  });

  it("a catalogue that cannot be loaded leaves the words as they were, and the log says so", async () => {
    const words = new CurrentWords();
    await words.use("it");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await words.use("tlh" as LanguageCode)).language).toBe("it");
      expect(await words.ready()).toBe(words.now);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^The tlh words of the main process could not be loaded .*; it goes on in it\.$/));
    } finally {
      logged.mockRestore();
    }
  });

  it("the updater's failures in the person's language, the updater's own detail kept as it came", async () => {
    const de = await loadWords("de");
    const checksum = Object.assign(new Error("sha512 checksum mismatch"), { code: "ERR_CHECKSUM_MISMATCH" });
    expect(updateFailureText(checksum, "2.0.0", de)).toMatch(/^Das Update auf Alpine 2\.0\.0 wurde abgelehnt: /);
    expect(updateFailureText(checksum, null, de)).toMatch(/^Das Update wurde abgelehnt: /);
    expect(updateFailureText(new Error("net::ERR_INTERNET_DISCONNECTED"), "2.0.0", de)).toMatch(/^Das Update auf Alpine 2\.0\.0 konnte nicht heruntergeladen werden: .*\(net::ERR_INTERNET_DISCONNECTED\)/);
    expect(updateFailureText(new Error("socket hang up"), null, de)).toMatch(/^Das Update konnte nicht heruntergeladen werden: /);
    expect(updateFailureText(new Error("HttpError: 404 Not Found"), "2.0.0", de)).toBe(
      "Der Update-Server hat mit einem Fehler geantwortet (HttpError: 404 Not Found). Nichts wurde installiert. Suche später noch einmal nach Updates.",
    );
    expect(updateFailureText(new Error("disk full"), "2.0.0", de)).toBe("Das Update auf Alpine 2.0.0 ist fehlgeschlagen: disk full. Nichts wurde installiert. Suche später noch einmal nach Updates.");
    expect(updateFailureText("odd", null, de)).toMatch(/^Das Update ist fehlgeschlagen: odd\./);
  });

  it("a key a catalogue lacks is said in English rather than not at all; a value not given stays visible", () => {
    const partial = new Words("de", { menu: { edit: "Bearbeiten" }, tray: { more_one: "und {{count}} weitere …" } });
    expect(partial.t("menu.edit")).toBe("Bearbeiten");
    expect(partial.t("menu.copy")).toBe("Copy");
    expect(partial.t("tray.more", { count: 1 })).toBe("und 1 weitere …");
    expect(partial.t("tray.more", { count: 2 })).toBe("and 2 more…");
    expect(partial.t("menu.about")).toBe("About {{appName}}");
  });

  it("switches only once the catalogue is loaded, tells the listeners, and a later choice wins over an earlier one", async () => {
    const words = new CurrentWords();
    const told: LanguageCode[] = [];
    words.onChange((now) => told.push(now.language));
    expect(words.now.t("menu.edit")).toBe("Edit");
    const earlier = words.use("de");
    const later = words.use("ko");
    await Promise.all([earlier, later]);
    expect(words.language).toBe("ko");
    expect(words.now.t("menu.edit")).toBe("편집");
    expect(told).toEqual(["ko"]);
    await words.use("ko");
    expect(told).toEqual(["ko"]);
  });

  it("reads the saved setting before the service opens; anything unreadable is the system's", () => {
    expect(SETTINGS_FILE).toBe(SETTINGS_FILE_NAME);
    const folder = makeTempDir();
    try {
      expect(savedLanguageSetting(folder)).toBe("system");
      fs.writeFileSync(path.join(folder, SETTINGS_FILE), JSON.stringify({ version: 1, language: "pt-BR" }));
      expect(savedLanguageSetting(folder)).toBe("pt-BR");
      fs.writeFileSync(path.join(folder, SETTINGS_FILE), JSON.stringify({ version: 1, language: "tlh" }));
      expect(savedLanguageSetting(folder)).toBe("system");
      fs.writeFileSync(path.join(folder, SETTINGS_FILE), "{ garbled");
      expect(savedLanguageSetting(folder)).toBe("system");
    } finally {
      removeDir(folder);
    }
  });
});

describe("the service's words", () => {
  const fixtures = useServiceFixture();

  it("follow the system's languages, then the setting; the updater's message and a shortcut's problem are said again in the new language", async () => {
    const fixture = await fixtures.open({ service: { systemLanguages: () => ["de-CH", "en-US"] } });
    const { service } = fixture;
    await service.words.use(service.settings.language());
    expect(service.words.language).toBe("de");
    expect(service.updates.status().message).toBe(catalogueText("de", "update.fromSource"));
    service.desktopStatus.setShortcut(null, { shortcut: "Alt+Space", detail: null });
    expect(service.desktopStatus.view().shortcutProblem).toMatch(/^Das Tastenkürzel Alt\+Space für die Schnelleingabe konnte nicht registriert werden/);

    const since = fixture.log.count;
    await fixture.call("settings:set", { language: "fr" });
    const update = await fixture.log.next((event) => event.type === "update_status", since);
    const status = await fixture.log.next((event) => event.type === "desktop_status", since);
    expect(service.words.language).toBe("fr");
    expect(update).toMatchObject({ status: { phase: "unsupported", message: catalogueText("fr", "update.fromSource") } });
    expect(status).toMatchObject({ status: { shortcutProblem: expect.stringMatching(/^Le raccourci de saisie rapide Alt\+Space n’a pas pu être enregistré/) } });
  });
});

function catalogueText(code: LanguageCode, key: string): string {
  return key.split(".").reduce<string | Tree>((node, part) => (node as Tree)[part], catalogue(code)) as string;
}
