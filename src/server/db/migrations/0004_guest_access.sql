CREATE TABLE "guest_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guest_access_secret_unique" ON "guest_access" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "guest_access_email_idx" ON "guest_access" USING btree ("email","kind");--> statement-breakpoint
CREATE INDEX "guest_access_expires_idx" ON "guest_access" USING btree ("expires_at");