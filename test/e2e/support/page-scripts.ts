/**
 * The scripts a page names as served (its entry, its module preloads, held or not), and the chunks a
 * script imports statically, transitively: read in the page from the same host, as the browser
 * fetches them. `import("./x.js")` is left out: that loads later, when the code asks.
 */
import type { Page } from "playwright-core";

export interface PageScripts {
  /** Every script URL the page's HTML names (`<script src>`, `<link href>` of a .js file). */
  named: string[];
  /** The first named script whose file name matches, with every chunk it imports statically, transitively (not itself). */
  entry: string | null;
  imported: string[];
}

// Given as source: the page runs exactly this (a function would be rewritten by the test's transpiler).
const IN_PAGE = String.raw`(async ({ pageUrl, entryPattern }) => {
  const served = await (await fetch(pageUrl)).text();
  const named = [...served.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="([^"]+\.js)"[^>]*>/g)].map((m) => new URL(m[1], pageUrl).href);
  const entry = named.find((href) => new RegExp(entryPattern).test(href)) ?? null;
  const imported = new Set();
  const queue = entry ? [entry] : [];
  while (queue.length > 0) {
    const url = queue.shift();
    const code = await (await fetch(url)).text();
    for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      const chunk = new URL(m[1], url).href;
      if (chunk === entry || imported.has(chunk)) continue;
      imported.add(chunk);
      queue.push(chunk);
    }
  }
  return { named, entry, imported: [...imported] };
})`;

/** `entryPattern`: a regular expression for the script to follow (e.g. "/start-app-[^/]*\\.js$"). */
export function pageScripts(page: Page, pageUrl: string, entryPattern: string): Promise<PageScripts> {
  return page.evaluate(`${IN_PAGE}(${JSON.stringify({ pageUrl, entryPattern })})`) as Promise<PageScripts>;
}
