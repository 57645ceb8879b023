import { describe, expect, it } from "vitest";
import en from "../../src/renderer/src/i18n/locales/en.json";
import { pseudoCatalogue, pseudoText } from "../../src/renderer/src/i18n/pseudo-locale";
import { flatten, type Catalogue } from "../i18n/support/catalogue-checks";

const visible = (text: string) => Array.from(text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, "")).length;

describe("the pseudo-locale", () => {
  it("accents every letter and keeps variables, tags and nested keys as they are", () => {
    const text = pseudoText("Working folder <code>{{folder}}</code>: $t(app.name) reads it.");
    expect(text).toMatch(/^⟦Ẇǿřķīƞɠ ƒǿŀḓḗř <code>\{\{folder\}\}<\/code>: \$t\(app\.name\) řḗȧḓş īŧ\. /);
    expect(text).toMatch(/⟧$/);
    expect(text.replace(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/g, "")).not.toMatch(/[A-Za-z]/);
  });

  it("makes each text at least 40% longer, short ones too", () => {
    for (const english of ["OK", "Save", "Settings", "Every step is saved as it happens, so a conversation survives quitting."]) {
      expect(visible(pseudoText(english)), english).toBeGreaterThanOrEqual(Math.ceil(visible(english) * 1.4));
    }
  });

  it("leaves a text without letters or spaces alone", () => {
    expect(pseudoText("")).toBe("");
    expect(pseudoText("{{count}}")).toBe("{{count}}");
  });

  it("turns the whole English catalogue, key for key", () => {
    const pseudo = flatten(pseudoCatalogue(en) as Catalogue);
    const english = flatten(en as Catalogue);
    expect([...pseudo.keys()]).toEqual([...english.keys()]);
    for (const [key, text] of english) expect(pseudo.get(key), key).toBe(pseudoText(text));
  });
});
