/**
 * Every column that may name a person, table by table, and where the export shows it
 * (docs/privacy.md "What the export holds"): a section name of the export, or `-` and why it is
 * left out. personal-data.test.ts walks the database schema and fails when a table gets a column
 * that refers to users.id, names an address or a person, or holds JSON, and is not listed here,
 * so a new table cannot be forgotten. Erasure (erase-person.ts) and retention treat them too.
 */
export const personalDataCoverage: Record<string, Record<string, string>> = {
  users: {
    id: "profile",
    email: "profile",
    manager_id: "profile (managerId)",
    manager_ref: "profile (managerRef: a manager named before their account exists)",
  },
  interest_tags: {
    suggested_by:
      "- who suggested a tag, never shown (the admin sees the tag only); emptied when that account is erased",
  },
  allowed_emails: {
    email: "whitelistEntries",
    added_by: "whitelistEntries",
    manager_email:
      "whitelistEntries (the person's own entry's manager, kept until their first sign-in; never another's)",
    office: "whitelistEntries (the person's own entry's office, kept until their first sign-in)",
    meet_way:
      "whitelistEntries (the person's own entry's way to meet, kept until their first sign-in)",
    time_zone:
      "whitelistEntries (the person's own entry's time zone, kept until their first sign-in)",
  },
  pairings: {
    created_by: "pairingsCreated",
    stats: "- counts of the pairing, no names",
    sat_out:
      "- who sat out, by account id with a reason code; worded with the name of the day when shown",
  },
  match_members: { user_id: "matches" },
  never_with: {
    user_id: "neverWith",
    other_id:
      "neverWith (the colleagues on the person's own list; a list naming them is its owner's alone)",
  },
  match_calendar_events: {
    recipient_ids:
      "- the accounts sent a match's calendar invitation; each invitation is in their sent e-mails",
    booked_by:
      "- who booked the match's chat, shown to its members; emptied when that account is deleted",
  },
  match_busy_times: {
    user_id: "busyTimes",
    busy: "busyTimes (instants only, read from the company's calendar)",
  },
  member_view_versions: { user_id: "- a change counter, holds nothing about the person" },
  completed_pairings: { content: "matches (the same matches, as kept in the completed record)" },
  magic_link_tokens: { email: "signInRequests", ip_address: "signInRequests" },
  auth_codes: { email: "signInRequests", ip_address: "signInRequests" },
  email_verifications: { email: "signInRequests" },
  password_reset_tokens: { email: "signInRequests" },
  sessions: { user_id: "sessions", ip_address: "sessions" },
  company_inquiries: { contact_email: "inquiries", ip_address: "inquiries" },
  newsletters: {
    validation: "- the admin's check of a pairing file, counts only",
    mails:
      "- a match change's e-mails, built for its deliveries; each person's is in their sent e-mails",
  },
  newsletter_deliveries: {
    user_id: "emailsSent",
    recipient_email: "emailsSent",
    match_email: "emailsSent",
    claimed_by: "- the worker process holding the send",
  },
  email_logs: { match_validation_summary: "- counts only" },
  email_log_entries: { entry: "emailsSent" },
  newsletter_archive: { snapshot: "- the newsletter as sent to everyone, no recipient list" },
  images: { uploaded_by: "uploads" },
  outgoing_messages: {
    recipient: "emailsSent",
    data: "- what the message is rendered from: the recipient's own names, dates and links; a Slack, Teams or webhook message's ids, month, conversation starter, text or webhook event",
    claimed_by: "- the worker process holding the send",
    user_id: "channels (deliveries addressed to them)",
    organiser_id: "channels (deliveries naming them to organise)",
    result: "- Slack's conversation id and message time",
  },
  mail_outbox: { to_address: "emailsSent", from_address: "- the app's own sender", links: "-" },
  settings: { value: "- the company's settings" },
  round_settings: { schedule: "- the company's schedule" },
  round_drafts: {
    matches: "- an unpublished draft only admins see; published, it becomes the matches",
    unmatched: "- as matches",
    stats: "- counts only",
    sat_out: "- as pairings.sat_out",
  },
  activities: { user_id: "activity", data: "activity" },
  still_in_questions: { user_id: "stillInQuestions", silent_months: "stillInQuestions" },
  check_ins: { user_id: "checkIns" },
  round_steps: { claimed_by: "- the process running the step" },
  earlier_round_runs: {
    steps: "- an earlier round's steps: dates, states and notes, naming nobody",
  },
  daily_jobs: { claimed_by: "- the process running the job" },
  slack_people: {
    user_id: "channels",
    email: "- the address looked up: the profile's own",
    slack_user_id: "channels (slackUserId)",
  },
  teams_people: {
    user_id: "channels",
    email: "- the address looked up: the profile's own",
    aad_object_id: "channels (teamsObjectId)",
    conversation_id: "- the bot's 1:1 conversation id in Teams, no content",
    not_reached: "channels (teamsNotReached)",
  },
  connection_figures: {
    aggregates:
      "- counts per department, department pair, month and reach bucket, no person named or identified; the privacy threshold hides the small ones whenever they are shown",
    claimed_by: "- the worker process recounting the figures",
  },
  webhook_endpoints: { events: "- the event names an admin chose" },
  invitation_opt_outs: {
    email:
      "- an address that asked for no more invitations; kept after an erasure too, so that none is sent to it again",
  },
  api_tokens: {
    created_by:
      "- the admin who made an API token: a credential of the install, never exported; it goes with the account",
  },
};

/** The export's sections, in the order the document lists them. */
export const exportSections = [
  "profile",
  "participation",
  "matches",
  "checkIns",
  "busyTimes",
  "neverWith",
  "stillInQuestions",
  "emailsSent",
  "channels",
  "signInRequests",
  "sessions",
  "activity",
  "whitelistEntries",
  "uploads",
  "pairingsCreated",
  "inquiries",
] as const;

export type ExportSection = (typeof exportSections)[number];
