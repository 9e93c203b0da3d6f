CREATE INDEX "users_preference_name_sort_idx" ON "users" USING btree ("matching_preference",lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_group_size_name_sort_idx" ON "users" USING btree ("preferred_group_size",lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_pending_name_sort_idx" ON "users" USING btree (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id") WHERE "users"."needs_profile_setup";
