-- Fraud and abuse (docs/fraud.md): a brand's fraud settings, the facts the rules read off a
-- conversion (its click's visitor, the reporting client's address, the customer's email, all as
-- keyed hashes), the reasons a reward is held for a person, and the keyed fingerprint of a payout
-- method that finds the same PayPal address or bank account under two advocates.
CREATE TABLE "brand_fraud_settings" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"publishable_keys" boolean DEFAULT true NOT NULL,
	"attribution_window_days" integer DEFAULT 90 NOT NULL,
	"max_order_value" numeric(12, 2) DEFAULT 10000 NOT NULL,
	"self_referral" boolean DEFAULT true NOT NULL,
	"visitor_velocity" boolean DEFAULT true NOT NULL,
	"paid_ads" boolean DEFAULT true NOT NULL,
	"duplicate_payout" boolean DEFAULT true NOT NULL,
	"disposable_email" boolean DEFAULT true NOT NULL,
	"visitor_daily_max" integer DEFAULT 3 NOT NULL,
	"address_hourly_max" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brand_fraud_settings_window_check" CHECK ("brand_fraud_settings"."attribution_window_days" >= 1 and "brand_fraud_settings"."attribution_window_days" <= 365),
	CONSTRAINT "brand_fraud_settings_max_order_check" CHECK ("brand_fraud_settings"."max_order_value" > 0),
	CONSTRAINT "brand_fraud_settings_visitor_max_check" CHECK ("brand_fraud_settings"."visitor_daily_max" >= 1),
	CONSTRAINT "brand_fraud_settings_address_max_check" CHECK ("brand_fraud_settings"."address_hourly_max" >= 1)
);
--> statement-breakpoint
ALTER TABLE "brand_fraud_settings" ADD CONSTRAINT "brand_fraud_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "forbid_paid_ads" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "visitor_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "client_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "customer_email_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "customer_ref" varchar(200);--> statement-breakpoint
CREATE INDEX "conversions_visitor_created_idx" ON "conversions" USING btree ("visitor_hash","created_at") WHERE "conversions"."visitor_hash" is not null;--> statement-breakpoint
CREATE INDEX "conversions_client_created_idx" ON "conversions" USING btree ("client_hash","created_at") WHERE "conversions"."client_hash" is not null;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "hold_reasons" text[];--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_status_check";--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_status_check" CHECK ("rewards"."status" in ('pending', 'approved', 'paid', 'rejected', 'held'));--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "fingerprint" varchar(64);--> statement-breakpoint
CREATE INDEX "payout_methods_fingerprint_idx" ON "payout_methods" USING btree ("fingerprint") WHERE "payout_methods"."fingerprint" is not null;
