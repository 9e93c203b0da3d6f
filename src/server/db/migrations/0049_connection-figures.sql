CREATE TABLE "connection_figures" (
	"from_month" text NOT NULL,
	"to_month" text NOT NULL,
	"domain_group_id" integer NOT NULL,
	"aggregates" jsonb,
	"version" text,
	"counted_at" timestamp with time zone,
	"recount_asked_at" timestamp with time zone,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	CONSTRAINT "connection_figures_from_month_to_month_domain_group_id_pk" PRIMARY KEY("from_month","to_month","domain_group_id")
);
