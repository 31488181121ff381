CREATE TABLE "favorite_coupon_notices" (
	"user_id" uuid NOT NULL,
	"coupon_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_coupon_notices_user_id_coupon_id_pk" PRIMARY KEY("user_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_shares" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "announce_to_favorites" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "price_seen_cents" integer;--> statement-breakpoint
ALTER TABLE "favorite_coupon_notices" ADD CONSTRAINT "favorite_coupon_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_coupon_notices" ADD CONSTRAINT "favorite_coupon_notices_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_shares" ADD CONSTRAINT "favorite_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hearts given before this migration: their product's price now is the price she has seen.
UPDATE "favorites" SET "price_seen_cents" = "products"."price_cents" FROM "products" WHERE "products"."id" = "favorites"."product_id";
