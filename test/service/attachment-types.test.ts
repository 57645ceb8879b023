/**
 * Type detection from the bytes and the Messages API's limits, on the small real files of
 * test/fixtures/attachments (made by its make-fixtures.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AttachmentTooLargeError, UnsupportedAttachmentError } from "../../src/main/service/attachments/attachment-errors";
import { checkFileLimits, checkMessageLimits } from "../../src/main/service/attachments/limits";
import { sniffFile } from "../../src/main/service/attachments/sniff";
import { files as madeFiles, pdf, png } from "../fixtures/attachments/make-fixtures";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/attachments/${name}`, import.meta.url));

describe("the fixtures", () => {
  it("are exactly what the committed script makes (no borrowed media)", () => {
    expect(Object.keys(madeFiles).length).toBeGreaterThanOrEqual(10);
    for (const [name, bytes] of Object.entries(madeFiles)) expect(fixture(name).equals(bytes), name).toBe(true);
  });
});

describe("type detection from the bytes", () => {
  it.each([
    ["gradient.png", { kind: "image", mediaType: "image/png", width: 16, height: 16 }],
    ["gray.jpg", { kind: "image", mediaType: "image/jpeg", width: 8, height: 8 }],
    ["dot.gif", { kind: "image", mediaType: "image/gif", width: 1, height: 1 }],
    ["dot.webp", { kind: "image", mediaType: "image/webp", width: 1, height: 1 }],
    ["one-page.pdf", { kind: "pdf", mediaType: "application/pdf", pages: 1 }],
    ["notes.ts", { kind: "text", mediaType: "text/plain" }],
    ["text-named.png", { kind: "text", mediaType: "text/plain" }],
  ])("%s", (name, expected) => {
    expect(sniffFile(fixture(name), name)).toEqual(expected);
  });

  it("refuses bytes of no known type, naming the file, whatever its name", () => {
    expect(() => sniffFile(fixture("unknown.pdf"), "unknown.pdf")).toThrow(UnsupportedAttachmentError);
    expect(() => sniffFile(fixture("unknown.pdf"), "unknown.pdf")).toThrow(/"unknown\.pdf"/);
  });
});

describe("the API's limits, checked before sending", () => {
  it("an image wider than 8,000 pixels, naming the file and the limit", () => {
    const bytes = fixture("too-wide.png");
    expect(() => checkFileLimits("too-wide.png", bytes.length, sniffFile(bytes, "too-wide.png"))).toThrow(/"too-wide\.png".*8000 × 8000 pixels.*8001 × 1/);
  });

  it("a PDF of more than 100 pages", () => {
    const bytes = fixture("many-pages.pdf");
    expect(() => checkFileLimits("many-pages.pdf", bytes.length, sniffFile(bytes, "many-pages.pdf"))).toThrow(/at most 100 pages, this one has 101/);
  });

  it("an image over 5 MB and a PDF over 32 MB (sizes as measured, not as named)", () => {
    const image = sniffFile(png(4, 4, () => [1, 2, 3]), "a.png");
    expect(() => checkFileLimits("big.png", 5 * 1024 * 1024 + 1, image)).toThrow(AttachmentTooLargeError);
    expect(() => checkFileLimits("big.pdf", 32 * 1024 * 1024 + 1, sniffFile(pdf(1), "big.pdf"))).toThrow(/PDFs may be at most 32 MB/);
    expect(() => checkFileLimits("ok.png", 5 * 1024 * 1024, image)).not.toThrow();
  });

  it("a message's files together within the request size, naming the file that goes over", () => {
    const files = [
      { name: "one.pdf", kind: "pdf" as const, size: 15 * 1024 * 1024 },
      { name: "two.pdf", kind: "pdf" as const, size: 15 * 1024 * 1024 },
    ];
    expect(() => checkMessageLimits(files)).toThrow(/"two\.pdf".*32 MB together/);
    expect(() => checkMessageLimits(files.slice(0, 1))).not.toThrow();
  });
});
