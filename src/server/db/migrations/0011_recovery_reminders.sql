CREATE TABLE "recovery_opt_outs" (
	"order_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"opted_out_at" timestamp with time zone,
	CONSTRAINT "recovery_opt_outs_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "recovery_reminders" (
	"order_id" text NOT NULL,
	"step" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_reminders_order_id_step_pk" PRIMARY KEY("order_id","step")
);
--> statement-breakpoint
ALTER TABLE "recovery_opt_outs" ADD CONSTRAINT "recovery_opt_outs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_reminders" ADD CONSTRAINT "recovery_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;