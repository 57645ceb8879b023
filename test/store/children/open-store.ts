/** Opens the store a child process was told to open: `<factory module> <location>`. */
import { pathToFileURL } from "node:url";
import type { Store } from "../../../src/main/agent/stores/store";

export async function openStoreFromArgs(): Promise<{ store: Store; stateId: string }> {
  const [factory, location, stateId] = process.argv.slice(2);
  if (!factory || !location || !stateId) throw new Error("usage: <factory module> <location> <state id>");
  const { makeStore } = (await import(pathToFileURL(factory).href)) as { makeStore: (location: string) => Store | Promise<Store> };
  return { store: await makeStore(location), stateId };
}
