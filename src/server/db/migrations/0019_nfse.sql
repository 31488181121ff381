CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"order_id" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_requests_protocol_unique" UNIQUE("protocol")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"provider" text,
	"provider_ref" text,
	"amount_cents" integer NOT NULL,
	"number" text,
	"pdf_url" text,
	"xml_url" text,
	"message" text,
	"authorized_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_amount_non_negative" CHECK ("invoices"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_versions_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_created_idx" ON "contact_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_email_idx" ON "contact_requests" USING btree ("email");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "invoices_authorized_idx" ON "invoices" USING btree ("authorized_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_terms_version_id_terms_versions_id_fk" FOREIGN KEY ("terms_version_id") REFERENCES "public"."terms_versions"("id") ON DELETE no action ON UPDATE no action;