CREATE TABLE "match_members" (
	"match_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"connection_status" text DEFAULT 'pending' NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "match_members_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "match_members_position_unique" UNIQUE("match_id","position"),
	CONSTRAINT "match_members_position_check" CHECK ("match_members"."position" between 1 and 4),
	CONSTRAINT "match_members_connection_check" CHECK ("match_members"."connection_status" in ('pending', 'confirmed', 'not_confirmed'))
);
--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_user1_connection_check";--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_user2_connection_check";--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_user3_connection_check";--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_distinct_members";--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_user1_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_user2_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_user3_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "matches_user1_idx";--> statement-breakpoint
DROP INDEX "matches_user2_idx";--> statement-breakpoint
DROP INDEX "matches_user3_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_group_size" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_members_user_idx" ON "match_members" USING btree ("user_id","match_id");--> statement-breakpoint
-- Written by hand: every member of every match, with their answer, moves to match_members in the
-- order the match listed them (decision 0021) before the member columns go.
INSERT INTO "match_members" ("match_id", "user_id", "position", "connection_status", "confirmed_at")
SELECT "id", "user1_id", 1, "user1_connection_status", "user1_confirmed_at" FROM "matches"
UNION ALL
SELECT "id", "user2_id", 2, "user2_connection_status", "user2_confirmed_at" FROM "matches"
UNION ALL
SELECT "id", "user3_id", 3, coalesce("user3_connection_status", 'pending'), "user3_confirmed_at"
FROM "matches" WHERE "user3_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user1_id";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user2_id";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user3_id";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user1_connection_status";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user2_connection_status";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user3_connection_status";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user1_confirmed_at";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user2_confirmed_at";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "user3_confirmed_at";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_group_size_check" CHECK ("users"."preferred_group_size" between 2 and 4);