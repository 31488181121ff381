CREATE TABLE "backup_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"in_dir" boolean DEFAULT false NOT NULL,
	"in_s3" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"check" text NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_id" text
);
--> statement-breakpoint
CREATE TABLE "health_states" (
	"name" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"failures_in_a_row" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_copies_name_unique" ON "backup_copies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "backup_copies_taken_idx" ON "backup_copies" USING btree ("taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_job_period_unique" ON "backup_runs" USING btree ("job","period");--> statement-breakpoint
CREATE UNIQUE INDEX "health_alerts_check_period_unique" ON "health_alerts" USING btree ("check","period");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_failures_unique" ON "provider_failures" USING btree ("provider","kind");