import { describe, expect, it } from "vitest";
import {
  adminSections,
  adminViewPath,
  formerPartPath,
  isAdminViewPath,
  metricsSections,
  operationsParts,
  parseAdminView,
} from "./admin-routes";

describe("admin dashboard addresses", () => {
  it("reads every tab's address back as that tab, Operations at /admin itself", () => {
    for (const section of adminSections) {
      const path = adminViewPath("/admin", { section });
      expect(parseAdminView(path.slice("/admin".length))).toEqual({ section });
      expect(isAdminViewPath(path)).toBe(true);
    }
    expect(adminViewPath("/admin", { section: "operations" })).toBe("/admin");
    expect(adminViewPath("/admin-demo", { section: "users" })).toBe("/admin-demo/users");
  });

  it("gives each part of Operations its own address, the pairing part at /admin itself", () => {
    for (const part of operationsParts.slice(1)) {
      const path = adminViewPath("/admin", { section: "operations", part });
      expect(path).toBe(`/admin/${part}`);
      expect(parseAdminView(path.slice("/admin".length))).toEqual({ section: "operations", part });
    }
    expect(adminViewPath("/admin", { section: "operations", part: "pairing" })).toBe("/admin");
    expect(parseAdminView("/pairing")).toBeNull();
  });

  it("gives each sub-tab of Analytics & Metrics its own address, User Analytics at /admin/metrics", () => {
    for (const metrics of metricsSections.slice(1)) {
      const path = adminViewPath("/admin", { section: "metrics", metrics });
      expect(path).toBe(`/admin/metrics/${metrics}`);
      expect(parseAdminView(path.slice("/admin".length))).toEqual({ section: "metrics", metrics });
      expect(isAdminViewPath(path)).toBe(true);
    }
    expect(adminViewPath("/admin-demo", { section: "metrics", metrics: "operations" })).toBe(
      "/admin-demo/metrics/operations",
    );
    expect(adminViewPath("/admin", { section: "metrics", metrics: "users" })).toBe(
      "/admin/metrics",
    );
    expect(parseAdminView("/metrics/users")).toBeNull();
    expect(parseAdminView("/metrics/nope")).toBeNull();
    expect(parseAdminView("/users/matching")).toBeNull();
  });

  // docs/architecture.md, "Words": Slack, Teams and webhooks are channels; the page moves the
  // address of an earlier release, /admin/chat, to /admin/channels.
  it("reads /admin/chat as the channels part, which the page then addresses as /admin/channels", () => {
    expect(formerPartPath("/chat")).toBe("channels");
    expect(formerPartPath("/channels")).toBeNull();
    expect(parseAdminView("/chat")).toEqual({ section: "operations", part: "channels" });
    expect(isAdminViewPath("/admin/chat")).toBe(true);
    const view = parseAdminView("/chat");
    expect(view && adminViewPath("/admin", view)).toBe("/admin/channels");
  });

  it("names an open newsletter editor by the newsletter's id", () => {
    const view = { section: "operations", part: "newsletters", newsletterId: 12 } as const;
    expect(adminViewPath("/admin", view)).toBe("/admin/newsletters/12");
    expect(parseAdminView("/newsletters/12")).toEqual(view);
  });

  it("names no place for unknown tabs, bad ids or extra segments", () => {
    for (const rest of [
      "/nope",
      "/newsletters/0",
      "/newsletters/1e3",
      "/newsletters/x",
      "/users/2",
    ]) {
      expect(parseAdminView(rest), rest).toBeNull();
    }
    expect(parseAdminView("/newsletters/99999999999")).toBeNull();
    expect(isAdminViewPath("/administrator")).toBe(false);
    expect(isAdminViewPath("/admin/images")).toBe(false);
  });
});
