CREATE TABLE "checkout_reminder_addresses" (
	"email" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
