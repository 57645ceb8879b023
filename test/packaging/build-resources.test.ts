/**
 * The installer resources in build/: the macOS entitlements are well-formed XML with the keys the
 * hardened runtime needs, and the icon is a 1024x1024 PNG that is exactly what its source draws.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fromRoot } from "./project-files";
import { ICON_SIZE, encodePng, iconSvg, renderIconPixels } from "../../build/make-icon.mjs";

const require = createRequire(import.meta.url);

interface SaxParser {
  onopentag: (node: { name: string }) => void;
  onclosetag: () => void;
  ontext: (text: string) => void;
  write(xml: string): SaxParser;
  close(): void;
}
/** sax, the strict streaming XML parser electron-builder itself depends on; it throws on malformed XML. */
const sax = require("sax") as { parser(strict: boolean): SaxParser };

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/** Parses strictly: a mismatched or unclosed tag, a bad entity or a second root element throws. */
function parseXml(xml: string): XmlElement {
  const parser = sax.parser(true);
  const roots: XmlElement[] = [];
  const open: XmlElement[] = [];
  parser.onopentag = (node) => {
    const element: XmlElement = { name: node.name, children: [], text: "" };
    (open.length > 0 ? open[open.length - 1].children : roots).push(element);
    open.push(element);
  };
  parser.onclosetag = () => void open.pop();
  parser.ontext = (text) => {
    if (open.length > 0) open[open.length - 1].text += text;
  };
  parser.write(xml).close();
  if (open.length > 0) throw new Error(`unclosed element <${open[open.length - 1].name}>`);
  if (roots.length !== 1) throw new Error(`expected one root element, found ${roots.length}`);
  return roots[0];
}

/** A plist <dict> of booleans as an object: { key: true | false }. */
function booleanEntries(dict: XmlElement): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (let i = 0; i < dict.children.length; i += 2) {
    const [key, value] = [dict.children[i], dict.children[i + 1]];
    expect(key.name).toBe("key");
    expect(["true", "false"]).toContain(value?.name);
    out[key.text.trim()] = value.name === "true";
  }
  return out;
}

interface PngImage {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  idat: Buffer;
}

function readPng(bytes: Buffer): PngImage {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.toString("latin1", 12, 16)).toBe("IHDR");
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString("latin1", at + 4, at + 8) === "IDAT") idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24], colorType: bytes[25], idat: Buffer.concat(idat) };
}

/** Undoes the PNG row filters (None, Sub, Up, Average, Paeth) of an 8-bit RGBA image. */
function unfilterRgba(filtered: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const out = Buffer.alloc(stride * height);
  const paeth = (left: number, up: number, upLeft: number) => {
    const p = left + up - upLeft;
    const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
    return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
  };
  for (let y = 0; y < height; y++) {
    const type = filtered[y * (stride + 1)];
    if (type > 4) throw new Error(`unknown PNG filter ${type} in row ${y}`);
    const from = y * (stride + 1) + 1;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= 4 ? out[row + i - 4] : 0;
      const up = y > 0 ? out[row - stride + i] : 0;
      let predictor = 0;
      if (type === 1) predictor = left;
      else if (type === 2) predictor = up;
      else if (type === 3) predictor = (left + up) >> 1;
      else if (type === 4) predictor = paeth(left, up, y > 0 && i >= 4 ? out[row - stride + i - 4] : 0);
      out[row + i] = (filtered[from + i] + predictor) & 0xff;
    }
  }
  return out;
}

describe("build/entitlements.mac.plist", () => {
  const xml = readFileSync(fromRoot("build/entitlements.mac.plist"), "utf8");

  it("is well-formed XML with a plist root holding one dict", () => {
    const root = parseXml(xml);
    expect(root.name).toBe("plist");
    expect(root.children.map((c) => c.name)).toEqual(["dict"]);
  });

  it("the strict parser refuses malformed XML (so the check above can fail)", () => {
    expect(() => parseXml("<plist><dict><key>a</key><true/></plist>")).toThrow();
    expect(() => parseXml("<plist><dict><key>a</key><true/></dict>")).toThrow(/unclosed/);
    expect(() => parseXml("<plist><dict><key>a & b</key></dict></plist>")).toThrow();
  });

  it("grants what Electron needs under the hardened runtime", () => {
    const entitlements = booleanEntries(parseXml(xml).children[0]);
    expect(entitlements).toEqual({
      "com.apple.security.cs.allow-jit": true,
      "com.apple.security.cs.allow-unsigned-executable-memory": true,
      "com.apple.security.cs.disable-library-validation": true,
    });
  });
});

describe("build/icon.png", () => {
  const png = readPng(readFileSync(fromRoot("build/icon.png")));

  it("is a 1024x1024 8-bit RGBA PNG (its IHDR says so)", () => {
    expect([png.width, png.height]).toEqual([1024, 1024]);
    expect(png.width).toBe(ICON_SIZE);
    expect([png.bitDepth, png.colorType]).toEqual([8, 6]);
  });

  it("holds exactly the pixels build/make-icon.mjs draws, and icon.svg is the same drawing's source", () => {
    const pixels = unfilterRgba(inflateSync(png.idat), png.width, png.height);
    const drawn = renderIconPixels();
    expect(pixels.length).toBe(drawn.length);
    expect(pixels.equals(drawn), "build/icon.png is stale: run node build/make-icon.mjs").toBe(true);
    expect(readFileSync(fromRoot("build/icon.svg"), "utf8")).toBe(iconSvg());
  });

  it("the encoder round-trips through the reader above", () => {
    const tiny = Buffer.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 9]);
    const image = readPng(encodePng(tiny, 2, 2));
    expect([image.width, image.height]).toEqual([2, 2]);
    expect(unfilterRgba(inflateSync(image.idat), 2, 2).equals(tiny)).toBe(true);
  });
});
