-- Stripe connected by the brand owner (issue 34): a connection's mode, the restricted key and the
-- webhook endpoint the product created with it, and when a first signed event arrived (existing
-- connections count as verified by their last event); each event's mode; a promotion code's Stripe
-- id (promo_…, what events carry) beside the code customers type.
ALTER TABLE "stripe_connections" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD CONSTRAINT "stripe_connections_mode_check" CHECK ("stripe_connections"."mode" in ('test', 'live'));
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD COLUMN "api_key" text;
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD COLUMN "api_key_hint" varchar(40);
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD COLUMN "webhook_endpoint_id" varchar(255);
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD COLUMN "verified_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "stripe_connections" SET "verified_at" = (SELECT max(e."received_at") FROM "stripe_events" e WHERE e."brand_id" = "stripe_connections"."brand_id");
--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "livemode" boolean;
--> statement-breakpoint
ALTER TABLE "stripe_promotion_codes" ADD COLUMN "promotion_code_id" varchar(255);
--> statement-breakpoint
CREATE INDEX "stripe_promotion_codes_brand_promotion_code_idx" ON "stripe_promotion_codes" USING btree ("brand_id","promotion_code_id") WHERE "stripe_promotion_codes"."promotion_code_id" is not null;
