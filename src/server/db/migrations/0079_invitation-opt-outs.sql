-- Addresses that asked for no more invitations (docs/mail.md, "Invitations and reminders"): the
-- invitation's one-click unsubscribe writes one; no invitation or reminder goes to it again.
-- Keyed by the address, so it holds whether or not the address is on the whitelist or has an account.
CREATE TABLE "invitation_opt_outs" (
  "email" text PRIMARY KEY NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
