/**
 * axe-core in the window: its source is evaluated in the page (the window's CSP allows no
 * injected script tag; evaluation through the browser's protocol is not a script tag) and
 * run over the whole document. Colour contrast can only be judged on screen, so what axe
 * leaves undecided because it lies outside the viewport is scrolled into view and judged
 * there, element by element.
 */
import axe from "axe-core";
import type { Page } from "playwright-core";

export interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

interface UndecidedNode extends AxeNode {
  any: { data?: { messageKey?: string } }[];
}

interface AxeResults {
  violations: AxeViolation[];
  incomplete: (Omit<AxeViolation, "nodes"> & { nodes: UndecidedNode[] })[];
}

const BLOCKING = new Set(["serious", "critical"]);

async function ensureAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (globalThis as any).axe?.run === "function");
  if (!present) await page.evaluate(axe.source);
}

async function runAxe(page: Page, include: string[] | null, only?: string[]): Promise<AxeResults> {
  return page.evaluate(
    ({ include, only }) => {
      const g = globalThis as any;
      const context = include ? { include: [include] } : g.document;
      const options: Record<string, unknown> = { resultTypes: ["violations", "incomplete"] };
      if (only) options.runOnly = { type: "rule", values: only };
      return g.axe.run(context, options).then((r: any) => ({
        violations: r.violations.map((v: any) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
        })),
        incomplete: r.incomplete.map((v: any) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, any: n.any.map((c: any) => ({ data: c.data })) })),
        })),
      }));
    },
    { include, only },
  );
}

/** Merges violations of the same rule, one node per target. */
function merge(into: AxeViolation[], more: AxeViolation[]): void {
  for (const violation of more) {
    const existing = into.find((v) => v.id === violation.id);
    if (!existing) {
      into.push({ ...violation, nodes: [...violation.nodes] });
      continue;
    }
    for (const node of violation.nodes) {
      if (!existing.nodes.some((n) => n.target.join(" ") === node.target.join(" "))) existing.nodes.push(node);
    }
  }
}

/**
 * The serious and critical violations on the page as it is now, including contrast of
 * text outside the viewport (each scrolled into view, then put back).
 */
export async function auditPage(page: Page): Promise<AxeViolation[]> {
  await ensureAxe(page);
  const first = await runAxe(page, null);
  const found: AxeViolation[] = [];
  merge(found, first.violations);
  const offscreen = first.incomplete
    .filter((v) => v.id === "color-contrast")
    .flatMap((v) => v.nodes.filter((n) => n.any.some((c) => c.data?.messageKey === "outsideViewport")).map((n) => n.target));
  for (const target of offscreen) {
    // Targets in shadow roots or iframes come as nested arrays: none here.
    if (target.length !== 1) continue;
    const selector = target[0];
    const scrolled = await page.evaluate((selector) => {
      const element = (globalThis as any).document.querySelector(selector);
      if (!element) return null;
      const scrollers: [any, number, number][] = [];
      for (let e = element.parentElement; e; e = e.parentElement) scrollers.push([e, e.scrollTop, e.scrollLeft]);
      // As a person would bring it into view (the message list leaves its end only for the person's input).
      element.dispatchEvent(new (globalThis as any).WheelEvent("wheel", { bubbles: true }));
      element.scrollIntoView({ block: "center", inline: "nearest" });
      (globalThis as any).__axeScrolledBack = () => scrollers.forEach(([e, top, left]) => ((e.scrollTop = top), (e.scrollLeft = left)));
      return true;
    }, selector);
    if (!scrolled) continue;
    const again = await runAxe(page, [selector], ["color-contrast"]);
    merge(found, again.violations);
    await page.evaluate(() => (globalThis as any).__axeScrolledBack?.());
  }
  return found.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
}

/** A violation list as a person reads it in a failing test's output. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical violations`;
  const lines = [`${where}: ${violations.length} serious or critical axe violation(s)`];
  for (const v of violations) {
    lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes.slice(0, 12)) {
      lines.push(`    at ${node.target.join(" ")}`);
      lines.push(`       ${node.html.slice(0, 200)}`);
      if (node.failureSummary) lines.push(...node.failureSummary.split("\n").map((l) => `       ${l}`));
    }
    if (v.nodes.length > 12) lines.push(`    … and ${v.nodes.length - 12} more`);
  }
  return lines.join("\n");
}

/**
 * axe over the view in the light and the dark theme (each judged once its colour transitions
 * have ended), then back to light; `afterEach` runs in each theme (a screenshot). What axe found,
 * described per theme: empty when nothing serious or critical.
 */
export async function auditInBothThemes(page: Page, view: string, afterEach?: (colorScheme: "light" | "dark") => Promise<void>): Promise<string> {
  const reports: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction((scheme) => (globalThis as any).matchMedia(`(prefers-color-scheme: ${scheme})`).matches, colorScheme);
    // Colours change with a short transition: judge them once it has ended.
    await page.evaluate(() => Promise.all((globalThis as any).document.getAnimations().filter((a: any) => a.effect?.getTiming().iterations !== Infinity).map((a: any) => a.finished.catch(() => null))));
    const violations = await auditPage(page);
    await afterEach?.(colorScheme);
    if (violations.length) reports.push(describeViolations(`${view} (${colorScheme})`, violations));
  }
  await page.emulateMedia({ colorScheme: "light" });
  return reports.join("\n\n");
}
