CREATE TABLE "product_bumps" (
	"product_id" integer NOT NULL,
	"bump_product_id" integer NOT NULL,
	"offer_cents" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_bumps_product_id_bump_product_id_pk" PRIMARY KEY("product_id","bump_product_id"),
	CONSTRAINT "product_bumps_not_self" CHECK ("product_bumps"."product_id" <> "product_bumps"."bump_product_id"),
	CONSTRAINT "product_bumps_offer_non_negative" CHECK ("product_bumps"."offer_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_bundle_items" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_bundle_items_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id"),
	CONSTRAINT "product_bundle_items_not_self" CHECK ("product_bundle_items"."bundle_id" <> "product_bundle_items"."product_id")
);
--> statement-breakpoint
DROP INDEX "purchases_order_item_unique";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bump_for" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_bumps" ADD CONSTRAINT "product_bumps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bumps" ADD CONSTRAINT "product_bumps_bump_product_id_products_id_fk" FOREIGN KEY ("bump_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bundle_items" ADD CONSTRAINT "product_bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bundle_items" ADD CONSTRAINT "product_bundle_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_bundle_items_product_idx" ON "product_bundle_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_order_item_product_unique" ON "purchases" USING btree ("order_item_id","product_id");