/**
 * The catalogues are whole: every language has exactly the English keys, each plural key the
 * forms its language needs, each translation the English's {{variables}} and <tags>, no empty
 * text; and every key the source asks for exists in English. Small catalogues prove each check fails.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/shared/languages";
import { catalogueProblems, englishHas, keysUsed, pluralForms, type Catalogue } from "./support/catalogue-checks";

const root = resolve(__dirname, "../..");
/** The languages the window speaks, each with one catalogue file. */
const CODES: readonly string[] = LANGUAGES;

const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Catalogue;

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Folders of catalogues (`<code>.json` beside `en.json`) under a part of the source. */
function catalogueFolders(folder: string): string[] {
  const here = readdirSync(join(root, folder));
  const nested = here.filter((name) => statSync(join(root, folder, name)).isDirectory()).flatMap((name) => catalogueFolders(join(folder, name)));
  return here.includes("en.json") && folder.endsWith("locales") ? [folder, ...nested] : nested;
}

const english: Catalogue = { sidebar: { title: "Conversations", count_one: "One conversation", count_other: "{{count}} conversations" }, folder: "Folder <code>{{path}}</code>" };

describe("the checks of a catalogue", () => {
  it("accept a whole translation, with the forms its language needs", () => {
    const russian = { sidebar: { title: "Беседы", count_one: "{{count}} беседа", count_few: "{{count}} беседы", count_many: "{{count}} бесед", count_other: "{{count}} беседы" }, folder: "Папка <code>{{path}}</code>" };
    const japanese = { sidebar: { title: "会話", count_other: "{{count}} 件の会話" }, folder: "フォルダー <code>{{path}}</code>" };
    expect(catalogueProblems("ru", english, russian)).toEqual([]);
    expect(catalogueProblems("ja", english, japanese)).toEqual([]);
  });

  it("name a missing key, an extra key, missing and extra plural forms, lost marks and an empty text", () => {
    const broken = { sidebar: { count_one: "{{count}} Gespräch", count_few: "x", count_other: "Gespräche" }, folder: "Ordner {{pfad}}", extra: "" };
    expect(catalogueProblems("de", english, broken).sort()).toEqual(
      [
        "de: missing sidebar.title",
        "de: extra extra",
        "de: extra is empty",
        "de: sidebar.count has the forms few,one,other, the language needs one,other",
        "de: sidebar.count_other has the variables none, the English count",
        "de: folder has the variables pfad, the English path",
        "de: folder has the tags none, the English </code><code>",
      ].sort(),
    );
    expect(catalogueProblems("ar", english, { ...english, sidebar: { title: "المحادثات", count_other: "{{count}} محادثة" } })).toEqual([
      "ar: sidebar.count has the forms other, the language needs few,many,one,other,two,zero",
    ]);
  });

  it("cover the twelve languages the issue asks for", () => {
    expect([...CODES].sort()).toEqual(["ar", "de", "en", "es", "fr", "it", "ja", "ko", "pt-BR", "ru", "zh-CN", "zh-TW"]);
  });

  it("take each language's forms from its plural rules (Arabic six, Russian four, Japanese one)", () => {
    expect(pluralForms("ar")).toHaveLength(6);
    expect(pluralForms("ru")).toEqual(["few", "many", "one", "other"]);
    expect(pluralForms("ja")).toEqual(["other"]);
  });

  it("find the keys a source asks for, plural keys by their base", () => {
    const source = 'const a = t("sidebar.title"); const b = i18n.t("sidebar.count", { count }); const c = <Trans i18nKey="folder" />; t("sidebar.gone");';
    const keys = keysUsed("x.tsx", source).map(({ key }) => key);
    expect(keys).toEqual(["sidebar.title", "sidebar.count", "folder", "sidebar.gone"]);
    expect(keys.filter((key) => !englishHas(english, key))).toEqual(["sidebar.gone"]);
  });
});

describe.each([
  { part: "the window", folder: "src/renderer/src/i18n/locales", sources: "src/renderer/src" },
  ...catalogueFolders("src/main").map((folder) => ({ part: "the main process", folder, sources: "src/main" })),
])("the catalogues of $part ($folder)", ({ folder, sources }) => {
  const en = readJson(join(root, folder, "en.json"));

  it("are one file per language, the twelve and no others", () => {
    const files = readdirSync(join(root, folder)).filter((name) => name.endsWith(".json"));
    expect(files.map((name) => name.replace(/\.json$/, "")).sort()).toEqual([...CODES].sort());
  });

  it.each(CODES.filter((code) => code !== "en"))("%s has exactly the English keys, its plural forms, the English marks, no empty text", (code) => {
    const path = join(root, folder, `${code}.json`);
    expect(existsSync(path), path).toBe(true);
    expect(catalogueProblems(code, en, readJson(path))).toEqual([]);
  });

  it("English itself has its plural forms and no empty text", () => {
    expect(catalogueProblems("en", en, en)).toEqual([]);
  });

  it("has every key the source asks for in English", () => {
    const unknown = sourcesUnder(sources).flatMap((file) =>
      keysUsed(file, readFileSync(join(root, file), "utf8"))
        .filter(({ key }) => !englishHas(en, key))
        .map(({ key, line }) => `${file}:${line} ${key}`),
    );
    expect(unknown).toEqual([]);
  });
});
