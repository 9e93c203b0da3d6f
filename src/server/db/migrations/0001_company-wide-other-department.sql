-- The company-wide department list (no domain group) always has the default department "Other".
INSERT INTO "departments" ("name", "display_name", "domain_group_id") VALUES ('Other', 'Other', NULL) ON CONFLICT DO NOTHING;
