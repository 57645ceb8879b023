/**
 * The pixel reading the window's PDF check relies on (test/e2e/support/pdf-paint.ts): a viewer
 * with a page and text on it reads as such; a blank frame, a page without text, or the viewer's
 * backdrop alone do not meet the e2e test's thresholds.
 */
import { describe, expect, it } from "vitest";
import { encodePng } from "../../build/make-icon.mjs";
import { pdfPaint } from "../e2e/support/pdf-paint";

const WIDTH = 400;
const HEIGHT = 300;
type Rect = [x: number, y: number, w: number, h: number, gray: number];

/** An RGBA image filled with `background`, with gray rectangles drawn on it in order. */
function image(background: number, rects: Rect[]): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (let i = 0; i < WIDTH * HEIGHT; i++) pixels.set([background, background, background, 255], i * 4);
  for (const [x0, y0, w, h, gray] of rects) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) pixels.set([gray, gray, gray, 255], (y * WIDTH + x) * 4);
  }
  return encodePng(pixels, WIDTH, HEIGHT);
}

const PAGE: Rect = [150, 20, 200, 260, 255];
const TEXT: Rect = [170, 40, 90, 8, 20];
/** What the e2e test accepts as a painted PDF page. */
const painted = (paint: { backdrop: number; pageRows: number; ink: number }) => paint.backdrop > 0.2 && paint.pageRows > 50 && paint.ink > 20;

describe("pdfPaint", () => {
  it("reads the viewer's backdrop, the page on it and the text on the page", () => {
    const paint = pdfPaint(image(40, [PAGE, TEXT]));
    expect(paint.pageRows).toBe(260);
    expect(paint.ink).toBe(90 * 8);
    // The text is dark too: backdrop and text together.
    expect(paint.backdrop).toBeCloseTo((WIDTH * HEIGHT - 200 * 260 + 90 * 8) / (WIDTH * HEIGHT), 5);
    expect(painted(paint)).toBe(true);
  });

  it("a thumbnail narrower than a page is not the page", () => {
    expect(pdfPaint(image(40, [[20, 20, 100, 130, 255], [30, 30, 40, 4, 20]])).pageRows).toBe(0);
  });

  it("a blank white frame, a page without text, and the backdrop alone are not a painted page", () => {
    expect(painted(pdfPaint(image(255, [])))).toBe(false);
    expect(painted(pdfPaint(image(40, [PAGE])))).toBe(false);
    expect(painted(pdfPaint(image(40, [])))).toBe(false);
  });
});
