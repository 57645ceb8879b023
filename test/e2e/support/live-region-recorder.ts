/**
 * Records what a screen reader would be told: every element or text added inside a live
 * region (aria-live other than "off", or role log, status, alert, marquee or timer) of the
 * page, with the region it was added to. A MutationObserver in the page collects them.
 */
import type { Page } from "playwright-core";

export interface LiveAddition {
  /** The live region: its data-testid, aria-label or class. */
  region: string;
  text: string;
}

export async function startLiveRegionRecorder(page: Page): Promise<void> {
  // Runs in the page. No named inner functions: the test transpiler would wrap them in a helper the page lacks.
  await page.evaluate(() => {
    const g = globalThis as any;
    g.__liveAdditions = [];
    g.__liveObserver?.disconnect();
    const LIVE_ROLES = ["log", "status", "alert", "marquee", "timer"];
    g.__liveObserver = new g.MutationObserver((records: any[]) => {
      for (const record of records) {
        if (record.type !== "childList") continue;
        let region: any = null;
        for (let e = record.target; e && e.nodeType === 1; e = e.parentElement) {
          const live = e.getAttribute("aria-live");
          if ((live && live !== "off") || LIVE_ROLES.includes(e.getAttribute("role"))) {
            region = e;
            break;
          }
        }
        if (!region) continue;
        for (const node of record.addedNodes) {
          const text = (node.textContent ?? "").trim();
          if (!text) continue;
          const name = region.getAttribute("data-testid") ?? region.getAttribute("aria-label") ?? region.className;
          g.__liveAdditions.push({ region: String(name), text });
        }
      }
    });
    g.__liveObserver.observe(g.document.body, { childList: true, subtree: true });
  });
}

/** What was added to live regions since the recorder started (or was last taken), and starts afresh. */
export async function takeLiveAdditions(page: Page): Promise<LiveAddition[]> {
  return page.evaluate(() => {
    const g = globalThis as any;
    const taken = g.__liveAdditions ?? [];
    g.__liveAdditions = [];
    return taken;
  });
}

interface CdpNode {
  nodeType: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
}

function textOf(node: CdpNode): string {
  if (node.nodeType === 3) return node.nodeValue ?? "";
  return [...(node.children ?? []), ...(node.shadowRoots ?? [])].map(textOf).join("");
}

function find(node: CdpNode, test: (n: CdpNode) => boolean): CdpNode | null {
  if (test(node)) return node;
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
    const found = find(child, test);
    if (found) return found;
  }
  return null;
}

const attribute = (node: CdpNode, name: string) => {
  const list = node.attributes ?? [];
  const at = list.indexOf(name);
  return at >= 0 && at % 2 === 0 ? list[at + 1] : undefined;
};

/**
 * The window's region for new messages, read through the browser's protocol: it sits in a
 * closed shadow root, which the page's own queries do not enter but assistive technology does.
 */
export async function newMessagesRegion(page: Page): Promise<{ attributes: Record<string, string>; lines: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: CdpNode };
    const host = find(root, (n) => attribute(n, "data-testid") === "new-messages");
    if (!host) throw new Error("the window has no region for new messages");
    const region = find({ ...host, children: [] }, (n) => attribute(n, "role") === "log");
    if (!region) throw new Error("the region for new messages has no role=log element in its shadow root");
    const attributes: Record<string, string> = {};
    for (let i = 0; i + 1 < (region.attributes ?? []).length; i += 2) attributes[region.attributes![i]] = region.attributes![i + 1];
    return { attributes, lines: (region.children ?? []).filter((c) => c.nodeType === 1).map(textOf) };
  } finally {
    await cdp.detach();
  }
}
