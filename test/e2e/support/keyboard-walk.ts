/**
 * Walks a view with Tab as a keyboard user does and records, for each element that gets
 * the focus, whether it shows that it has it: its outline, box shadow or border (or those
 * of a near ancestor, for a field inside a framed box) differ from how it looks unfocused.
 */
import type { Page } from "playwright-core";

export interface FocusStop {
  /** A readable name: tag, accessible label or text, class. */
  name: string;
  /** Marked with data-walk-id in the page, so stops can be compared. */
  id: string;
  visibleIndicator: boolean;
  onScreen: boolean;
  /** What differed when focused (for a failing test's message). */
  changed: string[];
}

export interface WalkResult {
  stops: FocusStop[];
  /** Focus came back to where it started (through the page itself when the walk left the last element). */
  closed: boolean;
  /** Tabbable elements shown at the start of the walk that it never reached. */
  missed: string[];
}

// Page-side code is a string: the test transpiler would wrap named inner functions in a helper the page lacks.
// LOOKS(el): the styles that can show focus, of the element and three ancestors (a field inside a framed box).
const LOOKS = `((el) => {
  const out = [];
  let node = el;
  for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
    const s = getComputedStyle(node);
    out.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderTopColor, s.borderBottomColor, s.borderLeftColor].join("|"));
  }
  return out;
})`;

/** Tabbable elements as the page stands: shown, enabled, tabIndex >= 0, one radio button per group. */
const TABBABLE = `((scope) => {
  const root = scope ? document.querySelector(scope) : document.body;
  const out = [];
  for (const el of root.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]")) {
    if (el.tabIndex < 0 || el.disabled || el.closest("[inert]") || el.type === "hidden") continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
    if (el.closest("details:not([open])") && el.tagName !== "SUMMARY") continue;
    if (el.type === "radio" && !el.checked && [...(el.form || document).querySelectorAll('input[type=radio][name="' + el.name + '"]')].some((r) => r.checked)) continue;
    if (!el.dataset.walkId) el.dataset.walkId = String(++window.__walkCount);
    out.push(el);
  }
  return out;
})`;

/**
 * One step of the walk, after a Tab: the focused element, and how every other tabbable
 * element looks now, unfocused. Transitions are finished first: styles are judged where they end.
 */
const STEP = `((scope) => {
  for (const a of document.getAnimations()) if (a.effect && a.effect.getTiming().iterations !== Infinity) a.finish();
  const looks = ${LOOKS};
  const unfocused = {};
  const el = document.activeElement;
  ${TABBABLE}(scope);
  // The tabbable elements, and any other element the walk has focused (a scrollable box, say).
  for (const other of document.querySelectorAll("[data-walk-id]")) if (other !== el && other.isConnected) unfocused[other.dataset.walkId] = looks(other);
  if (!el || el === document.body || el === document.documentElement) return { stop: null, unfocused };
  if (!el.dataset.walkId) el.dataset.walkId = String(++window.__walkCount);
  const label = el.getAttribute("aria-label") || (el.textContent || "").trim().slice(0, 40) || el.getAttribute("placeholder") || "";
  const name = el.tagName.toLowerCase() + (label ? ' "' + label + '"' : "") + (el.className && typeof el.className === "string" ? " ." + el.className.split(" ")[0] : "");
  const r = el.getBoundingClientRect();
  const onScreen = r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  return { stop: { name, id: el.dataset.walkId, onScreen, looks: looks(el) }, unfocused };
})`;

/**
 * Presses Tab from where the focus is (or from the start of the page) until the focus comes
 * back to the first element it reached, at most `maxStops` times.
 */
export async function walkWithTab(page: Page, options: { scope?: string; maxStops?: number } = {}): Promise<WalkResult> {
  const scope = JSON.stringify(options.scope ?? null);
  await page.evaluate("window.__walkCount = window.__walkCount || 0");
  const tabbable: string[] = await page.evaluate(`${TABBABLE}(${scope}).map((el) => el.dataset.walkId + " " + el.tagName.toLowerCase() + " " + (el.getAttribute("aria-label") || (el.textContent || "").trim().slice(0, 40)))`);
  const seen: { name: string; id: string; onScreen: boolean; looks: string[] }[] = [];
  const unfocusedLooks = new Map<string, string[]>();
  let closed = false;
  const maxStops = options.maxStops ?? 120;
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    const step = (await page.evaluate(`${STEP}(${scope})`)) as { stop: (typeof seen)[number] | null; unfocused: Record<string, string[]> };
    for (const [id, looks] of Object.entries(step.unfocused)) if (!unfocusedLooks.has(id)) unfocusedLooks.set(id, looks);
    const stop = step.stop;
    if (!stop) continue; // the page itself, between the last element and the first
    if (seen.length && stop.id === seen[0].id) {
      closed = true;
      break;
    }
    if (seen.some((s) => s.id === stop.id)) break; // a loop that skips the start: a trap
    seen.push(stop);
  }
  const stops: FocusStop[] = seen.map(({ name, id, onScreen, looks }) => {
    const plain = unfocusedLooks.get(id);
    const changed = plain ? looks.flatMap((look, i) => (look === plain[i] ? [] : [`${i === 0 ? "itself" : `ancestor ${i}`}: ${plain[i]} -> ${look}`])) : ["never seen unfocused"];
    return { name, id, onScreen, changed, visibleIndicator: plain !== undefined && changed.length > 0 };
  });
  const reached = new Set(stops.map((s) => s.id));
  const missed = tabbable.filter((entry) => !reached.has(entry.split(" ")[0]));
  return { stops, closed, missed };
}

export function describeStops(stops: FocusStop[]): string {
  return stops.map((s) => `${s.visibleIndicator && s.onScreen ? "ok " : "BAD"} ${s.name}${s.changed.length ? "" : " (no visible change when focused)"}${s.onScreen ? "" : " (off screen)"}`).join("\n");
}
