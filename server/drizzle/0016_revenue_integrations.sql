-- Revenue integrations (issue 27): rewards per event type and for renewals, remembered customers,
-- Stripe webhooks, and partial refunds (several clawback entries per conversion).
ALTER TABLE "campaigns" ADD COLUMN "event_rewards" jsonb;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recurring_months" integer;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_recurring_months_check" CHECK ("campaigns"."recurring_months" >= 0 and "campaigns"."recurring_months" <= 120);
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "customer_key" varchar(255);
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "renewal_number" integer;
--> statement-breakpoint
CREATE INDEX "conversions_brand_customer_key_idx" ON "conversions" USING btree ("brand_id","customer_key") WHERE "conversions"."customer_key" is not null;
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_reported_with_check";
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_reported_with_check" CHECK ("conversions"."reported_with" in ('secret', 'publishable', 'user', 'stripe'));
--> statement-breakpoint
DROP INDEX "rewards_conversion_kind_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_conversion_reward_key" ON "rewards" USING btree ("conversion_id") WHERE "rewards"."kind" = 'reward';
--> statement-breakpoint
CREATE INDEX "rewards_conversion_idx" ON "rewards" USING btree ("conversion_id","kind");
--> statement-breakpoint
CREATE TABLE "brand_customers" (
	"brand_id" integer NOT NULL,
	"customer_key" varchar(255) NOT NULL,
	"campaign_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"link_id" integer,
	"click_id" varchar(32),
	"source" text DEFAULT 'direct' NOT NULL,
	"label" varchar(255),
	"first_paid_at" timestamp with time zone,
	"subscription_ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brand_customers_brand_id_customer_key_pk" PRIMARY KEY("brand_id","customer_key")
);
--> statement-breakpoint
ALTER TABLE "brand_customers" ADD CONSTRAINT "brand_customers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "brand_customers" ADD CONSTRAINT "brand_customers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "brand_customers" ADD CONSTRAINT "brand_customers_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "stripe_connections" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"webhook_secret" text NOT NULL,
	"connected_by" integer NOT NULL,
	"connected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD CONSTRAINT "stripe_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stripe_connections" ADD CONSTRAINT "stripe_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"brand_id" integer NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"object_id" varchar(255),
	"outcome" text NOT NULL,
	"detail" text NOT NULL,
	"conversion_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_events_brand_id_event_id_pk" PRIMARY KEY("brand_id","event_id"),
	CONSTRAINT "stripe_events_outcome_check" CHECK ("stripe_events"."outcome" in ('attributed', 'ignored', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stripe_events_brand_received_idx" ON "stripe_events" USING btree ("brand_id","received_at");
--> statement-breakpoint
CREATE TABLE "stripe_objects" (
	"brand_id" integer NOT NULL,
	"object_id" varchar(255) NOT NULL,
	"conversion_ref" varchar(200) NOT NULL,
	CONSTRAINT "stripe_objects_brand_id_object_id_pk" PRIMARY KEY("brand_id","object_id")
);
--> statement-breakpoint
ALTER TABLE "stripe_objects" ADD CONSTRAINT "stripe_objects_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "stripe_promotion_codes" (
	"brand_id" integer NOT NULL,
	"code" varchar(255) NOT NULL,
	"campaign_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_promotion_codes_brand_id_code_pk" PRIMARY KEY("brand_id","code")
);
--> statement-breakpoint
ALTER TABLE "stripe_promotion_codes" ADD CONSTRAINT "stripe_promotion_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stripe_promotion_codes" ADD CONSTRAINT "stripe_promotion_codes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stripe_promotion_codes" ADD CONSTRAINT "stripe_promotion_codes_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stripe_promotion_codes_campaign_idx" ON "stripe_promotion_codes" USING btree ("campaign_id");
