/**
 * The fields of an imported snapshot, checked against the schema instead of passed through:
 * a field of the wrong type, a field this version does not know, or an impossible value is
 * refused with its path (`branches[0].snapshot.pendingAsk.callId should be text`). What
 * passes is data: its question and answer are made undecided (withoutDecisions) before it
 * is written, so nothing in a file answers for the person.
 */
import { z } from "zod";
import { MIN_THINKING_BUDGET, SNAPSHOT_VERSION, STATE_ID_PATTERN } from "../../agent";
import { RecordShapeError } from "./transfer-errors";

const stateId = z.string().regex(STATE_ID_PATTERN, "should be 1 to 128 letters, digits, _ or -");
const text = z.string();
const when = z.string().refine((value) => Number.isFinite(Date.parse(value)), "should be a date and time (ISO 8601)");
const count = z.number().int().min(0);

const ask = z
  .object({ callId: text.min(1), question: text, choices: z.array(text).optional(), tool: text.min(1).optional(), digest: text.optional(), seal: text.optional() })
  .strict();

export const importedSnapshotSchema = z
  .object({
    version: z.number().int().min(1).max(SNAPSHOT_VERSION),
    id: stateId,
    conversationId: stateId.optional(),
    parent: z.object({ id: stateId, seq: z.number().int().min(-1) }).strict().nullable().optional(),
    retained: z.boolean().optional(),
    task: text,
    title: text,
    data: z.unknown(),
    stoppedBy: z.enum(["end_turn", "finish", "ask", "max_steps", "error", "aborted"]).nullable(),
    answer: z.unknown(),
    pendingAsk: ask.nullable(),
    answeredAsk: ask.extend({ tool: text.min(1), answer: text }).strict().nullable().optional(),
    thinking: z.object({ budgetTokens: z.number().int().min(MIN_THINKING_BUDGET) }).strict().nullable().optional(),
    createdAt: when,
    updatedAt: when,
    entryCount: z.number().int().min(1),
    excluded: z.array(z.tuple([count, count])).optional(),
    agent: z.object({ model: text, system: text, tools: text }).strict().nullable().optional(),
    createToken: text.optional(),
  })
  .strict();

export type ImportedSnapshot = z.infer<typeof importedSnapshotSchema>;

const block = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text }).passthrough(),
  z.object({ type: z.literal("tool_use"), id: text.min(1), name: text.min(1), input: z.unknown() }).passthrough(),
  z.object({ type: z.literal("thinking"), thinking: text }).passthrough(),
  z.object({ type: z.literal("redacted_thinking"), data: text }).passthrough(),
]);

/** The known fields of each kind of entry; other fields are kept as data. */
const entryFields = {
  user: z.object({ answersCallId: text.optional(), answersTool: text.optional(), attachments: z.array(z.object({ id: text, name: text }).passthrough()).optional() }).passthrough(),
  assistant: z.object({ content: z.array(block) }).passthrough(),
  tool_result: z.object({ callId: text, name: text, status: z.enum(["done", "error", "aborted", "unknown"]) }).passthrough(),
  compaction: z.object({ through: z.number().int().min(0) }).passthrough(),
  notice: z.object({}).passthrough(),
  error: z.object({}).passthrough(),
} as const;

/** Checks a parsed value against a schema; the first failure names the field under `path`. */
export function checkFields<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.reduce<string>((at, key) => (typeof key === "number" ? `${at}[${key}]` : `${at}.${String(key)}`), path);
  const unknownKeys = issue.code === "unrecognized_keys" ? ` (${issue.keys.map((k) => JSON.stringify(k)).join(", ")} is not a field this Alpine knows)` : "";
  throw new RecordShapeError(`${where} ${issue.code === "unrecognized_keys" ? "has unknown fields" : `is wrong: ${issue.message}`}${unknownKeys}`);
}

export function checkEntryFields(kind: string, entry: unknown, path: string): void {
  const schema = entryFields[kind as keyof typeof entryFields];
  if (schema) checkFields(schema, entry, path);
}
