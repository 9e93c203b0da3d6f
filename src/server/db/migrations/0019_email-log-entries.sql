-- A send log's entries move from one JSON array per log to a row each, in the same order
-- (docs/performance.md, "A send log's entries a row each"): a page read 100,000 entries' value
-- to cut 50 out of it.
CREATE TABLE "email_log_entries" (
	"log_id" integer NOT NULL,
	"position" integer NOT NULL,
	"entry" jsonb NOT NULL,
	CONSTRAINT "email_log_entries_log_id_position_pk" PRIMARY KEY("log_id","position")
);
--> statement-breakpoint
ALTER TABLE "email_log_entries" ADD CONSTRAINT "email_log_entries_log_id_email_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."email_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "email_log_entries" ("log_id", "position", "entry")
SELECT l."id", (e.n - 1)::int, e.value
FROM "email_logs" l, jsonb_array_elements(l."entries") WITH ORDINALITY AS e(value, n);--> statement-breakpoint
ALTER TABLE "email_logs" DROP COLUMN "entries";
