CREATE TABLE "ad_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"platform" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_daily_day_step_pk" PRIMARY KEY("day","step")
);
--> statement-breakpoint
CREATE TABLE "funnel_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_visitors" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "funnel_visitors_day_step_hash_pk" PRIMARY KEY("day","step","hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ads_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ad_context" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_events_once" ON "ad_events" USING btree ("order_id","platform","kind");--> statement-breakpoint
CREATE INDEX "ad_events_due_idx" ON "ad_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");