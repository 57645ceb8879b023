/**
 * The window's page with the kept first screen in it: index.html's empty root element filled
 * with the kept markup, when it was drawn with this build's style sheets (after an update, the
 * class names it relies on may have changed: then the page is served as built). The style
 * sheets come inside the page then, so its first paint needs this one response: the main
 * process is busy opening the service while the page loads, and a style sheet asked for
 * separately would wait for it. The page's policy allows exactly those styles, by their hash.
 * Its preload of the app's code is held until the kept screen is painted (shared/kept-first-screen.ts).
 */
import { createHash } from "node:crypto";
import { withStyleSources } from "../content-security-policy";
import { isPagePath, readRendererFile, type RendererFile } from "../renderer-files";
import { readKeptFirstScreen, type KeptFirstScreen } from "./kept-first-screen";
import { APP_CODE_PRELOAD_ATTRIBUTE, HELD_PRELOAD_REL } from "../../../shared/kept-first-screen";

const EMPTY_ROOT = '<div id="root"></div>';
/** The right-to-left languages' tags (shared/languages.ts: Arabic). */
const RIGHT_TO_LEFT = /^ar(?:-|$)/;

export interface PageWithKeptScreen {
  file: RendererFile;
  /** CSP sources ('sha256-…') of the styles put inside the page, for its style-src. */
  styleSources: string[];
}

export function withKeptFirstScreen(page: RendererFile, kept: KeptFirstScreen | null, rendererFolder: string): PageWithKeptScreen {
  const asBuilt = { file: page, styleSources: [] };
  if (!kept || !page.contentType.startsWith("text/html")) return asBuilt;
  let html = page.body.toString("utf8");
  if (!html.includes(EMPTY_ROOT)) return asBuilt;
  const styleSources: string[] = [];
  for (const sheet of kept.stylesheets) {
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*/${escapeRegExp(sheet)}"[^>]*>`).exec(html);
    const css = link && readRendererFile(rendererFolder, `/assets/${sheet}`)?.body.toString("utf8");
    if (!link || !css || /<\/style/i.test(css)) return asBuilt;
    html = html.replace(link[0], () => `<style data-stylesheet="${sheet}">${css}</style>`);
    styleSources.push(`'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`);
  }
  html = html.replace(EMPTY_ROOT, () => `<div id="root">${firstScreenElement(kept)}</div>`);
  // The first paint is in the kept screen's language and direction (Arabic: mirrored).
  const language = kept.language ?? "en";
  html = html.replace(/<html(?: lang="[^"]*")?>/, () => `<html lang="${escapeAttribute(language)}" dir="${RIGHT_TO_LEFT.test(language) ? "rtl" : "ltr"}">`);
  html = html.replace(/<link\b[^>]*>/g, (tag) => (tag.includes(` ${APP_CODE_PRELOAD_ATTRIBUTE}`) ? tag.replace(/\brel="modulepreload"/, `rel="${HELD_PRELOAD_REL}"`) : tag));
  return { file: { ...page, body: Buffer.from(html, "utf8") }, styleSources };
}

/** The kept screen in its own element: the window knows it by its class; `aria-busy`: not live yet. */
function firstScreenElement(kept: KeptFirstScreen): string {
  const open = kept.conversationId === null ? "" : ` data-open-conversation-id="${escapeAttribute(kept.conversationId)}"`;
  const setting = kept.setting === undefined ? "" : ` data-language-setting="${escapeAttribute(kept.setting)}"`;
  return `<div class="first-screen" aria-busy="true" data-language="${escapeAttribute(kept.language ?? "en")}"${setting}${open}>${kept.html}</div>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The file a host serves for `urlPath` and the CSP to send with it: the page itself with the first
 * screen kept in `dataFolder` (when there is one this build can show), any other file as it is.
 * One way for both hosts: the app's `app://` handler and the test host. `systemLanguage`: the
 * language the system's preferred ones mean now (the app's); a screen kept under the setting
 * "system" in another one is not shown (the person changed the system's language since).
 */
export function servedRendererFile(
  file: RendererFile,
  urlPath: string,
  csp: string,
  rendererFolder: string,
  dataFolder: string | undefined,
  systemLanguage?: () => string,
): { file: RendererFile; csp: string } {
  const kept = dataFolder && isPagePath(urlPath) ? readKeptFirstScreen(dataFolder) : null;
  const otherLanguage = kept?.setting === "system" && systemLanguage !== undefined && systemLanguage() !== (kept.language ?? "en");
  const page = withKeptFirstScreen(file, otherLanguage ? null : kept, rendererFolder);
  return { file: page.file, csp: withStyleSources(csp, page.styleSources) };
}
