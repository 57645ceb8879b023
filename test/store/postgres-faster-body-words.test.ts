/**
 * PostgresStore's schema version 8: body_words, which the index over entries evaluates at every
 * save, lowers A-Z with lower() in the "C" collation instead of translate(). It must find exactly
 * the words the body of migration 6 found, for every text, or the index built by the old body
 * would no longer agree with the rows: both bodies are compared on thousands of random bodies
 * holding the characters whose lowering differs between collations. This store cuts an ASCII
 * text's words without Unicode's tables: the same words, and the server derives them too.
 */
import { describe, expect, it } from "vitest";
import type { EntryRecord } from "../../src/main/agent/state/history";
import { BODY_WORDS_FUNCTION, bodyWordsFunction, fasterBodyWordsFunction, storedWords } from "../../src/main/agent/stores/postgres/body-words";
import { packedBody } from "../../src/main/agent/stores/postgres/entry-body";
import { indexedWords } from "../../src/main/agent/stores/postgres/search-words";
import { WORD, foldForSearch } from "../../src/main/agent/stores/search/search-words";
import { POSTGRES_MIGRATIONS } from "../../src/main/agent/stores/postgres/migrations";
import { usePostgresSchemas } from "./postgres-support";
import { assistantEntry, isoAt, makeSnapshot, userEntry } from "./records";

const pg = usePostgresSchemas();

/** Characters that lowering treats differently by collation or by script, among plain ones. */
const ALPHABET = [
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  ..."      .,;:!?'\"-_/\\()[]{}<>@#%&*+=|~`^$",
  "\u212A", // KELVIN SIGN: lowered to an ASCII k by Unicode's rules
  "\u0130", // LATIN CAPITAL LETTER I WITH DOT ABOVE: i and a combining dot
  "\u0131", // dotless i
  "\u017F", // long s
  "ß", "É", "é", "Ö", "Ω", "Σ", "ς", "Ж", "東", "京", "ｱ", "\uFF21", "\uFF41", "\u00C5", "\u212B", "ﬀ", "\u0301", "😀", "\u00A0", "\t", "\n",
];

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomText(random: () => number): string {
  let text = "";
  const length = Math.floor(random() * 120);
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text;
}

/** A body as the server reads it: a user's text, an assistant turn's text blocks, both, or no JSON at all. */
function randomBody(random: () => number): string {
  const kind = random();
  if (kind < 0.4) return JSON.stringify({ kind: "user", text: randomText(random) });
  if (kind < 0.8) {
    const content = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
      random() < 0.8 ? { type: "text", text: randomText(random) } : { type: "tool_use", id: "c", name: "n", input: { q: randomText(random) } },
    );
    return JSON.stringify({ kind: "assistant", content });
  }
  if (kind < 0.95) return JSON.stringify({ kind: "assistant", text: randomText(random), content: [{ type: "text", text: randomText(random) }] });
  return `{not json ${randomText(random)}`;
}

