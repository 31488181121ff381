ALTER TABLE "products" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Stores seeded before this column: the demo's files are stored under files/demo/ (demo-catalog.ts).
UPDATE "products" SET "is_demo" = true WHERE "id" IN (SELECT "product_id" FROM "product_files" WHERE "storage_key" LIKE 'files/demo/%');
