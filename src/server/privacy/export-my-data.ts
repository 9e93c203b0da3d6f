import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { erasedName } from "../../shared/former-colleague";
import { helpPath } from "../../shared/help-pages";
import type { AppContext } from "../context";
import {
  activities,
  allowedEmails,
  authCodes,
  chatDeliveries,
  checkIns,
  companyInquiries,
  emailLogEntries,
  emailLogs,
  emailVerifications,
  images,
  magicLinkTokens,
  mailOutbox,
  matchBusyTimes,
  matches,
  matchMembers,
  neverWith,
  newsletterDeliveries,
  newsletters,
  outgoingMessages,
  pairings,
  passwordResetTokens,
  sessions,
  slackPeople,
  stillInQuestions,
  type UserRow,
  users,
} from "../db/schema";
import { NotFound } from "../errors";

/** A person's name as others see it; an erased person is named by `erasedName`. */
export function personName(
  user: Pick<UserRow, "firstName" | "lastName" | "erasedAt" | "email">,
): string {
  if (user.erasedAt) return erasedName(user.email);
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || "(no name yet)";
}

/**
 * Everything stored about one person, as one JSON document (docs/privacy.md "What the export
 * holds", field by field): their profile, participation, matches with their partners' names, their
 * answers, the e-mails sent to them, their sign-ins and sessions (never a secret or a hash), and
 * the activity lines about them. personal-data.ts lists which table feeds which section.
 */
export async function exportMyData(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound("Your account no longer exists.");
  return {
    exportedAt: ctx.clock.now().toISOString(),
    about: `Everything Cup of Joe stores about you. ${ctx.config.appUrl}${helpPath("privacy", "downloading-your-data")} explains each section; ask your administrator if something is wrong.`,
    profile: profileOf(user),
    participation: participationOf(user),
    matches: await matchesOf(ctx, user),
    checkIns: await ctx.db
      .select({
        pairingId: checkIns.pairingId,
        matchId: checkIns.matchId,
        askedAt: checkIns.askedAt,
        remindedAt: checkIns.remindedAt,
      })
      .from(checkIns)
      .where(eq(checkIns.userId, user.id))
      .orderBy(asc(checkIns.askedAt)),
    busyTimes: await ctx.db
      .select({
        matchId: matchBusyTimes.matchId,
        busy: matchBusyTimes.busy,
        readFrom: matchBusyTimes.readFrom,
        readTo: matchBusyTimes.readTo,
        readAt: matchBusyTimes.readAt,
      })
      .from(matchBusyTimes)
      .where(eq(matchBusyTimes.userId, user.id))
      .orderBy(asc(matchBusyTimes.matchId)),
    neverWith: await ctx.db
      .select({ colleagueId: neverWith.otherId, addedAt: neverWith.addedAt })
      .from(neverWith)
      .where(eq(neverWith.userId, user.id))
      .orderBy(asc(neverWith.addedAt)),
    stillInQuestions: await ctx.db
      .select({
        scope: stillInQuestions.scopeKey,
        silentMonths: stillInQuestions.silentMonths,
        askedAt: stillInQuestions.askedAt,
        choice: stillInQuestions.choice,
        answeredAt: stillInQuestions.answeredAt,
      })
      .from(stillInQuestions)
      .where(eq(stillInQuestions.userId, user.id))
      .orderBy(asc(stillInQuestions.askedAt)),
    emailsSent: await emailsSentTo(ctx, user),
    chat: await chatOf(ctx, user),
    signInRequests: await signInRequestsOf(ctx, user.email),
    sessions: await ctx.db
      .select({
        kind: sessions.kind,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastAccessedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt)),
    ...(await otherRecordsOf(ctx, user)),
  };
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
 * What chat holds about them (docs/chat.md): where they chose to be reached, the Slack user id
 * found by their address (and when), and every Slack message addressed to them or naming them
 * to organise, with its dates and state; never the message's text or Slack's conversation ids.
 */
async function chatOf(ctx: AppContext, user: UserRow) {
  const [slack] = await ctx.db
    .select({ slackUserId: slackPeople.slackUserId, lookedUpAt: slackPeople.lookedUpAt })
    .from(slackPeople)
    .where(eq(slackPeople.userId, user.id));
  const deliveries = await ctx.db
    .select({
      kind: chatDeliveries.kind,
      matchId: chatDeliveries.matchId,
      toYou: sql<boolean>`${chatDeliveries.userId} is not distinct from ${user.id}::uuid`,
      youOrganise: sql<boolean>`${chatDeliveries.organiserId} is not distinct from ${user.id}::uuid`,
      state: chatDeliveries.state,
      createdAt: chatDeliveries.createdAt,
      sentAt: chatDeliveries.sentAt,
    })
    .from(chatDeliveries)
    .where(
      and(
        eq(chatDeliveries.channel, "slack"),
        or(eq(chatDeliveries.userId, user.id), eq(chatDeliveries.organiserId, user.id)),
      ),
    )
    .orderBy(asc(chatDeliveries.id));
  return {
    reachBy: user.reachBy ?? "the company's default",
    slackUserId: slack?.slackUserId ?? null,
    slackLookedUpAt: slack?.lookedUpAt ?? null,
    deliveries,
  };
}

/** Codes and links asked for (when, from where, used or not), never the code or link itself. */
async function signInRequestsOf(ctx: AppContext, email: string) {
  const fields = (t: typeof authCodes | typeof magicLinkTokens) => ({
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    used: t.isUsed,
    usedAt: t.usedAt,
    ipAddress: t.ipAddress,
    userAgent: t.userAgent,
  });
  const codes = await ctx.db
    .select(fields(authCodes))
    .from(authCodes)
    .where(eq(authCodes.email, email));
  const links = await ctx.db
    .select(fields(magicLinkTokens))
    .from(magicLinkTokens)
    .where(eq(magicLinkTokens.email, email));
  const older = [
    ...(await ctx.db
      .select({ createdAt: emailVerifications.createdAt, used: emailVerifications.isUsed })
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email))),
    ...(await ctx.db
      .select({ createdAt: passwordResetTokens.createdAt, used: passwordResetTokens.isUsed })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.email, email))),
  ];
  return [
    ...codes.map((c) => ({ kind: "sign-in code", ...c })),
    ...links.map((l) => ({ kind: "sign-in link", ...l })),
    ...older.map((o) => ({ kind: "older sign-up or password-reset request", ...o })),
  ];
}

