/**
 * The PostgreSQL server's settings: the connection string as the person typed it, split into
 * the part kept in the storage file (no password) and the password (kept encrypted apart),
 * and put back together with the TLS choice for the store.
 */
import fs from "node:fs";
import path from "node:path";
import type { StorageTls } from "../../../shared/storage-types";
import { InvalidStorageSettingError } from "./storage-errors";

export interface ServerSettings {
  url: string;
  tls: StorageTls;
  caFile: string | null;
}

/** The parameters Alpine sets from the TLS choice: the same ones in the typed string are replaced. */
const TLS_PARAMS = ["sslmode", "sslrootcert", "sslcert", "sslkey", "uselibpqcompat", "ssl"];

/** Check a typed connection string and take its password out (null when it has none). */
export function splitPassword(input: string): { url: string; password: string | null } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new InvalidStorageSettingError(`"${redact(input)}" is not a connection string. Write it as postgres://user@host:5432/database.`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new InvalidStorageSettingError(`A PostgreSQL connection string starts with postgres://, not ${url.protocol}//.`);
  }
  if (!url.hostname) throw new InvalidStorageSettingError("The connection string names no server: write postgres://user@host:5432/database.");
  const password = url.password === "" ? null : decodeURIComponent(url.password);
  url.password = "";
  for (const name of TLS_PARAMS) url.searchParams.delete(name);
  return { url: url.toString(), password };
}

/** The CA file must exist and be readable, given by its absolute path. */
export function checkCaFile(caFile: string | null | undefined): string | null {
  if (!caFile) return null;
  if (!path.isAbsolute(caFile)) throw new InvalidStorageSettingError(`The certificate authority file must be given by its full path, not "${caFile}".`);
  try {
    fs.accessSync(caFile, fs.constants.R_OK);
  } catch {
    throw new InvalidStorageSettingError(`The certificate authority file ${caFile} cannot be read. Check the path.`);
  }
  return caFile;
}

/** The full connection string for the store: the password and the TLS parameters put in. */
export function connectionString(settings: ServerSettings, password: string | null): string {
  const url = new URL(settings.url);
  if (password) url.password = encodeURIComponent(password);
  if (settings.tls === "disable") url.searchParams.set("sslmode", "disable");
  else {
    // libpq's meanings: "require" encrypts without checking the certificate, "verify-full" checks it and the host name.
    url.searchParams.set("uselibpqcompat", "true");
    url.searchParams.set("sslmode", settings.tls);
    if (settings.caFile) url.searchParams.set("sslrootcert", settings.caFile);
  }
  return url.toString();
}

/** A connection string with any password hidden, for messages. */
export function redact(input: string): string {
  return input.replace(/(:\/\/[^:/@]*:)[^@]*@/, "$1•••@").slice(0, 300);
}
