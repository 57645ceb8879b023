/** FileStore: a folder per State (an append-only history, a snapshot replaced atomically) and a list index. */
export { FileStore } from "./file-store";
