import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { erasedAddress, erasedName } from "../../shared/former-colleague";
import { personName } from "../../shared/person-name";
import { recordActivity } from "../activity/activity";
import { type NamedPerson, peopleLine } from "../activity/people-line";
import { isEmailAllowed } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import {
  allowedEmails,
  images,
  interestTags,
  mailOutbox,
  neverWith,
  outgoingMessages,
  signInThrottles,
  slackPeople,
  stillInQuestions,
  teamsPeople,
  type UserRow,
  users,
} from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { removeStoredImage } from "../images/store-image";
import { type ChangeNotice, queueChangeNotices } from "../pairings/current/change-notices";
import { leaveRunningPairings } from "../pairings/current/leave-running-pairings";
import { lockRunningPairings } from "../pairings/locks/pairing-locks";
import { lockPerson } from "../pairings/locks/people-locks";
import { eraseFromActivityLines, eraseFromCompletedRecords } from "./erase-named-texts";
import { deleteRowsOf } from "./person-tables";
import { scrubAddressEverywhere } from "./scrub-text";

export interface Erasure {
  /** Partners of a running pair left alone, to be re-paired under Current Pairings. */
  leftAlone: string[];
  /** How history names them now: "someone who left the programme" or "a former colleague". */
  name: string;
}

/**
 * Erases a person (docs/privacy.md "Deleting an account"), at their request or an admin's: in one
 * transaction that locks their row, they leave the running pairings as a deactivation does
 * (deactivate-user.ts), their sessions, codes, links, queued and stored mails and their own
 * whitelist entry go, their row keeps only what counts need (inactive, named "someone who left the
 * programme", or "a former colleague" when their access had already been removed), and
 * every other copy of their address (whole) in any table is replaced, with their name only in
 * texts about them (eraseTexts). Their uploaded profile
 * photos are deleted, files included, after the commit.
 */
export async function erasePerson(
  ctx: AppContext,
  id: string,
  by: "themself" | NamedPerson,
): Promise<Erasure> {
  const now = ctx.clock.now();
  const { notices, photos, name } = await ctx.db.transaction(async (tx) => {
    // Every running pairing first, then the person, as a deactivation (docs/rounds.md,
    // "Invariants of a round").
    await lockRunningPairings(tx);
    const user = await lockPerson(tx, id);
    if (!user || user.erasedAt)
      throw new NotFound("This person does not exist or was already erased.");
    if (user.isAdmin) {
      throw new Conflict(
        "Admin accounts are managed by the operator (npm run admin); take the admin rights away first.",
        "admin_account",
      );
    }
    // Said before anything changes: was their access already removed (deactivated, off the
    // whitelist, deprovisioned)? Only then is "a former colleague" true (docs/privacy.md).
    const to = erasedAddress(id, !user.isActive || !(await isEmailAllowed(tx, user.email)));
    await tx.update(users).set({ isActive: false }).where(eq(users.id, id));
    const notices = await leaveRunningPairings(ctx, tx, id, "left Cup of Joe");
    await forgetSignIns(tx, user);
    // Their "never with" list, and their place on others' lists (docs/profile.md, "Never with").
    await tx.delete(neverWith).where(or(eq(neverWith.userId, id), eq(neverWith.otherId, id)));
    // Nobody's manager any more, and no tag they suggested names them (docs/profile.md).
    await forgetAsManager(tx, user);
    await tx
      .update(interestTags)
      .set({ suggestedBy: null })
      .where(eq(interestTags.suggestedBy, id));
    // The remembered Slack lookup holds the address (docs/chat.md).
    await tx.delete(slackPeople).where(eq(slackPeople.userId, id));
    await tx.delete(teamsPeople).where(eq(teamsPeople.userId, id));
    // The channels' send log keeps its rows for the counts but names them no more.
    await tx.update(outgoingMessages).set({ userId: null }).where(eq(outgoingMessages.userId, id));
    await tx
      .update(outgoingMessages)
      .set({ organiserId: null })
      .where(eq(outgoingMessages.organiserId, id));
    const uploaded = await tx
      .select({ filename: images.filename })
      .from(images)
      .where(and(eq(images.uploadedBy, id), eq(images.purpose, "profile")));
    await tx.update(users).set(anonymous(to, now)).where(eq(users.id, id));
    await eraseTexts(tx, user, to);
    // Naming nobody but the admin who erased (docs/privacy.md).
    await recordActivity(
      ctx,
      {
        kind: "person.erased",
        userId: id,
        detail:
          by === "themself"
            ? `A person deleted their account; their history stays as ${erasedName(to)}.`
            : peopleLine`${by} erased a person on request; their history stays as ${erasedName(to)}.`,
        data: { by: by === "themself" ? id : by.id },
      },
      tx,
    );
    const told = notices.map((notice) => anonymousLeaver(notice, erasedName(to)));
    await queueChangeNotices(ctx, tx, told);
    return { notices: told, photos: uploaded.map((p) => p.filename), name: erasedName(to) };
  });
  for (const filename of photos) await removeStoredImage(ctx, filename);
  const leftAlone = notices.flatMap((n) => (n.kind === "left-alone" ? [personName(n.person)] : []));
  return { leftAlone, name };
}

