CREATE INDEX "users_status_name_sort_idx" ON "users" USING btree ("participation_status",lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");--> statement-breakpoint
CREATE INDEX "users_account_name_sort_idx" ON "users" USING btree ("is_active",lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')),"id");