describe("PostgresStore body_words (schema version 8)", () => {
  it("finds exactly the words of migration 6's body in every text, whatever the letters' collation would do", async () => {
    const schema = pg.freshSchema();
    const old = pg.freshSchema();
    await (await pg.open(schema)).open();
    const admin = await pg.admin();
    await admin.query(`CREATE SCHEMA "${old}"`);
    await admin.query(bodyWordsFunction(`"${old}"`));
    const source = await admin.query(`SELECT prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname = $2`, [schema, BODY_WORDS_FUNCTION]);
    expect(source.rows[0].prosrc).toContain('COLLATE "C"');

    const random = seeded(20261208);
    const bodies = Array.from({ length: 4_000 }, () => randomBody(random));
    bodies.push(JSON.stringify({ text: "\u212Aelvin \u0130stanbul STRASSE stra\u00DFe \uFF21BC" }));
    const compared = await admin.query(
      `SELECT b, tsvector_to_array("${schema}".${BODY_WORDS_FUNCTION}(b)) AS now, tsvector_to_array("${old}".${BODY_WORDS_FUNCTION}(b)) AS before
       FROM unnest($1::text[]) AS b`,
      [bodies],
    );
    const differing = compared.rows.filter((row) => JSON.stringify(row.now) !== JSON.stringify(row.before));
    expect(differing).toEqual([]);
    const withWords = compared.rows.filter((row) => row.now.length > 0).length;
    expect(withWords).toBeGreaterThan(3_000);
    const last = compared.rows[compared.rows.length - 1];
    expect(last.now).toEqual(["bc", "e", "elvin", "stanbul", "stra", "strasse"]);
    await admin.query(`DROP SCHEMA "${old}" CASCADE`);
  });

  it("migrates a version 7 schema in place: the index built by the old body still finds every entry, and new ones are found", async () => {
    const schema = pg.freshSchema();
    const store = await pg.open(schema);
    const history = [userEntry(0, "Plan a TRIP to Lisbon"), assistantEntry(1, "Day one: the Alfama, then Sintra")];
    await store.write("trip", history, makeSnapshot("trip", { entryCount: 2, updatedAt: isoAt(1) }), { create: true });
    await store.close();

    // Back to version 7 as it was: the old body, the index rebuilt with it.
    const admin = await pg.admin();
    const s = `"${schema}"`;
    await admin.query(bodyWordsFunction(s).replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"));
    await admin.query(`REINDEX INDEX ${s}.entries_words`);
    await admin.query(`DELETE FROM ${s}.schema_version WHERE version = 8`);

    const reopened = await pg.open(schema);
    expect(await reopened.open()).toEqual({ from: 7, to: POSTGRES_MIGRATIONS.length });
    const source = await admin.query(`SELECT prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname = $2`, [schema, BODY_WORDS_FUNCTION]);
    expect(source.rows[0].prosrc).toBe(fasterBodyWordsFunction(s).split("AS $$")[1].split("$$;")[0]);
    const hits = async (query: string) => (await reopened.search(query)).map((hit) => hit.hitSeq);
    expect(await hits("trip lisb")).toEqual([0]);
    expect(await hits("alfama sintra")).toEqual([1]);

    await reopened.write("trip", [userEntry(2, "And BELEM after that")], makeSnapshot("trip", { entryCount: 3, updatedAt: isoAt(2) }), { create: false });
    expect(await hits("belem")).toEqual([2]);
    // The index as the save left it equals the index rebuilt from scratch by the new body.
    const before = await admin.query(`SELECT seq FROM ${s}.entries WHERE coalesce(words, ${s}.body_words(packed_body)) @@ to_tsquery('simple', 'sintra:* | belem:*') ORDER BY seq`);
    await admin.query(`REINDEX INDEX ${s}.entries_words`);
    const after = await admin.query(`SELECT seq FROM ${s}.entries WHERE coalesce(words, ${s}.body_words(packed_body)) @@ to_tsquery('simple', 'sintra:* | belem:*') ORDER BY seq`);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.map((row) => row.seq)).toEqual([1, 2]);
  });

  it("cuts an ASCII text without Unicode's tables into the same words, and leaves out of the row only words the server derives", async () => {
    const schema = pg.freshSchema();
    await (await pg.open(schema)).open();
    const admin = await pg.admin();
    const random = seeded(7);
    const ascii = ALPHABET.filter((c) => c.charCodeAt(0) < 0x80);
    const texts = Array.from({ length: 3_000 }, (_, i) => {
      let text = "";
      const length = Math.floor(random() * 300);
      for (let k = 0; k < length; k++) text += ascii[Math.floor(random() * ascii.length)];
      // Some with a run of letters longer than a word this store indexes, at or past its length.
      if (i % 50 === 0) text += ` ${"Ab1".repeat(33)}${i % 100 === 0 ? "cd" : ""} `;
      return text;
    });
    const reference = (text: string) => {
      const words = new Set<string>();
      for (const word of foldForSearch(text.normalize("NFKC")).match(WORD) ?? []) if (word.length <= 100) words.add(word);
      return words.size === 0 ? null : [...words].join(" ");
    };
    for (const text of texts) expect(indexedWords(text), text).toBe(reference(text));

    const entries = texts.map((text, seq) => (seq % 2 === 0 ? userEntry(seq, text) : assistantEntry(seq, text)) as EntryRecord);
    const bodies = entries.map((entry) => packedBody(entry));
    const derived = await admin.query(`SELECT tsvector_to_array("${schema}".${BODY_WORDS_FUNCTION}(b)) AS words FROM unnest($1::text[]) WITH ORDINALITY AS t(b, n) ORDER BY n`, [bodies]);
    let leftOut = 0;
    entries.forEach((entry, i) => {
      const stored = storedWords(entry, bodies[i]);
      const ours = (indexedWords(entry.text as string) ?? "").split(" ").filter(Boolean).sort();
      const server = [...(derived.rows[i].words as string[])].sort();
      if (stored === null) {
        leftOut++;
        expect(server, entry.text as string).toEqual(ours);
      } else {
        // Kept in the row (always right): an overlong word, or a body the server's parser might read otherwise.
        expect(stored).toBe(indexedWords(entry.text as string) ?? "");
      }
    });
    expect(leftOut).toBeGreaterThan(2_800);
  });
});
