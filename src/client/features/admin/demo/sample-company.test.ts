import type { AdminUsersResponse } from "@shared/admin-users";
import type { QuietPeopleResponse } from "@shared/check-ins";
import type { Connections } from "@shared/connections";
import type { AutomaticMailsPage, EmailLog } from "@shared/email-logs";
import type { ExcludedListResponse } from "@shared/exclusions";
import { activePairingFile } from "@shared/pairing-file-names";
import type {
  CurrentPairingsResponse,
  PairingSummary,
  PairingValidationResponse,
} from "@shared/pairings";
import type { RoundsOverview } from "@shared/rounds";
import { SAMPLE_OFFICES, SAMPLE_QUIET_PEOPLE } from "@shared/sample-company";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../../../../server/auth/ensure-admin";
import { listQuietPeople } from "../../../../server/check-ins/list-quiet-people";
import { fixedClock } from "../../../../server/clock";
import { matches } from "../../../../server/db/schema";
import { seedSampleCompany } from "../../../../server/demo/seed-demo";
import { officesOfGroup } from "../../../../server/directory/offices/office-lists";
import { getEmployeeStatusSummary } from "../../../../server/employees/employee-status-summary";
import { getAdminStats } from "../../../../server/metrics/admin-stats";
import { getConnections } from "../../../../server/metrics/connections/get-connections";
import { getEnhancedMetrics } from "../../../../server/metrics/enhanced-metrics";
import { listAutomaticMails } from "../../../../server/newsletters/email-logs/list-automatic-mails";
import { listEmailLogs } from "../../../../server/newsletters/email-logs/list-email-logs";
import { getCurrentPairings } from "../../../../server/pairings/current/current-pairings";
import {
  getCompletedPairingContent,
  listCompletedPairingFiles,
} from "../../../../server/pairings/records/completed-files";
import { getPairingHistory } from "../../../../server/pairings/records/pairing-history";
import { getPairingReport } from "../../../../server/pairings/reports/pairing-report";
import {
  getExcludedPeople,
  getPairingValidation,
} from "../../../../server/pairings/validation/pairing-validation";
import { listUsers } from "../../../../server/people/users/list-users";
import { getGeneratePlan } from "../../../../server/rounds/generate-plan";
import { getRoundsOverview } from "../../../../server/rounds/overview";
import { matchProposals } from "../../../../server/scheduling/match-times";
import { getCompanySettings } from "../../../../server/settings/company-settings";
import { createTestApp, type TestApp } from "../../../../server/test/test-app";
import { defaultPairingGroup, isEmptyAllUsers } from "../rounds/pairing-scopes";
import { sampleAnswer } from "./sample-data";
import { SAMPLE_DOMAIN, SAMPLE_GROUP_ID, SAMPLE_NOW } from "./sample-people";
import { runningPairing } from "./sample-rounds";

/**
 * /admin-demo shows the company DEMO=1 seeds: the server seeds it at the demo's own "today", and
 * each answer the sample dashboard gives equals what the server's operation answers, except the
 * ids each side makes up.
 */
let t: TestApp;
/** The sample company's domain group on the server. */
let groupId: number;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(SAMPLE_NOW) });
  // As README.md starts it: the admin at the sample company's domain exists before the seed.
  await ensureAdmin(t.db, `you@${SAMPLE_DOMAIN}`, "a long password");
  groupId = (await seedSampleCompany(t.db, { now: SAMPLE_NOW })).domainGroupId;
}, 120_000);
afterAll(() => t.close());

const demo = <T>(path: string) => sampleAnswer(path) as T;
const withoutIds = (p: PairingSummary) => ({ ...p, id: 0, domainGroupId: 0 });

