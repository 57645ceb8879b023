/**
 * What a screenshot of the PDF frame shows, read from its pixels: Chromium's PDF viewer paints
 * its dark backdrop, the page as a wide white area on it, and the page's text as dark marks
 * inside that area. A blank frame (a refused plugin, an empty document) has no page with ink.
 * Reads the 8-bit RGB or RGBA, non-interlaced PNG a Chromium screenshot is.
 */
import { inflateSync } from "node:zlib";

export interface PdfPaint {
  /** Share of the frame in the viewer's dark backdrop. */
  backdrop: number;
  /** The page's height in rows: a white area at least 150 pixels wide (wider than a page's thumbnail). */
  pageRows: number;
  /** Dark pixels on the page: its text. */
  ink: number;
}

export function pdfPaint(png: Buffer): PdfPaint {
  const { width, height, channels, pixels } = decodePng(png);
  const luminance = (x: number, y: number) => {
    const at = (y * width + x) * channels;
    return 0.2126 * pixels[at] + 0.7152 * pixels[at + 1] + 0.0722 * pixels[at + 2];
  };
  // Each row's widest white run; the page's rows have one of at least 150 pixels (a thumbnail is narrower).
  const minRun = 150;
  let dark = 0;
  const runs: { y: number; left: number; right: number }[] = [];
  for (let y = 0; y < height; y++) {
    let runStart = -1;
    let widest: [number, number] = [0, 0];
    for (let x = 0; x <= width; x++) {
      const value = x < width ? luminance(x, y) : 0;
      if (x < width && value < 80) dark++;
      const white = value >= 235;
      if (white && runStart < 0) runStart = x;
      if (!white && runStart >= 0) {
        if (x - runStart > widest[1] - widest[0]) widest = [runStart, x];
        runStart = -1;
      }
    }
    if (widest[1] - widest[0] >= minRun) runs.push({ y, left: widest[0], right: widest[1] });
  }
  if (runs.length === 0) return { backdrop: dark / (width * height), pageRows: 0, ink: 0 };
  // The page's edges are those most rows share (a row with text on it starts its widest run later).
  const mostCommon = (values: number[]) => {
    const counts = new Map<number, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  };
  const left = mostCommon(runs.map((run) => run.left));
  const right = mostCommon(runs.map((run) => run.right));
  const edged = runs.filter((run) => Math.abs(run.left - left) <= 2 && Math.abs(run.right - right) <= 2);
  const top = edged[0].y;
  const bottom = edged[edged.length - 1].y;
  // The text: dark marks on the page, between its first and last plain white row.
  let ink = 0;
  for (let y = top; y <= bottom; y++) for (let x = left; x < right; x++) if (luminance(x, y) < 128) ink++;
  return { backdrop: dark / (width * height), pageRows: bottom - top + 1, ink };
}

function decodePng(png: Buffer): { width: number; height: number; channels: number; pixels: Buffer } {
  if (png.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG");
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colorType, , , interlace] = png.subarray(24, 29);
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (bitDepth !== 8 || channels === 0 || interlace !== 0) throw new Error(`unsupported PNG (depth ${bitDepth}, color type ${colorType}, interlace ${interlace})`);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const filtered = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const type = filtered[y * (stride + 1)];
    const from = y * (stride + 1) + 1;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels[row + i - channels] : 0;
      const up = y > 0 ? pixels[row - stride + i] : 0;
      const upLeft = y > 0 && i >= channels ? pixels[row - stride + i - channels] : 0;
      const predictor = type === 1 ? left : type === 2 ? up : type === 3 ? (left + up) >> 1 : type === 4 ? paeth(left, up, upLeft) : 0;
      pixels[row + i] = (filtered[from + i] + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
  return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
}
