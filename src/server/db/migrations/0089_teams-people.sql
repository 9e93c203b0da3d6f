-- Microsoft Teams (docs/chat.md, "Microsoft Teams"): a person's reach choice gains Teams (its
-- messages are rows of outgoing_messages, channel `teams`), and each person's Teams identity is
-- remembered: their Microsoft Entra object id
-- found by address, the bot's 1:1 conversation with them, or why Teams cannot reach them.
ALTER TABLE "users" DROP CONSTRAINT "users_reach_by_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reach_by_check" CHECK ("users"."reach_by" is null or "users"."reach_by" in ('email', 'slack', 'both', 'teams'));
--> statement-breakpoint
CREATE TABLE "teams_people" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"aad_object_id" text,
	"conversation_id" text,
	"not_reached" text,
	"looked_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "teams_people_aad_object_id_idx" ON "teams_people" ("aad_object_id");
