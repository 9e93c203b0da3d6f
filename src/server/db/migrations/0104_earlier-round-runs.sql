-- A second round of the month takes over the month's round steps; the steps of the round before
-- it are kept here so the admin's timeline still shows them (docs/rounds.md, "A start on any day").
CREATE TABLE "earlier_round_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope_key" text NOT NULL,
	"month" text NOT NULL,
	"pairing_id" integer NOT NULL REFERENCES "pairings"("id") ON DELETE cascade,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earlier_round_runs_once" UNIQUE("pairing_id")
);
--> statement-breakpoint
CREATE INDEX "earlier_round_runs_month_idx" ON "earlier_round_runs" ("scope_key","month");
