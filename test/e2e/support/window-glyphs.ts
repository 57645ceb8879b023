/**
 * The window's own words and symbols must show on a desktop with only the usual text fonts:
 * a character drawn as a colour emoji by default (a paperclip, a gear) needs an emoji font that
 * many Linux desktops lack, where it shows as a box, and looking for one slows the first paint.
 * The person's and the model's words (messages, titles, tool output, file names) may hold any.
 */
import type { Page } from "playwright-core";

/** Where the words are the person's or the model's, not the window's own. */
const CONTENT = [
  ".message",
  ".markdown",
  ".thinking",
  ".tool-card__body",
  ".ask__question",
  ".conversation-row__title",
  ".conversation-row__snippet",
  ".pane__title",
  ".attachment-chip__name",
  ".attachment-viewer",
  ".dialog__text",
  "textarea",
  "input",
].join(", ");

/** Characters shown as emoji by default in the window's own text, hidden ones included, with the element they are in. */
export function emojiInWindowText(page: Page): Promise<string[]> {
  return page.evaluate((content) => {
    const document = (globalThis as any).document;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(content) || parent.closest("script, style")) continue;
      for (const match of String(node.nodeValue).matchAll(/\p{Emoji_Presentation}/gu)) found.push(`${match[0]} in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
    return found;
  }, CONTENT);
}
