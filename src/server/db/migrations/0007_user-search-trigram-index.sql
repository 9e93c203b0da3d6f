-- The admin user search (directory/users/list-users.ts) matches ILIKE '%text%' on one expression.
-- A trigram index makes that fast at 100,000 people. pg_trgm ships with PostgreSQL (contrib) and
-- with the embedded database; where it cannot be installed the search still works, by scanning.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: the admin user search will scan the users table';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin (
      (coalesce(first_name, '') || ' ' || coalesce(last_name, '') || chr(1) || email || chr(1) || coalesce(department, ''))
      gin_trgm_ops
    );
  END IF;
END $$;
