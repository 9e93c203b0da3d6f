CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"pairing_id" integer NOT NULL,
	"match_id" integer,
	"user_id" uuid NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "check_ins_pairing_user_unique" UNIQUE("pairing_id","user_id"),
	CONSTRAINT "check_ins_answer_check" CHECK ("check_ins"."answer" is null or "check_ins"."answer" in ('met', 'not_yet', 'skip'))
);
--> statement-breakpoint
CREATE TABLE "still_in_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"scope_key" text NOT NULL,
	"silent_months" jsonb NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"choice" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "still_in_questions_choice_check" CHECK ("still_in_questions"."choice" is null or "still_in_questions"."choice" in ('stay_in', 'pause', 'opt_out'))
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "still_in_questions" ADD CONSTRAINT "still_in_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_user_idx" ON "check_ins" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "still_in_questions_one_open" ON "still_in_questions" USING btree ("user_id") WHERE "still_in_questions"."answered_at" is null;