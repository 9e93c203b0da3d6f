-- The users list's "No current match" counts read each employee's status, account and id from
-- this index alone rather than from their whole rows (docs/performance.md, "The users list, its
-- filters and its search at 100,000"). Its condition is db/employee.ts's, word for word, so the
-- planner can tell it holds every employee.
CREATE INDEX "users_employee_status_idx" ON "users" USING btree ("participation_status","is_active","id") WHERE ("users"."erased_at" is null
  and not ("users"."is_admin" and "users"."needs_profile_setup"));