/**
 * Their address and name leave the texts about them, and only those (docs/privacy.md): lines
 * and records found by their id or their whole address, then every other whole copy of the
 * address, with their name inside the same value.
 */
async function eraseTexts(tx: Tx, user: UserRow, to: string): Promise<void> {
  const name = user.firstName && user.lastName ? personName(user) : null;
  const nameTo = erasedName(to);
  await eraseFromActivityLines(tx, user.id, name, nameTo);
  await eraseFromCompletedRecords(tx, user.email, to, nameTo);
  await scrubAddressEverywhere(tx, { email: user.email, to, name, nameTo });
}

/**
 * The partners' e-mails about the change name the erased person only as `name` ("Someone who
 * left the programme can no longer take part in …").
 */
function anonymousLeaver(notice: ChangeNotice, name: string): ChangeNotice {
  if (notice.kind !== "group-smaller" && notice.kind !== "left-alone") return notice;
  const sentence = name.charAt(0).toUpperCase() + name.slice(1);
  const left = { ...notice.left, firstName: sentence, lastName: null, email: "" };
  return { ...notice, left };
}

/** Everything tied to them that only serves signing in, reaching them or planning their chats. */
async function forgetSignIns(tx: Tx, user: UserRow): Promise<void> {
  const email = user.email;
  // Sessions, codes and links, busy times read from their calendar: person-tables.ts.
  await deleteRowsOf(tx, user);
  await tx.delete(signInThrottles).where(inArray(signInThrottles.key, [`account:${email}`]));
  await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, email));
  await tx.delete(outgoingMessages).where(eq(outgoingMessages.recipient, email));
  // An open "Still up for coffee chats?" question waits for nobody now; answered ones are history.
  await tx
    .delete(stillInQuestions)
    .where(and(eq(stillInQuestions.userId, user.id), isNull(stillInQuestions.answeredAt)));
  // The whitelist decides whether the address may come back: a domain entry still admits it.
  await tx.delete(allowedEmails).where(eq(allowedEmails.email, email));
}

/**
 * Nobody's manager any more: not by account, nor by their address, SCIM externalId or userName
 * waiting on someone (`users.manager_ref`) or kept on an import's entry (docs/profile.md).
 */
async function forgetAsManager(tx: Tx, user: UserRow): Promise<void> {
  await tx.update(users).set({ managerId: null }).where(eq(users.managerId, user.id));
  const names = [user.email, user.scimUserName].flatMap((n) => (n ? [n.toLowerCase()] : []));
  await tx
    .update(users)
    .set({ managerRef: null })
    .where(
      or(
        inArray(sql`lower(${users.managerRef})`, names),
        user.scimExternalId ? eq(users.managerRef, user.scimExternalId) : undefined,
      ),
    );
  await tx
    .update(allowedEmails)
    .set({ managerEmail: null })
    .where(eq(allowedEmails.managerEmail, user.email.toLowerCase()));
}

function anonymous(email: string, now: Date): Partial<UserRow> {
  return {
    email,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    bio: null,
    department: null,
    // Where and when they work says something about them too (docs/privacy.md).
    timeZone: null,
    workingHours: null,
    timeZoneConfirmed: false,
    meetWay: null,
    office: null,
    managerId: null,
    managerRef: null,
    interests: [],
    // Counted as nobody taking part, with no dates or reasons of their life left.
    participationStatus: "opted_out",
    pauseStartDate: null,
    pauseEndDate: null,
    pauseReason: null,
    leaveStartDate: null,
    leaveEndDate: null,
    leaveReason: null,
    // The provider's name and id for them (often the address): a later provisioning is a new person.
    scimManaged: false,
    scimUserName: null,
    scimExternalId: null,
    scimId: null,
    scimEmailType: null,
    scimNameFormatted: null,
    scimDisplayName: null,
    passwordHash: null,
    isActive: false,
    isAdmin: false,
    erasedAt: now,
    updatedAt: now,
  };
}
