CREATE TABLE "worker_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"stopped_at" timestamp with time zone
);
