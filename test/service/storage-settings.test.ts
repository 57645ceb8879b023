/** The storage choice's file and the server's connection string: the password kept apart, TLS put in, a newer file left alone. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connectionString, splitPassword } from "../../src/main/service/storage/server-settings";
import { StorageFile } from "../../src/main/service/storage/storage-file";
import { makeTempDir, removeDir } from "./helpers";

let folder = "";
afterEach(() => folder && removeDir(folder));

describe("server settings", () => {
  it("takes the password out of a typed connection string and puts it back with the TLS choice", () => {
    const { url, password } = splitPassword("postgresql://ada:p%40ss%20word@db.example:6543/alpine?sslmode=disable&application_name=x");
    expect(password).toBe("p@ss word");
    expect(url).not.toContain("p%40ss");
    expect(url).not.toContain("sslmode");
    const full = new URL(connectionString({ url, tls: "verify-full", caFile: "/etc/ssl/ca.pem" }, password));
    expect(decodeURIComponent(full.password)).toBe("p@ss word");
    expect(full.searchParams.get("sslmode")).toBe("verify-full");
    expect(full.searchParams.get("sslrootcert")).toBe("/etc/ssl/ca.pem");
    expect(full.searchParams.get("application_name")).toBe("x");
    expect(new URL(connectionString({ url, tls: "require", caFile: null }, null)).searchParams.get("uselibpqcompat")).toBe("true");
  });

  it("refuses what is not a PostgreSQL connection string, without echoing a password", () => {
    expect(() => splitPassword("mysql://a@b/c")).toThrow(/starts with postgres:\/\//);
    expect(() => splitPassword("not a url :secret@")).toThrow(/is not a connection string/);
  });
});

describe("the storage file", () => {
  it("means this computer until set, keeps the server's settings but no password, and leaves a newer file alone", () => {
    folder = makeTempDir();
    expect(new StorageFile(folder).get()).toEqual({ kind: "local", server: null });
    const file = new StorageFile(folder);
    file.set({ kind: "postgres", server: { url: "postgres://ada@db/alpine", tls: "require", caFile: null } });
    expect(new StorageFile(folder).get()).toMatchObject({ kind: "postgres", server: { url: "postgres://ada@db/alpine" } });

    const newer = JSON.stringify({ version: 9, kind: "local", server: null, extra: true });
    fs.writeFileSync(path.join(folder, "storage.json"), newer);
    const read = new StorageFile(folder);
    expect(read.get().kind).toBe("local");
    expect(() => read.set({ kind: "local", server: null })).toThrow(/newer version of Alpine/);
    expect(fs.readFileSync(path.join(folder, "storage.json"), "utf8")).toBe(newer);
  });
});
