/** Enumerations of the docs (docs/*.md), shared by the database schema, the API contract and the pages. */
export const matchingPreferences = ["same-department", "cross-department", "any"] as const;
export type MatchingPreference = (typeof matchingPreferences)[number];

/** How a person can meet their group (docs/pairings.md, "Ways to meet"). */
export const meetWays = ["in-person", "online", "either"] as const;
export type MeetWay = (typeof meetWays)[number];

export const participationStatuses = ["active", "paused", "opted_out"] as const;
export type ParticipationStatus = (typeof participationStatuses)[number];

export const employeeStatuses = ["active", "on_leave", "inactive"] as const;
export type EmployeeStatus = (typeof employeeStatuses)[number];

export const authMethods = [
  "hosted",
  "magic_link",
  "code",
  "password",
  "simple",
  "oidc",
  "scim",
] as const;
export type AuthMethod = (typeof authMethods)[number];

/** An employee session comes from a code or link; only the admin password sign-in gives an admin session. */
export const sessionKinds = ["employee", "admin"] as const;
export type SessionKind = (typeof sessionKinds)[number];

export const matchStatuses = ["active", "completed"] as const;
export type MatchStatus = (typeof matchStatuses)[number];

export const connectionStatuses = ["pending", "confirmed", "not_confirmed"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

export const pairingStatuses = ["active", "completed"] as const;
export type PairingStatus = (typeof pairingStatuses)[number];

/** The dated steps of a scheduled round (docs/rounds.md); completing the last round is part of publishing. */
export const roundStepKinds = ["draft", "publish", "check-in", "reminder"] as const;
export type RoundStepKind = (typeof roundStepKinds)[number];

/** `running` is held under a lease; `skipped` is a step that had nothing to do or was called off. */
export const roundStepStates = ["pending", "running", "done", "skipped", "failed"] as const;
export type RoundStepState = (typeof roundStepStates)[number];

export const oddPolicies = ["sit-out", "trio"] as const;
export type OddPolicy = (typeof oddPolicies)[number];

/** `sending` lasts from the start of a send until its last delivery has ended. */
export const newsletterStatuses = ["draft", "approved", "sending", "sent"] as const;
/**
 * A newsletter an admin edits, or a published round's short announcement (docs/rounds.md). The
 * launch invitation, later invitations and a changed match's e-mails were sends of their own
 * before they moved to the outbox (docs/mail.md); their earlier rows keep these kinds.
 */
export const newsletterKinds = [
  "newsletter",
  "announcement",
  "launch",
  "match-change",
  "invitation",
] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const deliveryStates = ["pending", "sending", "sent", "failed"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const sendStatuses = [
  "success",
  "failed",
  "sendgrid_limit",
  "sendgrid_forbidden",
  "sendgrid_error",
] as const;
export type SendStatus = (typeof sendStatuses)[number];

export const imageSources = ["admin-uploaded", "attached-assets-available", "copied"] as const;
export type ImageSource = (typeof imageSources)[number];

export const imagePurposes = ["gallery", "profile"] as const;

export const expectedUsersChoices = [
  "Less than 50",
  "50-100",
  "100-500",
  "500-1000",
  "1000-10,000",
  "10,000+",
] as const;
export type ExpectedUsers = (typeof expectedUsersChoices)[number];

export const mailKinds = [
  "sign-in-code",
  "magic-link",
  "newsletter",
  "inquiry",
  "test",
  "other",
] as const;
export type MailKind = (typeof mailKinds)[number];

/** Why an admin's set-password link was sent: a new admin, or a reset by another admin. */
export const passwordLinkPurposes = ["invite", "reset"] as const;
export type PasswordLinkPurpose = (typeof passwordLinkPurposes)[number];
