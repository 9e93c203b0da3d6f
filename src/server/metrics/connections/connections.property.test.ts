import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerList, chatHappened } from "../../../shared/chat-happened";
import { checkInAnswers, connectionStatusOf } from "../../../shared/check-in-answers";
import { monthsBetween } from "../../../shared/connection-figures";
import { type ConnectionMatch, connectionsFromRows } from "../../../shared/connections-from-rows";
import { matchStatuses } from "../../../shared/enums";
import { fixedClock } from "../../clock";
import { connectionFigures, matches, pairings } from "../../db/schema";
import { insertMatches } from "../../match-members/match-members";
import { saveConnectionSettings } from "../../settings/connection-settings";
import {
  createDepartment,
  createGroup,
  createPairing,
  createUser,
  signInAdmin,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-05-10T09:00:00Z");
const MONTHS = ["2027-01", "2027-02", "2027-03", "2027-04"];
/** Stored keys and the name each is read as ("eng" is named by the departments list). */
const DEPARTMENTS: Array<[string, string | null]> = [
  ["eng", "Engineering"],
  ["eng", "Engineering"],
  ["eng", "Engineering"],
  ["eng", "Engineering"],
  ["sales", "sales"],
  ["sales", "sales"],
  ["sales", "sales"],
  ["ops", "ops"],
  ["ops", "ops"],
  ["design", "design"],
  ["", null],
  ["", null],
];

const matchArb = fc.record({
  month: fc.constantFrom(...MONTHS),
  inGroup: fc.boolean(),
  members: fc.uniqueArray(fc.nat(DEPARTMENTS.length - 1), { minLength: 2, maxLength: 4 }),
  answers: fc.array(fc.constantFrom(null, ...checkInAnswers), { minLength: 4, maxLength: 4 }),
  status: fc.constantFrom(...matchStatuses),
});

const queryArb = fc
  .record({
    a: fc.nat(MONTHS.length - 1),
    b: fc.nat(MONTHS.length - 1),
    inGroup: fc.boolean(),
    minCell: fc.integer({ min: 3, max: 6 }),
  })
  .map(({ a, b, inGroup, minCell }) => ({
    from: MONTHS[Math.min(a, b)],
    to: MONTHS[Math.max(a, b)],
    inGroup,
    minCell,
  }));

/**
 * Random histories of a small company: every figure of GET /api/admin/metrics/connections (SQL
 * aggregates, counted afresh) equals the same figure worked out match by match from the rows that were stored
 * (src/shared/connections-from-rows.ts), for any period, scope and threshold.
 */
describe("connections figures over random histories", () => {
  let t: TestApp;
  let admin: string;
  let people: { id: string }[];
  let groupId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    admin = await signInAdmin(t.db, {}, { now: NOW });
    await createDepartment(t.db, { name: "eng", displayName: "Engineering" });
    groupId = (await createGroup(t.db)).id;
    people = [];
    for (const [department] of DEPARTMENTS) people.push(await createUser(t.db, { department }));
  }, 180_000);
  afterAll(() => t.close());

  it("agree with the figures counted match by match", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(matchArb, { maxLength: 24 }), queryArb, async (history, query) => {
        await t.db.delete(matches);
        await t.db.delete(pairings);
        // Nothing counted before: the read counts this history afresh.
        await t.db.delete(connectionFigures);
        const scopes = new Map<string, { id: number; month: string }>();
        for (const month of MONTHS) {
          scopes.set(`${month} all`, await createPairing(t.db, { month }));
          scopes.set(
            `${month} group`,
            await createPairing(t.db, { month, domainGroupId: groupId }),
          );
        }
        await insertMatches(
          t.db,
          history.map((m) => ({
            pairingId: Number(scopes.get(`${m.month} ${m.inGroup ? "group" : "all"}`)?.id),
            month: m.month,
            status: m.status,
            members: m.members.map((p, i) => ({
              userId: people[p].id,
              answer: m.answers[i],
              answeredAt: null,
            })),
          })),
        );
        await saveConnectionSettings(t.db, { minCell: query.minCell });
        const domainGroupId = query.inGroup ? groupId : null;
        const res = await t.app.inject({
          method: "GET",
          url: `/api/admin/metrics/connections?from=${query.from}&to=${query.to}&domainGroupId=${domainGroupId ?? ""}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode).toBe(200);
        const rows: ConnectionMatch[] = history
          .filter((m) => !query.inGroup || m.inGroup)
          .map((m) => ({
            month: m.month,
            happened: chatHappened({
              status: m.status,
              members: answerList(m.members.map((_, i) => connectionStatusOf(m.answers[i]))),
            }),
            members: m.members.map((p) => ({ id: people[p].id, department: DEPARTMENTS[p][1] })),
          }));
        const expected = connectionsFromRows(rows, { ...query, domainGroupId });
        const { firstMonth, runningMonths, ...figures } = res.json();
        expect(figures).toEqual({ ...expected, countedAt: NOW.toISOString(), stale: false });
        // The programme's first month is its earliest pairing: never after a match's month.
        for (const m of history) expect(firstMonth <= m.month).toBe(true);
        // Every pairing here is running: each month of the period may have more chats to come.
        expect(runningMonths).toEqual(monthsBetween(query.from, query.to));
      }),
      { numRuns: 25 },
    );
  });
});
