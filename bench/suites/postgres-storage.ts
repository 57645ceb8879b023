/**
 * Bytes PostgresStore keeps after N turns of one conversation (a ~400-character message and
 * a ~400-character reply each, through the real Agent against the scripted model), as the
 * server leaves them (pg_total_relation_size of every table of the schema, autovacuum at its
 * defaults, no VACUUM asked for), per table and index, against the raw text; and the same
 * turns through LangGraph's PostgreSQL checkpointer on the same server.
 */
import Anthropic from "@anthropic-ai/sdk";
import type pg from "pg";
import { State } from "../../src/main/agent/state/state";
import { startModelServer } from "../../test/support/model-server";
import type { BenchConfig } from "../config";
import { benchAgent } from "../lib/bench-agent";
import { type SchemaBytes, schemaBytes } from "../lib/postgres-breakdown";
import type { Report, Section } from "../lib/report";
import { TextSource } from "../lib/text";
import { langGraphThread } from "../subjects/langgraph-checkpointer";
import { type BenchServer, benchServer } from "../subjects/postgres-server";

/** The scripted model, answering each request with the next reply of the source set for it. */
interface ModelServer {
  url: string;
  replyWith(next: () => string): void;
  reset(): void;
  close(): Promise<void>;
}

async function modelServer(): Promise<ModelServer> {
  let next = () => "";
  const server = await startModelServer({ fallback: () => ({ text: next(), chunks: 3 }) });
  return {
    url: server.url,
    replyWith: (source) => {
      next = source;
    },
    reset: () => server.reset(),
    close: () => server.close(),
  };
}

interface Measured {
  raw: number;
  bytes: SchemaBytes;
}

/** The same message and reply texts for both subjects, turn after turn. */
function texts(chars: number) {
  const messages = new TextSource(22);
  const replies = new TextSource(21);
  return { message: () => messages.text(chars), reply: () => replies.text(chars) };
}

async function alpineTurns(server: BenchServer, model: ModelServer, admin: pg.Client, turns: number, chars: number): Promise<Measured> {
  const opened = await server.freshStore();
  try {
    const source = texts(chars);
    model.replyWith(source.reply);
    const agent = benchAgent(opened.store, new Anthropic({ apiKey: "bench", baseURL: model.url, maxRetries: 0 }));
    const state = new State(source.message());
    for (let turn = 0; turn < turns; turn++) {
      if (turn > 0) state.addUserMessage(source.message());
      model.reset();
      await agent.run(state);
    }
    const raw = state.history.reduce((sum, record) => sum + Buffer.byteLength(record.text), 0);
    return { raw, bytes: await schemaBytes(admin, opened.schema) };
  } finally {
    await opened.done();
  }
}

async function langGraphTurns(server: BenchServer, admin: pg.Client, turns: number, chars: number): Promise<Measured> {
  const schema = `bench_langgraph_${process.pid}_${turns}`;
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const thread = await langGraphThread(server.url, schema);
  try {
    const source = texts(chars);
    let raw = 0;
    for (let turn = 0; turn < turns; turn++) {
      const message = source.message();
      const reply = source.reply();
      raw += Buffer.byteLength(message) + Buffer.byteLength(reply);
      await thread.turn(message, reply);
    }
    return { raw, bytes: await schemaBytes(admin, schema) };
  } finally {
    await thread.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

function addBreakdown(section: Section, turns: number, measured: Measured): void {
  for (const part of measured.bytes.parts) {
    section.rows.push([turns, part.part, part.bytes, part.bytes / measured.raw]);
  }
}

export async function runPostgresStorage(report: Report, config: BenchConfig): Promise<void> {
  const sizes = config.postgresStorageTurns;
  const totals = report.section("PostgreSQL bytes after N turns of one conversation", ["turns", "raw text bytes", "PostgresStore bytes", "PostgresStore / raw", "LangGraph bytes", "LangGraph / raw", "LangGraph / PostgresStore"]);
  const parts = report.section("Where PostgresStore's bytes go", ["turns", "table or index", "bytes", "x raw text"]);
  const theirs = report.section("Where LangGraph's checkpointer's bytes go", ["turns", "table or index", "bytes", "x raw text"]);
  const server = await benchServer();
  const model = await modelServer();
  const admin = await server.admin();
  try {
    for (const turns of sizes) {
      const ours = await alpineTurns(server, model, admin, turns, config.entryChars);
      const lang = await langGraphTurns(server, admin, turns, config.entryChars);
      const ratio = ours.bytes.total / ours.raw;
      const langRatio = lang.bytes.total / lang.raw;
      report.set(`storage.postgres.${turns}.rawBytes`, ours.raw);
      report.set(`storage.postgres.${turns}.storedBytes`, ours.bytes.total);
      report.set(`storage.postgres.${turns}.ratio`, ratio);
      report.set(`storage.langgraph.${turns}.storedBytes`, lang.bytes.total);
      report.set(`storage.langgraph.${turns}.ratio`, langRatio);
      report.set(`storage.postgres.${turns}.langGraphOverOurs`, lang.bytes.total / ours.bytes.total);
      report.set(`storage.postgres.${turns}.oursOverLangGraph`, ours.bytes.total / lang.bytes.total);
      for (const part of ours.bytes.parts) report.set(`storage.postgres.${turns}.parts.${part.part.replace(/[^A-Za-z0-9]+/g, "_")}Bytes`, part.bytes);
      totals.rows.push([turns, ours.raw, ours.bytes.total, ratio, lang.bytes.total, langRatio, lang.bytes.total / ours.bytes.total]);
      addBreakdown(parts, turns, ours);
      addBreakdown(theirs, turns, lang);
    }
  } finally {
    await admin.end();
    await model.close();
    await server.stop();
  }
  totals.notes.push("bytes: pg_total_relation_size summed over every table of the store's schema (heap, TOAST, indexes) and its sequences, as the server leaves them: autovacuum at its defaults, no VACUUM asked for.");
  totals.notes.push("LangGraph: @langchain/langgraph's PostgreSQL checkpointer under a one-node chat graph (MessagesAnnotation), one invoke per turn, same server, same texts.");
}
