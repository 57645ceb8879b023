/**
 * A child that attaches a new file and sends it in a new conversation, again and again,
 * through the real service, until it is killed. Environment: DATA_FOLDER, MODEL_URL.
 * Prints "SENT <n>" after each run ended.
 */
import { AlpineService } from "../../../src/main/service/alpine-service";
import { MemorySecretKeeper } from "../../../src/main/service/settings/secret-keeper";

const service = new AlpineService({
  dataFolder: process.env.DATA_FOLDER!,
  secrets: new MemorySecretKeeper("sk-ant-test"),
  model: { baseURL: process.env.MODEL_URL!, maxRetries: 0 },
});
await service.recovered;
for (let n = 0; ; n++) {
  const ended = new Promise<void>((resolve) => {
    const off = service.events.on((event) => {
      if (event.type === "step" && event.event.type === "run_end") {
        off();
        resolve();
      }
    });
  });
  const bytes = new TextEncoder().encode(`note ${n} of process ${process.pid}\n`.repeat(50));
  const ref = await service.attachments.add(bytes, `note-${n}.txt`);
  await service.runs.start(`Read note ${n}`, [{ id: ref.id, name: ref.name }]);
  await ended;
  process.stdout.write(`SENT ${n}\n`);
}
