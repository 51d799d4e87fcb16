CREATE TABLE "refused_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"campaign_id" integer,
	"advocate_id" integer,
	"product_id" integer,
	"conversion_ref" varchar(200) NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refused_reports_reason_check" CHECK ("refused_reports"."reason" in ('over_price_cap', 'over_max_order_value', 'currency_mismatch'))
);
--> statement-breakpoint
ALTER TABLE "refused_reports" ADD CONSTRAINT "refused_reports_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refused_reports_brand_created_idx" ON "refused_reports" USING btree ("brand_id","created_at");
--> statement-breakpoint
CREATE TABLE "payout_previews" (
	"id" varchar(40) PRIMARY KEY DEFAULT 'pvw_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"brand_id" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"payout_ids" jsonb
);
--> statement-breakpoint
ALTER TABLE "payout_previews" ADD CONSTRAINT "payout_previews_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payout_previews_brand_created_idx" ON "payout_previews" USING btree ("brand_id","created_at");
