ALTER TABLE "subscriptions" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "revoke_pending_at" timestamp with time zone;