CREATE TABLE "stamped_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claim_id" text,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"copy_key" text,
	"copy_sha256" text,
	"copy_size" bigint,
	"fallback_reason" text,
	"last_error" text,
	"ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamped_copies_ready_has_copy" CHECK ("stamped_copies"."status" <> 'ready' OR "stamped_copies"."copy_key" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stamp_pdf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamped_copies_purchase_source_unique" ON "stamped_copies" USING btree ("purchase_id","source_key");--> statement-breakpoint
CREATE INDEX "stamped_copies_due_idx" ON "stamped_copies" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "stamped_copies_product_idx" ON "stamped_copies" USING btree ("product_id","status");