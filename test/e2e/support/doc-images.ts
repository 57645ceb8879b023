/**
 * The README's pictures of the window are screenshots the end-to-end tests take. With
 * ALPINE_UPDATE_DOC_IMAGES=1 a test copies its light and dark screenshot to
 * docs/images/<name>-light.png and -dark.png, to be committed; otherwise it leaves the tree alone
 * (a screenshot differs a little at each run: the time, the temporary folder's name).
 */
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./test-host";

export const DOC_IMAGES = path.join(REPO_ROOT, "docs/images");

export function keepForDocs(screenshots: string[], name: string): void {
  if (process.env.ALPINE_UPDATE_DOC_IMAGES !== "1") return;
  fs.mkdirSync(DOC_IMAGES, { recursive: true });
  for (const file of screenshots) {
    const scheme = file.endsWith("-dark.png") ? "dark" : "light";
    fs.copyFileSync(file, path.join(DOC_IMAGES, `${name}-${scheme}.png`));
  }
}
