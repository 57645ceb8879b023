/**
 * The scripted model servers of the per-step benchmarks, in a process of their own (started by
 * scripted-servers-process.ts): a real model server is never inside the library's process, so
 * its work (reading and checking a request of 10,000 entries, its garbage) must not land in the
 * time the benchmark calls the library's own. Both answer every request at once with a short
 * reply in three pieces; the parent asks over the IPC channel for what a run needs to check.
 */
import { startModelServer } from "../../test/support/model-server";
import { startOpenAIServer } from "../../test/support/openai-server";
import type { ReplyFunction } from "../../test/support/model-server-types";
import type { ServersRequest, ServersAnswer } from "./scripted-servers-protocol";
import { TextSource } from "./text";

function instantReply(chars: number): ReplyFunction {
  const source = new TextSource(99);
  return () => ({ text: source.text(chars), chunks: 3 });
}

const chars = Number(process.argv[2] ?? 400);
const anthropic = await startModelServer({ fallback: instantReply(chars) });
const openai = await startOpenAIServer();
openai.setFallback(instantReply(chars));

process.on("message", (message: ServersRequest) => {
  const answer: ServersAnswer = { id: message.id };
  const requests = message.server === "anthropic" ? anthropic.requests : openai.requests;
  if (message.type === "take") {
    // The requests since the last take, forgotten here so the child's memory does not grow.
    answer.count = requests.length;
    const last = requests[requests.length - 1];
    if (last) answer.lastBytes = Number(last.headers["content-length"] ?? Buffer.byteLength(JSON.stringify(last.body)));
    if (message.withLastBody && last) answer.lastBody = last.body;
    requests.length = 0;
  }
  process.send!(answer);
});

process.on("disconnect", () => void Promise.all([anthropic.close(), openai.close()]).then(() => process.exit(0)));
process.send!({ id: 0, urls: { anthropic: anthropic.url, openai: openai.url } } satisfies ServersAnswer);