/** Activity lines about them, whitelist entries, uploads, pairings they made, company inquiries. */
async function otherRecordsOf(ctx: AppContext, user: UserRow) {
  return {
    activity: await ctx.db
      .select({
        at: activities.at,
        kind: activities.kind,
        detail: activities.detail,
        data: activities.data,
      })
      .from(activities)
      .where(eq(activities.userId, user.id))
      .orderBy(asc(activities.at)),
    whitelistEntries: await ctx.db
      .select({
        email: allowedEmails.email,
        reason: allowedEmails.reason,
        isActive: allowedEmails.isActive,
        addedByYou: sql<boolean>`${allowedEmails.addedBy} is not distinct from ${user.id}::uuid`,
        createdAt: allowedEmails.createdAt,
      })
      .from(allowedEmails)
      .where(or(eq(allowedEmails.email, user.email), eq(allowedEmails.addedBy, user.id))),
    uploads: (
      await ctx.db
        .select({ filename: images.filename, purpose: images.purpose, createdAt: images.createdAt })
        .from(images)
        .where(eq(images.uploadedBy, user.id))
    ).map(({ filename, ...rest }) => ({ url: `/uploads/${filename}`, ...rest })),
    pairingsCreated: await ctx.db
      .select({
        id: pairings.id,
        name: pairings.name,
        month: pairings.month,
        createdAt: pairings.createdAt,
      })
      .from(pairings)
      .where(eq(pairings.createdBy, user.id)),
    inquiries: await ctx.db
      .select({
        companyName: companyInquiries.companyName,
        expectedUsers: companyInquiries.expectedUsers,
        additionalInfo: companyInquiries.additionalInfo,
        ipAddress: companyInquiries.ipAddress,
        createdAt: companyInquiries.createdAt,
      })
      .from(companyInquiries)
      .where(eq(companyInquiries.contactEmail, user.email)),
  };
}
