import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { helpPath } from "../../shared/help-pages";
import { personName } from "../../shared/person-name";
import type { AppContext } from "../context";
import {
  allowedEmails,
  emailLogEntries,
  emailLogs,
  mailOutbox,
  matches,
  matchMembers,
  newsletterDeliveries,
  newsletters,
  outgoingMessages,
  pairings,
  slackPeople,
  teamsPeople,
  type UserRow,
  users,
} from "../db/schema";
import { NotFound } from "../errors";
import { personTables, rowsOf } from "./person-tables";
import { type ExportSection, exportSections } from "./personal-data";

/**
 * Everything stored about one person, as one JSON document (docs/privacy.md "What the export
 * holds", field by field): their profile, participation, matches with their partners' names, their
 * answers, the e-mails sent to them, their sign-ins and sessions (never a secret or a hash), and
 * the activity lines about them. personal-data.ts lists which table feeds which section.
 */
export async function exportMyData(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound("Your account no longer exists.");
  const shaped: Partial<Record<ExportSection, () => unknown>> = {
    profile: () => profileOf(user),
    participation: () => participationOf(user),
    matches: () => matchesOf(ctx, user),
    emailsSent: () => emailsSentTo(ctx, user),
    channels: () => channelsOf(ctx, user),
    whitelistEntries: () => whitelistEntriesOf(ctx, user),
  };
  const sections: Record<string, unknown> = {};
  for (const section of exportSections) {
    const own = shaped[section];
    sections[section] = own ? await own() : await tableSection(ctx, section, user);
  }
  return {
    exportedAt: ctx.clock.now().toISOString(),
    about: `Everything Cup of Joe stores about you. ${ctx.config.appUrl}${helpPath("privacy", "downloading-your-data")} explains each section; ask your administrator if something is wrong.`,
    ...sections,
  };
}

/** A section made of the person's rows of the tables person-tables.ts lists for it. */
async function tableSection(ctx: AppContext, section: ExportSection, user: UserRow) {
  const rows: Record<string, unknown>[] = [];
  for (const t of personTables)
    if (t.section === section) rows.push(...(await rowsOf(ctx.db, t, user)));
  if (section !== "uploads") return rows;
  return rows.map(({ filename, ...rest }) => ({ url: `/uploads/${filename}`, ...rest }));
}

