CREATE TABLE "match_busy_times" (
	"match_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"busy" jsonb NOT NULL,
	"read_from" timestamp with time zone NOT NULL,
	"read_to" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_busy_times_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);--> statement-breakpoint
ALTER TABLE "match_busy_times" ADD CONSTRAINT "match_busy_times_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_busy_times" ADD CONSTRAINT "match_busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_busy_times_user_idx" ON "match_busy_times" USING btree ("user_id");