describe("the sample dashboard's company", () => {
  it("has the seeded people, with their departments, statuses and current partners", async () => {
    const everyone = {
      q: undefined,
      status: undefined,
      account: undefined,
      domainGroupId: undefined,
      limit: 200,
    };
    const server = await listUsers(t.ctx, everyone);
    const shown = demo<AdminUsersResponse>("/api/admin/users?limit=200");
    const person = (u: AdminUsersResponse["users"][number]) => ({
      ...u,
      id: "",
      domainGroupId: 0,
    });
    expect(shown.users.map(person)).toEqual(server.users.map(person));
    expect(shown.counts).toEqual(server.counts);
    expect(shown.users.length).toBe(100);
    expect(shown.users[0].email).toMatch(/@acme\.example$/);
    // The generator's first person is on both sides, though the admin's address is at the domain.
    expect(server.users.map((u) => u.email)).toContain(`ada.okafor@${SAMPLE_DOMAIN}`);

    // Who has no current match, each with the reason the server gives (on leave, paused…).
    const unmatched = await listUsers(t.ctx, { ...everyone, noMatch: "yes" });
    const shownUnmatched = demo<AdminUsersResponse>("/api/admin/users?limit=200&noMatch=yes");
    expect(shownUnmatched.users.map(person)).toEqual(unmatched.users.map(person));
    expect(shownUnmatched.counts).toEqual(unmatched.counts);
    expect(new Set(unmatched.users.map((u) => u.noMatchReason))).toContain("on_leave");
    // The counts are of the people listed, the status filter included.
    const pausedUnmatched = await listUsers(t.ctx, {
      ...everyone,
      noMatch: "yes",
      status: "paused",
    });
    const shownPaused = demo<AdminUsersResponse>(
      "/api/admin/users?limit=200&noMatch=yes&status=paused",
    );
    expect(shownPaused.counts).toEqual(pausedUnmatched.counts);
    expect(shownPaused.total).toBe(pausedUnmatched.total);
    expect(pausedUnmatched.counts.active).toBe(0);
  });

  it("keeps the seeded offices, each person in one on its zone (the user list above agrees)", async () => {
    expect(demo(`/api/admin/offices?groupId=${SAMPLE_GROUP_ID}`)).toEqual({
      ...(await officesOfGroup(t.db, groupId)),
      domainGroupId: SAMPLE_GROUP_ID,
    });
    expect(demo("/api/admin/offices")).toEqual(await officesOfGroup(t.db, null));
    const shown = demo<AdminUsersResponse>("/api/admin/users?limit=200").users;
    for (const office of SAMPLE_OFFICES) {
      expect(shown.filter((u) => u.office === office).length).toBeGreaterThan(15);
    }
    expect(shown.find((u) => u.office === "Berlin")?.timeZone).toBe("Europe/Berlin");
  });

  it("proposes each running match three times inside every member's working hours", async () => {
    const running = await t.db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.status, "active"));
    const proposals = await matchProposals(
      t.ctx,
      running.map((m) => m.id),
    );
    expect(proposals.size).toBeGreaterThan(30);
    const clock = (at: Date, timeZone: string) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(at);
    const zones = new Set<string>();
    for (const proposal of proposals.values()) {
      expect(proposal.times).toHaveLength(3);
      for (const { timeZone } of proposal.members) {
        zones.add(timeZone);
        for (const time of proposal.times) {
          expect(clock(time.start, timeZone) >= "09:00").toBe(true);
          expect(clock(new Date(time.end.getTime() - 1), timeZone) < "17:00").toBe(true);
        }
      }
    }
    expect([...zones].sort()).toEqual(["America/New_York", "Asia/Kolkata", "Europe/Berlin"]);
  });

  it("has the company's name as the seed saved it", async () => {
    const saved = await getCompanySettings(t.db);
    expect(saved.name).not.toBe("");
    expect(demo("/api/admin/company")).toEqual(saved);
  });

  it("counts what the server counts: stats, metrics, validation and employee status", async () => {
    const stats = await getAdminStats(t.ctx);
    expect(stats.completedChats).toBeGreaterThan(100);
    expect(demo("/api/admin/stats")).toEqual(stats);
    expect(demo("/api/admin/enhanced-metrics")).toEqual(await getEnhancedMetrics(t.ctx));
    expect(demo("/api/admin/pairing-validation")).toEqual(await getPairingValidation(t.ctx));
    const status = await getEmployeeStatusSummary(t.ctx);
    expect(demo("/api/admin/employee-status-summary")).toEqual(status);
  });

  it("opens Admin Actions on the group, as the server's rounds count it, with its eligibility", async () => {
    // Each side's id of the group: the one the page (or the server) knows it by.
    const byKind = (overview: RoundsOverview) => ({
      ...overview,
      scopes: overview.scopes.map((s) => ({
        ...s,
        scopeKey: s.domainGroupId === null ? s.scopeKey : "group",
        domainGroupId: s.domainGroupId === null ? null : 0,
      })),
    });
    const shown = demo<RoundsOverview>("/api/admin/rounds");
    expect(byKind(shown)).toEqual(byKind(await getRoundsOverview(t.ctx)));
    // The month the seed paired is the round: its check-in and reminder are due or done, never
    // "never due" (docs/rounds.md).
    const paired = shown.scopes
      .filter((s) => s.domainGroupId === SAMPLE_GROUP_ID)
      .flatMap((s) => [s.current, s.next])
      .filter((view) => view?.month === runningPairing.round.month);
    for (const view of paired) {
      const asks = view?.steps.filter((s) => s.step === "check-in" || s.step === "reminder");
      expect(asks?.map((s) => s.state)).not.toContain("before_start");
      expect(JSON.stringify(view?.steps)).not.toMatch(/never due|Pair people this month/);
    }
    // "All Users" is empty beside the group, so the one rule of the real page picks the group.
    expect(isEmptyAllUsers(shown.scopes[0], shown.scopes)).toBe(true);
    expect(defaultPairingGroup(shown.scopes)).toBe(SAMPLE_GROUP_ID);

    const group = `domainGroupId=${SAMPLE_GROUP_ID}`;
    const validation = await getPairingValidation(t.ctx, groupId);
    expect(validation.statusCounts.truly_active).toBeGreaterThan(50);
    // Before the month's round everyone ready is free: how many matches, and who shares too few
    // hours with the others free, is the engine's to say.
    const engineless = (v: PairingValidationResponse) =>
      v.forecast.ready < 2
        ? v
        : { ...v, forecast: { ...v.forecast, matches: 0, sitOut: 0, noSharedHours: [] } };
    const shownValidation = demo<PairingValidationResponse>(
      `/api/admin/pairing-validation?${group}`,
    );
    expect(engineless(shownValidation)).toEqual(engineless(validation));
    const named = (list: ExcludedListResponse) => ({
      ...list,
      people: list.people.map((p) => ({ ...p, id: "" })),
    });
    for (const reason of ["paused", "on_leave", "not_answering"] as const) {
      const server = await getExcludedPeople(t.ctx, reason, groupId);
      expect(server.total).toBeGreaterThan(0);
      const path = `/api/admin/pairing-validation/excluded?reason=${reason}&${group}`;
      expect(named(demo<ExcludedListResponse>(path))).toEqual(named(server));
    }
  });

  it("answers Generate's plan as the server does, so its dialog names the month's dates", async () => {
    const group = await getGeneratePlan(t.ctx, groupId);
    expect(group.awayUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const path = "/api/admin/generate-pairing/plan";
    expect(demo(`${path}?domainGroupId=${SAMPLE_GROUP_ID}`)).toEqual(group);
    expect(demo(path)).toEqual(await getGeneratePlan(t.ctx, undefined));
  });

  it("has the seeded rounds: six completed with their records and this month's running one", async () => {
    const history = demo<{ pairings: PairingSummary[] }>("/api/admin/pairing-history");
    expect(history.pairings.map(withoutIds)).toEqual(
      (await getPairingHistory(t.ctx)).pairings.map(withoutIds),
    );
    expect(history.pairings.map((p) => p.status)).toEqual([
      "active",
      ...Array(6).fill("completed"),
    ]);
    const files = await listCompletedPairingFiles(t.ctx);
    expect(demo("/api/admin/completed-pairing-files")).toEqual(files);
    for (const file of files) {
      expect(demo(`/completed_pairings/${file.fileName}`)).toEqual(
        await getCompletedPairingContent(t.ctx, file.fileName),
      );
    }
    const report = await getPairingReport(t.ctx);
    expect(report.validationIssues).toEqual([]);
    expect(demo<typeof report>("/api/admin/pairing-report").recentPairings.map(withoutIds)).toEqual(
      report.recentPairings.map(withoutIds),
    );
  });

  it("shows the running round's matches with their members and answers", async () => {
    const strip = (r: CurrentPairingsResponse) =>
      Object.values(r.matchesByPairing)
        .flat()
        .map(({ id: _id, user1, user2, user3, ...rest }) => ({
          ...rest,
          members: [user1, user2, user3].filter(Boolean).map((u) => ({ ...u, id: "" })),
        }));
    for (const q of [undefined, "sales"]) {
      const server = await getCurrentPairings(t.ctx, { q, limit: 100 });
      const shown = demo<CurrentPairingsResponse>(
        `/api/admin/current-pairings?limit=100${q ? `&q=${q}` : ""}`,
      );
      expect(strip(shown)).toEqual(strip(server));
      expect(shown.total).toBe(server.total);
      expect(Object.values(shown.matchCounts)).toEqual(Object.values(server.matchCounts));
      expect(shown.pairings.map(withoutIds)).toEqual(server.pairings.map(withoutIds));
    }
  });

  it("has the seeded send logs: the running round's current, the six before it archived", async () => {
    for (const which of ["current", "archived"] as const) {
      const path = which === "current" ? "/api/admin/email-logs" : "/api/admin/email-logs/archived";
      const strip = (log: EmailLog) => ({ ...log, domain_group_id: 0 });
      expect(demo<EmailLog[]>(path).map(strip)).toEqual(
        (await listEmailLogs(t.ctx, which)).map(strip),
      );
    }
    expect(demo<EmailLog[]>("/api/admin/email-logs/archived")).toHaveLength(6);
    expect(demo<EmailLog[]>("/api/admin/email-logs")[0].pairing_file).toBe(
      activePairingFile(runningPairing.summary.id),
    );
  });

  it("waits for the seeded quiet people's answers, as the server lists them", async () => {
    const server = await listQuietPeople(t.ctx);
    expect(server.people).toHaveLength(SAMPLE_QUIET_PEOPLE);
    const strip = (list: QuietPeopleResponse) => list.people.map((p) => ({ ...p, userId: "" }));
    expect(strip(demo<QuietPeopleResponse>("/api/admin/quiet-people"))).toEqual(strip(server));
  });

  it("has the seeded automatic e-mails of the last 30 days: none", async () => {
    const server = await listAutomaticMails(t.ctx, {
      kind: "all",
      outcome: "all",
      offset: 0,
      limit: 50,
    });
    expect(demo<AutomaticMailsPage>("/api/admin/email-logs/automatic")).toEqual(server);
    expect(server.total).toBe(0);
  });

  it("shows a readable map of its six months: every department, most pairs shown", async () => {
    const to = SAMPLE_NOW.toISOString().slice(0, 7);
    const server = await getConnections(t.ctx, { domainGroupId: null });
    expect(demo<Connections>("/api/admin/metrics/connections")).toEqual(server);
    expect(server.to).toBe(to);
    expect(server.departments).toHaveLength(8);
    const cross = server.met.flatMap((row, i) => row.filter((_, j) => j !== i));
    expect(cross.filter((v) => v !== null && v > 0).length).toBeGreaterThan(cross.length / 2);
    // The map hides a few cells, never one alone in a set whose total is shown (docs/privacy.md),
    // nor the E-I index of a department whose row hides a cell; the chats, their share and the
    // people reached are about many people and shown, as the Overview shows the chats. Reach hides
    // a bar or two, and with them its median and 90th percentile.
    expect(cross.filter((v) => v === null).length).toBeGreaterThanOrEqual(2);
    expect(server.crossShare).not.toBeNull();
    expect(server.chats).not.toBeNull();
    expect(server.reach.people).not.toBeNull();
    const barHidden = server.reach.histogram.some((bar) => bar.people === null);
    expect(server.reach.median === null).toBe(barHidden);
    server.departments.forEach((d, i) => {
      if (server.met[i].some((v) => v === null)) expect(server.eiIndex[d]).toBeNull();
      else expect(server.eiIndex[d]).not.toBeUndefined();
    });
  });
});
