/** The window's CSP and the one attachments are served with: frames only for the app's own attachments. */
import { describe, expect, it } from "vitest";
import { attachmentContentSecurityPolicy, contentSecurityPolicy } from "../../src/main/service/content-security-policy";

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

describe("the window's content security policy", () => {
  it("lets frames load only the app's own attachment URLs, and stays strict otherwise", () => {
    const app = directives(contentSecurityPolicy([], "app://alpine"));
    expect(app.get("frame-src")).toEqual(["app://alpine/attachments/"]);
    const host = directives(contentSecurityPolicy(["ws://127.0.0.1:5/ws"], "http://127.0.0.1:5/"));
    expect(host.get("frame-src")).toEqual(["http://127.0.0.1:5/attachments/"]);
    expect(host.get("connect-src")).toEqual(["'self'", "ws://127.0.0.1:5/ws"]);
    for (const policy of [app, host]) {
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.get("script-src")).toEqual(["'self'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    }
  });

  it("allows no frame at all without the app's origin", () => {
    expect(directives(contentSecurityPolicy()).get("frame-src")).toEqual(["'none'"]);
  });

  it("serves attachments so that they run nothing and only the app's own pages frame them", () => {
    for (const mediaType of ["image/png", "text/plain", "application/pdf"]) {
      const policy = directives(attachmentContentSecurityPolicy(mediaType));
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
      expect(policy.has("script-src")).toBe(false);
    }
    expect(directives(attachmentContentSecurityPolicy("image/png")).get("object-src")).toEqual(["'none'"]);
  });

  it("lets Chromium's PDF viewer embed a PDF's own URL (same origin only), which object-src 'none' would refuse", () => {
    expect(directives(attachmentContentSecurityPolicy("application/pdf")).get("object-src")).toEqual(["'self'"]);
  });
});
