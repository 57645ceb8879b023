/**
 * Why an MCP Bundle (`.mcpb`) was refused, one class per cause. Each message says what is
 * wrong with the file and what the person can do; nothing of a refused bundle is kept.
 */
import { ServiceError } from "../../service-errors";

/** Not a zip file at all, or one this reader cannot open (encrypted, ZIP64, an unknown compression). */
export class BundleNotReadableError extends ServiceError {
  constructor(problem: string) {
    super(`This file cannot be opened as an MCP Bundle: ${problem} Download the bundle again, or ask its author for a new one.`);
  }
}

/** manifest.json is missing, not JSON, or not what the MCPB format allows. */
export class BundleManifestError extends ServiceError {
  constructor(readonly problems: string[]) {
    super(`This MCP Bundle's manifest.json is not valid: ${problems.join("; ")}. The bundle was not installed; ask its author for a corrected one.`);
  }
}

/** An entry whose path would land outside the bundle's folder (`../`, an absolute path, a drive letter). */
export class BundlePathOutsideError extends ServiceError {
  constructor(readonly entry: string) {
    super(`This MCP Bundle holds a file whose path leads outside its own folder (${JSON.stringify(entry)}), which a bundle never needs. It was not installed: do not use this file.`);
  }
}

/** A symbolic link in the zip: it could point anywhere on this computer. */
export class BundleLinkError extends ServiceError {
  constructor(readonly entry: string) {
    super(`This MCP Bundle holds a symbolic link (${JSON.stringify(entry)}), which could point anywhere on this computer. It was not installed; ask its author for a bundle without links.`);
  }
}

/** An entry, or the whole, larger than any bundle needs, or compressed so much that it is a zip bomb. */
export class BundleTooLargeError extends ServiceError {
  constructor(problem: string) {
    super(`This MCP Bundle is too large to install: ${problem} It was not installed.`);
  }
}

/** The bundle does not run here: another system, a newer app, or a runtime that is missing. */
export class BundleIncompatibleError extends ServiceError {
  constructor(
    readonly requirement: "platform" | "app" | "node" | "python" | "uv",
    message: string,
  ) {
    super(message);
  }
}

/** No bundle of that id is installed, or the reviewed file is no longer held. */
export class BundleNotFoundError extends ServiceError {
  constructor(what: string) {
    super(`${what} Open the bundle file again to install it.`);
  }
}

/** A value of the bundle's settings (`user_config`) is missing or of the wrong kind. */
export class BundleSettingsError extends ServiceError {
  constructor(readonly key: string, problem: string) {
    super(`The setting "${key}" of this MCP Bundle ${problem}`);
  }
}
