ALTER TABLE "orders" ADD COLUMN "pix_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_reason" text;