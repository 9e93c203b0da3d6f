CREATE TABLE "match_refused_times" (
	"match_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"refused_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_refused_times_match_id_starts_at_pk" PRIMARY KEY("match_id","starts_at")
);--> statement-breakpoint
ALTER TABLE "match_refused_times" ADD CONSTRAINT "match_refused_times_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;
