import { and, eq, type SQL, sql } from "drizzle-orm";
import { ALL_USERS_LABEL } from "../../../shared/pairing-file-names";
import { SKIP_NEXT_ROUND } from "../../../shared/profile";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { Db, Tx } from "../../db/client";
import { type DomainGroupRow, stillInQuestions, users } from "../../db/schema";
import { requireGroup } from "../../directory/groups/find-group";

/**
 * Who a pairing is for: "All Users", or the people whose whitelist entry puts them in one group.
 * "All Users" means one thing wherever a pairing, a round or a count shows it: the people in no
 * active domain group (`ungroupedOnly`), since each group has its own pairings and rounds
 * (docs/pairings.md, "Generating"). Only a newsletter's audience still says `all` for everyone.
 */
export type PairingScope =
  | { kind: "all"; ungroupedOnly?: boolean }
  | { kind: "group"; group: DomainGroupRow };

export { ALL_USERS_LABEL };

export async function resolveScope(
  db: Db | Tx,
  domainGroupId?: number | null,
): Promise<PairingScope> {
  if (domainGroupId == null) return { kind: "all", ungroupedOnly: true };
  return { kind: "group", group: await requireGroup(db, domainGroupId) };
}

export const scopeKey = (scope: PairingScope) =>
  scope.kind === "all" ? "all" : String(scope.group.id);
export const scopeLabel = (scope: PairingScope) =>
  scope.kind === "all" ? ALL_USERS_LABEL : scope.group.displayName;

/** Membership in the scope, with the whitelist's rule: a specific address beats its domain's entry. */
export function inScopeSql(
  scope: PairingScope,
  groupOf: SQL = whitelistEntrySql(users.email, "domain_group_id"),
): SQL | undefined {
  if (scope.kind === "all") {
    // An erased person's row, or a stand-in of old history, is in no scope (docs/privacy.md).
    const notErased = sql`${users.erasedAt} is null`;
    if (!scope.ungroupedOnly) return notErased;
    return sql`${notErased} and (${groupOf} is null or ${groupOf} not in (select id from domain_groups where is_active))`;
  }
  return sql`${groupOf} = ${scope.group.id}`;
}

/** Leave dates that cover `today` count as being on leave, whatever the stored status says. */
export function onLeaveSql(today: string): SQL {
  return sql`(${users.leaveStartDate} is not null and ${users.leaveStartDate} <= ${today}::date
    and (${users.leaveEndDate} is null or ${users.leaveEndDate} >= ${today}::date))`;
}

/**
 * Someone asked "Still up for coffee chats?" who has not answered yet: left out of every round
 * until they do (docs/check-ins.md, "Quiet people"). An `in` list rather than a correlated
 * `exists`: PostgreSQL reads the open questions once into a hash instead of once per person.
 */
export function awaitingStillInSql(): SQL {
  return sql`${users.id} in (select ${stillInQuestions.userId} from ${stillInQuestions} where ${stillInQuestions.answeredAt} is null)`;
}

/**
 * Whether eligibility is asked of a member of a running match rather than of a person to pair:
 * someone skipping the next round keeps this month's match (docs/check-ins.md), so for a running
 * match that pause is no reason they cannot meet. A reason of the person's; once a match's chat
 * happened, nobody is away from it whatever their reason (`awayFromMatch`, member-availability.ts).
 */
export interface MatchTense {
  inRunningMatch?: boolean;
}

/** A pause chosen with "Skip next month": it leaves the next round out, not the running match. */
export const skippingNextRoundSql = sql`(${users.participationStatus} = 'paused' and ${users.pauseReason} = ${SKIP_NEXT_ROUND})`;

/**
 * Validated, profile complete, account active, participating, employed, not on leave, on the
 * whitelist (a person whose entry was removed is never paired, company-wide included), and not
 * awaiting an answer to "Still up for coffee chats?".
 */
export function eligibleSql(
  today: string,
  entryId: SQL = whitelistEntrySql(users.email, "id"),
  { inRunningMatch = false }: MatchTense = {},
): SQL {
  return and(
    sql`${entryId} is not null`,
    eq(users.isValidated, true),
    eq(users.needsProfileSetup, false),
    eq(users.isActive, true),
    // A pause whose end date has come counts as active even before it is written back.
    sql`(${users.participationStatus} = 'active' or (${users.participationStatus} = 'paused' and ${users.pauseEndDate} is not null and ${users.pauseEndDate} <= ${today}::date)${inRunningMatch ? sql` or ${skippingNextRoundSql}` : sql``})`,
    eq(users.employeeStatus, "active"),
    sql`not ${onLeaveSql(today)}`,
    sql`not ${awaitingStillInSql()}`,
  ) as SQL;
}

/** A pause whose end date has come turns back to active before anyone is counted or paired. */
export async function reactivateEndedPauses(
  db: Pick<Db, "update">,
  today: string,
): Promise<number> {
  const rows = await db
    .update(users)
    .set({
      participationStatus: "active",
      pauseStartDate: null,
      pauseEndDate: null,
      pauseReason: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.participationStatus, "paused"),
        sql`${users.pauseEndDate} is not null and ${users.pauseEndDate} <= ${today}::date`,
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}
