-- Billing providers behind one interface (issue 34): the provider ids each conversion was paid
-- by, refunds and disputes kept until their sale arrives (and applied after it), a shared event
-- log and discount codes for providers other than Stripe, and each conversion's refunded part.
CREATE TABLE "billing_objects" (
	"brand_id" integer NOT NULL,
	"provider" text NOT NULL,
	"object_id" varchar(255) NOT NULL,
	"conversion_ref" varchar(200) NOT NULL,
	CONSTRAINT "billing_objects_brand_id_provider_object_id_pk" PRIMARY KEY("brand_id","provider","object_id")
);
--> statement-breakpoint
ALTER TABLE "billing_objects" ADD CONSTRAINT "billing_objects_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "billing_objects" ("brand_id", "provider", "object_id", "conversion_ref")
SELECT "brand_id", 'stripe', "object_id", replace("conversion_ref", 'invoice:', 'link:') FROM "stripe_objects";
--> statement-breakpoint
CREATE TABLE "billing_adjustments" (
	"brand_id" integer NOT NULL,
	"provider" text NOT NULL,
	"adjustment_id" varchar(255) NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"payment_ids" text[] NOT NULL,
	"conversion_ref" varchar(200),
	"amount_minor" bigint NOT NULL,
	"of_minor" bigint,
	"currency" varchar(3),
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_adjustments_brand_id_provider_adjustment_id_pk" PRIMARY KEY("brand_id","provider","adjustment_id"),
	CONSTRAINT "billing_adjustments_kind_check" CHECK ("billing_adjustments"."kind" in ('refund_total', 'refund', 'dispute')),
	CONSTRAINT "billing_adjustments_state_check" CHECK ("billing_adjustments"."state" in ('applied', 'failed', 'opened', 'won', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "billing_adjustments" ADD CONSTRAINT "billing_adjustments_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "billing_adjustments_conversion_idx" ON "billing_adjustments" USING btree ("brand_id","conversion_ref");
--> statement-breakpoint
CREATE INDEX "billing_adjustments_waiting_idx" ON "billing_adjustments" USING gin ("payment_ids") WHERE "billing_adjustments"."conversion_ref" is null;
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"brand_id" integer NOT NULL,
	"provider" text NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"object_id" varchar(255),
	"outcome" text NOT NULL,
	"detail" text NOT NULL,
	"conversion_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_events_brand_id_provider_event_id_pk" PRIMARY KEY("brand_id","provider","event_id"),
	CONSTRAINT "billing_events_outcome_check" CHECK ("billing_events"."outcome" in ('attributed', 'ignored', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "billing_events_brand_received_idx" ON "billing_events" USING btree ("brand_id","provider","received_at");
--> statement-breakpoint
CREATE TABLE "billing_codes" (
	"brand_id" integer NOT NULL,
	"provider" text NOT NULL,
	"code" varchar(255) NOT NULL,
	"campaign_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_codes_brand_id_provider_code_pk" PRIMARY KEY("brand_id","provider","code")
);
--> statement-breakpoint
ALTER TABLE "billing_codes" ADD CONSTRAINT "billing_codes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_codes" ADD CONSTRAINT "billing_codes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_codes" ADD CONSTRAINT "billing_codes_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "billing_codes_campaign_idx" ON "billing_codes" USING btree ("campaign_id");
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "refunded_value" numeric(12, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "refunded_reward" numeric(12, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_reported_with_check";
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_reported_with_check" CHECK ("conversions"."reported_with" in ('secret', 'publishable', 'user', 'stripe', 'paddle', 'lemonsqueezy', 'shopify'));
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_amount_check";
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_amount_check" CHECK (("rewards"."kind" = 'reward' and "rewards"."amount" >= 0) or ("rewards"."kind" = 'clawback' and "rewards"."amount" <> 0));
