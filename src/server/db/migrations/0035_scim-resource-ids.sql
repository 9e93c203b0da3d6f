ALTER TABLE "users" ADD COLUMN "scim_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_email_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_name_formatted" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_display_name" text;--> statement-breakpoint
UPDATE "users" SET "scim_id" = "id", "scim_email_type" = 'work' WHERE "scim_managed";--> statement-breakpoint
CREATE UNIQUE INDEX "users_scim_id_unique" ON "users" USING btree ("scim_id");
