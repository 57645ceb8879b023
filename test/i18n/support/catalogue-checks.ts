/**
 * What makes a set of catalogues whole: every language has the English keys and no others, each
 * plural key has exactly the forms its language's plural rules name, each translation keeps the
 * English's {{variables}} and <tags>, and no translation is empty. Problems come back as readable lines.
 */
import ts from "typescript";

export type Catalogue = { [key: string]: string | Catalogue };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A nested catalogue as flat `a.b.c` keys. */
export function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

/** Keys without their plural forms: `sidebar.count_one`, `sidebar.count_other` → `sidebar.count` with its forms. */
export function pluralGroups(keys: Iterable<string>): { plain: Set<string>; plural: Map<string, Set<string>> } {
  const plain = new Set<string>();
  const plural = new Map<string, Set<string>>();
  for (const key of keys) {
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    if (form === undefined) plain.add(key);
    else {
      const base = key.slice(0, -form.length - 1);
      plural.set(base, (plural.get(base) ?? new Set()).add(form));
    }
  }
  return { plain, plural };
}

/** The forms a language's plurals need, from the runtime's own rules (i18next asks the same `Intl.PluralRules`). */
export function pluralForms(code: string): string[] {
  return [...new Intl.PluralRules(code).resolvedOptions().pluralCategories].sort();
}

export const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
export const tags = (text: string) => [...text.matchAll(/<\/?\s*([\w-]+)\s*\/?>/g)].map((m) => m[0]!.replace(/\s+/g, "")).sort();

const same = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const sorted = (items: Iterable<string>) => [...items].sort();

/** Every way a language's catalogue differs from the English one. */
export function catalogueProblems(code: string, english: Catalogue, translated: Catalogue): string[] {
  const problems: string[] = [];
  const en = flatten(english);
  const other = flatten(translated);
  const enGroups = pluralGroups(en.keys());
  const groups = pluralGroups(other.keys());
  for (const key of enGroups.plain) if (!groups.plain.has(key)) problems.push(`${code}: missing ${key}`);
  for (const key of groups.plain) if (!enGroups.plain.has(key)) problems.push(`${code}: extra ${key}`);
  const needed = pluralForms(code);
  for (const [base, forms] of groups.plural) {
    if (!enGroups.plural.has(base)) problems.push(`${code}: extra plural ${base}`);
    else if (!same(sorted(forms), needed)) problems.push(`${code}: ${base} has the forms ${sorted(forms).join(",")}, the language needs ${needed.join(",")}`);
  }
  for (const base of enGroups.plural.keys()) if (!groups.plural.has(base)) problems.push(`${code}: missing plural ${base}`);

  for (const [key, text] of other) {
    if (text.trim() === "") problems.push(`${code}: ${key} is empty`);
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    const reference = form === undefined ? en.get(key) : englishPluralReference(en, key.slice(0, -form.length - 1), form);
    if (reference === undefined) continue;
    if (!keepsMarks(variables, reference, text, form)) problems.push(`${code}: ${key} has the variables ${variables(text).join(",") || "none"}, the English ${variables([reference].flat().join(" ")).join(",") || "none"}`);
    if (!keepsMarks(tags, reference, text, form)) problems.push(`${code}: ${key} has the tags ${tags(text).join("") || "none"}, the English ${tags([reference].flat().join(" ")).join("") || "none"}`);
  }
  return problems;
}

/** The English forms a translated plural form answers to: `_other` for `_other`, all of them for any other form. */
function englishPluralReference(en: Map<string, string>, base: string, form: string): string[] | undefined {
  const forms = ["zero", "one", "two", "few", "many", "other"].map((f) => en.get(`${base}_${f}`)).filter((text): text is string => text !== undefined);
  if (forms.length === 0) return undefined;
  return form === "other" ? [en.get(`${base}_other`) ?? forms.at(-1)!] : forms;
}

/**
 * A plain key keeps exactly the English marks; a plural `_other` keeps the English `_other`'s; another form
 * (one, two, few…) may leave `{{count}}` out ("One conversation") but brings no mark the English lacks.
 */
function keepsMarks(marks: (text: string) => string[], reference: string | string[], text: string, form: string | undefined): boolean {
  const have = marks(text);
  if (typeof reference === "string") return same(have, marks(reference));
  if (form === "other") return same(have, marks(reference[0]!));
  const allowed = new Set(reference.flatMap(marks));
  return have.every((mark) => allowed.has(mark));
}

/** The catalogue keys a source file names: `t("a.b")`, `i18n.t("a.b")`, `<Trans i18nKey="a.b">`. */
export function keysUsed(file: string, text: string): { key: string; line: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { key: string; line: number }[] = [];
  const add = (node: ts.Node, key: string) => out.push({ key, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      const first = node.arguments[0];
      if (name === "t" && first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) add(first, first.text);
    }
    if (ts.isJsxAttribute(node) && node.name.getText(source) === "i18nKey" && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) add(value, value.text);
      else if (ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)) add(value.expression, value.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Whether English has a key as used: itself, or (called with a count) its plural forms. */
export function englishHas(english: Catalogue, key: string): boolean {
  const keys = flatten(english);
  return keys.has(key) || keys.has(`${key}_other`);
}
