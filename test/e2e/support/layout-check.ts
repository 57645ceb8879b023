/**
 * A check of element boxes, not of a picture: no button, label, tab, menu item, heading or
 * legend has its text clipped (wider than its box where overflow hides it, or its text drawn
 * outside its box), and no two visible controls overlap. Only what a person can see counts:
 * inside an open modal dialog when there is one, and only elements drawn where a person sees them.
 */
import type { Page } from "playwright-core";

// Runs in the page as a plain script: the test transpiler would wrap named functions in a helper the page lacks.
const CHECK = `(() => {
  const doc = document;
  const modal = [...doc.querySelectorAll("dialog:modal")].pop();
  const scope = modal || doc.body;
  const describe = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "") + " \\"" + (el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 40) + "\\"";
  const shown = (el) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) return false;
    // Drawn where a person sees it: its centre or one of its corners is not covered by something else.
    const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2]];
    return points.some(([px, py]) => {
      if (px < 0 || py < 0 || px >= innerWidth || py >= innerHeight) return false;
      const hit = doc.elementFromPoint(px, py);
      return !!hit && (el.contains(hit) || hit.contains(el));
    });
  };
  const problems = [];
  const texts = scope.querySelectorAll("button, label, legend, h1, h2, h3, h4, summary, [role=tab], [role=menuitem], [role=button], .button");
  for (const el of texts) {
    if (!shown(el) || !(el.innerText || "").trim()) continue;
    const style = getComputedStyle(el);
    const hides = /hidden|clip|auto|scroll/.test(style.overflowX + style.overflow) || style.textOverflow === "ellipsis";
    if (hides && el.scrollWidth > el.clientWidth + 1) problems.push("clipped: " + describe(el) + " (" + el.scrollWidth + " > " + el.clientWidth + ")");
    else if (hides && el.scrollHeight > el.clientHeight + 1 && style.overflowY !== "visible") problems.push("clipped: " + describe(el) + " (height " + el.scrollHeight + " > " + el.clientHeight + ")");
    else {
      const box = el.getBoundingClientRect();
      const range = doc.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      if (text.width > 0 && (text.left < box.left - 1 || text.right > box.right + 1 || text.top < box.top - 1 || text.bottom > box.bottom + 1)) problems.push("text outside its box: " + describe(el));
    }
  }
  const controls = [...scope.querySelectorAll("button, input:not([type=hidden]), select, textarea, a[href], summary, [role=tab], [role=menuitem], [role=button]")].filter(shown);
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left), h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) problems.push("overlap: " + describe(a) + " and " + describe(b));
    }
  }
  return problems;
})()`;

/** Every clipped text and overlapping pair of controls the page shows now, as readable lines. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(CHECK) as Promise<string[]>;
}
