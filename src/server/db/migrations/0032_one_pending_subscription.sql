-- Decision 030, one pending subscription per plan and account (or e-mail for a guest): what
-- was left before the rule goes first, so the index can be built. Pending tries whose first
-- cycle never got an order (the order failed after the subscription was written) ...
DELETE FROM "subscriptions" s
WHERE s."status" = 'pendente'
  AND NOT EXISTS (
    SELECT 1 FROM "subscription_cycles" c
    WHERE c."subscription_id" = s."id" AND c."cycle" = 1 AND c."order_id" IS NOT NULL
  );--> statement-breakpoint
-- ... and all but the newest pending try per plan and account (their cycles go by the cascade;
-- their orders stay as they are and expire through the orders' own sweep).
DELETE FROM "subscriptions" s
WHERE s."status" = 'pendente'
  AND EXISTS (
    SELECT 1 FROM "subscriptions" n
    WHERE n."status" = 'pendente'
      AND n."plan_id" = s."plan_id"
      AND coalesce(n."user_id"::text, n."email") = coalesce(s."user_id"::text, s."email")
      AND (n."created_at" > s."created_at" OR (n."created_at" = s."created_at" AND n."id" > s."id"))
  );--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_pending" ON "subscriptions" USING btree ("plan_id",coalesce("user_id"::text, "email")) WHERE "subscriptions"."status" = 'pendente';