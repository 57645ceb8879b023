/** Opens FileStore for the conformance suite and its child processes. */
import { FileStore } from "../../../src/main/agent/stores/file/file-store";

export const makeStore = (location: string) => new FileStore(location);
