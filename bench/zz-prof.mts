import Anthropic from "@anthropic-ai/sdk";
import { startModelServer } from "../test/support/model-server";
import { benchAgent } from "./lib/bench-agent";
import { MemoryStore } from "./subjects/memory-store";
import { State } from "../src/main/agent/state";
import { TextSource } from "./lib/text";
const mode = process.argv[2];
const src = new TextSource(5);
const server = await startModelServer({ fallback: () => ({ text: src.text(400), chunks: 3 }) });
const client = new Anthropic({ apiKey: "b", baseURL: server.url, maxRetries: 0 });
const agent = benchAgent(new MemoryStore(), client);
const states: State[] = [];
for (let i = 0; i < 400; i++) states.push(new State(src.text(400)));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const body = { model: "claude-sonnet-4-6", max_tokens: 8192, system: "x", messages: [{ role: "user", content: src.text(400) }] };
for (let i = 0; i < 400; i++) {
  server.reset();
  if (mode === "agent") await agent.run(states[i]);
  else await client.messages.stream(body as any).finalMessage();
}
const c0 = cpu(); const t0 = performance.now();
for (let i = 0; i < 400; i++) {
  server.reset();
  if (mode === "agent") { states[i].addUserMessage("more " + i); await agent.run(states[i]); }
  else await client.messages.stream(body as any).finalMessage();
}
console.log(mode, "cpu/run", ((cpu() - c0) / 400).toFixed(3), "wall/run", ((performance.now() - t0) / 400).toFixed(3));
await server.close();