function profileOf(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    department: user.department,
    bio: user.bio,
    photo: user.profileImageUrl,
    matchingPreference: user.matchingPreference,
    preferredGroupSize: user.preferredGroupSize,
    timeZone: user.timeZone,
    timeZoneConfirmed: user.timeZoneConfirmed,
    workingHours: user.workingHours,
    meetWay: user.meetWay,
    office: user.office,
    managerId: user.managerId,
    managerRef: user.managerRef,
    interests: user.interests,
    signInMethod: user.authMethod,
    isAdmin: user.isAdmin,
    hasPassword: user.passwordHash !== null,
    isActive: user.isActive,
    emailVerified: user.isEmailVerified,
    validatedAt: user.validatedAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

function participationOf(user: UserRow) {
  return {
    status: user.participationStatus,
    pauseStartDate: user.pauseStartDate,
    pauseEndDate: user.pauseEndDate,
    pauseReason: user.pauseReason,
    employeeStatus: user.employeeStatus,
    leaveStartDate: user.leaveStartDate,
    leaveEndDate: user.leaveEndDate,
    leaveReason: user.leaveReason,
  };
}

/** Every match they were in, with the partners' names (never their addresses) and own answer. */
async function matchesOf(ctx: AppContext, user: UserRow) {
  const own = await ctx.db
    .select({
      matchId: matches.id,
      month: matches.month,
      pairing: pairings.name,
      status: matches.status,
      matchDate: matches.matchDate,
      completedAt: matches.completedAt,
      answer: matchMembers.answer,
      answeredAt: matchMembers.answeredAt,
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(eq(matchMembers.userId, user.id))
    .orderBy(asc(matches.matchDate), asc(matches.id));
  if (own.length === 0) return [];
  const partners = await ctx.db
    .select({
      matchId: matchMembers.matchId,
      firstName: users.firstName,
      lastName: users.lastName,
      erasedAt: users.erasedAt,
      email: users.email,
    })
    .from(matchMembers)
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .where(
      and(
        inArray(
          matchMembers.matchId,
          own.map((m) => m.matchId),
        ),
        ne(matchMembers.userId, user.id),
      ),
    )
    .orderBy(asc(matchMembers.position));
  return own.map((m) => ({
    ...m,
    partners: partners.filter((p) => p.matchId === m.matchId).map(personName),
  }));
}

/** Newsletters and announcements (deliveries and send logs) and the mails of the outbox transport. */
async function emailsSentTo(ctx: AppContext, user: UserRow) {
  const deliveries = await ctx.db
    .select({
      date: sql<Date>`coalesce(${newsletterDeliveries.sentAt}, ${newsletterDeliveries.createdAt})`,
      subject: sql<string>`coalesce(${newsletters.subject}, ${newsletters.title})`,
      kind: newsletters.kind,
      status: sql<string>`coalesce(${newsletterDeliveries.sendStatus}, ${newsletterDeliveries.state})`,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
    .where(
      or(
        eq(newsletterDeliveries.userId, user.id),
        eq(newsletterDeliveries.recipientEmail, user.email),
      ),
    );
  const logged = await ctx.db
    .select({
      date: sql<string>`${emailLogEntries.entry}->>'timestamp'`,
      subject: emailLogs.newsletterTitle,
      status: sql<string>`${emailLogEntries.entry}->>'send_status'`,
    })
    .from(emailLogEntries)
    .innerJoin(emailLogs, eq(emailLogs.id, emailLogEntries.logId))
    .where(sql`${emailLogEntries.entry}->>'user_email' = ${user.email}`);
  const outbox = await ctx.db
    .select({ date: mailOutbox.createdAt, subject: mailOutbox.subject, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, user.email));
  const queued = await ctx.db
    .select({
      date: outgoingMessages.createdAt,
      kind: outgoingMessages.kind,
      status: outgoingMessages.state,
      sentAt: outgoingMessages.sentAt,
    })
    .from(outgoingMessages)
    .where(eq(outgoingMessages.recipient, user.email));
  return [
    ...deliveries.map((d) => ({ ...d, source: "newsletter delivery" })),
    ...queued.map((q) => ({ ...q, source: "automatic e-mail" })),
    ...logged.map((l) => ({ ...l, kind: "newsletter", source: "send log" })),
    ...outbox.map((o) => ({ ...o, status: "stored in the outbox", source: "outbox" })),
  ];
}

/**
 * What the channels (Slack, Teams) hold about them (docs/chat.md): where they chose to be reached, the Slack user id
 * found by their address (and when), and every Slack message addressed to them or naming them
 * to organise, with its dates and state; never the message's text or Slack's conversation ids.
 */
async function channelsOf(ctx: AppContext, user: UserRow) {
  const [slack] = await ctx.db
    .select({ slackUserId: slackPeople.slackUserId, lookedUpAt: slackPeople.lookedUpAt })
    .from(slackPeople)
    .where(eq(slackPeople.userId, user.id));
  const [teams] = await ctx.db
    .select({ aadObjectId: teamsPeople.aadObjectId, notReached: teamsPeople.notReached })
    .from(teamsPeople)
    .where(eq(teamsPeople.userId, user.id));
  const deliveries = await ctx.db
    .select({
      kind: outgoingMessages.kind,
      matchId: outgoingMessages.matchId,
      toYou: sql<boolean>`${outgoingMessages.userId} is not distinct from ${user.id}::uuid`,
      youOrganise: sql<boolean>`${outgoingMessages.organiserId} is not distinct from ${user.id}::uuid`,
      state: outgoingMessages.state,
      createdAt: outgoingMessages.createdAt,
      sentAt: outgoingMessages.sentAt,
    })
    .from(outgoingMessages)
    .where(
      and(
        inArray(outgoingMessages.channel, ["slack", "teams"]),
        or(eq(outgoingMessages.userId, user.id), eq(outgoingMessages.organiserId, user.id)),
      ),
    )
    .orderBy(asc(outgoingMessages.id));
  return {
    reachBy: user.reachBy ?? "the company's default",
    slackUserId: slack?.slackUserId ?? null,
    slackLookedUpAt: slack?.lookedUpAt ?? null,
    teamsObjectId: teams?.aadObjectId ?? null,
    teamsNotReached: teams?.notReached ?? null,
    deliveries,
  };
}

/** Whitelist entries of their address, and those they added. */
function whitelistEntriesOf(ctx: AppContext, user: UserRow) {
  return ctx.db
    .select({
      email: allowedEmails.email,
      reason: allowedEmails.reason,
      isActive: allowedEmails.isActive,
      managerEmail: sql<
        string | null
      >`case when ${allowedEmails.email} = ${user.email} then ${allowedEmails.managerEmail} end`,
      office: sql<
        string | null
      >`case when ${allowedEmails.email} = ${user.email} then ${allowedEmails.office} end`,
      meetWay: sql<
        string | null
      >`case when ${allowedEmails.email} = ${user.email} then ${allowedEmails.meetWay} end`,
      timeZone: sql<
        string | null
      >`case when ${allowedEmails.email} = ${user.email} then ${allowedEmails.timeZone} end`,
      addedByYou: sql<boolean>`${allowedEmails.addedBy} is not distinct from ${user.id}::uuid`,
      createdAt: allowedEmails.createdAt,
    })
    .from(allowedEmails)
    .where(or(eq(allowedEmails.email, user.email), eq(allowedEmails.addedBy, user.id)));
}
