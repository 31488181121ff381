CREATE TABLE "product_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"pages" integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_previews_failed_has_reason" CHECK ("product_previews"."status" <> 'failed' OR "product_previews"."reason" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preview_pages" integer[] DEFAULT '{1,2,3}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_previews" ADD CONSTRAINT "product_previews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_previews_product_unique" ON "product_previews" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_previews_due_idx" ON "product_previews" USING btree ("status","next_attempt_at");