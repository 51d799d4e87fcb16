ALTER TABLE "conversions" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_source_check" CHECK ("conversions"."source" in ('direct', 'social', 'email', 'others'));
--> statement-breakpoint
CREATE INDEX "conversions_brand_created_idx" ON "conversions" USING btree ("brand_id","created_at","id");
--> statement-breakpoint
CREATE TABLE "link_impressions" (
	"hour" timestamp with time zone NOT NULL,
	"link_id" integer NOT NULL,
	"source" text NOT NULL,
	"brand_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"impressions" integer NOT NULL,
	CONSTRAINT "link_impressions_pkey" PRIMARY KEY("link_id","hour","source")
);
--> statement-breakpoint
CREATE TABLE "click_rollups" (
	"brand_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"source" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "click_rollups_pkey" PRIMARY KEY("brand_id","advocate_id","grain","bucket","campaign_id","source")
);
--> statement-breakpoint
CREATE INDEX "click_rollups_advocate_idx" ON "click_rollups" USING btree ("advocate_id","grain","bucket") WHERE "click_rollups"."advocate_id" > 0;
--> statement-breakpoint
CREATE INDEX "click_rollups_campaign_idx" ON "click_rollups" USING btree ("campaign_id","grain","bucket") WHERE "click_rollups"."campaign_id" > 0;
--> statement-breakpoint
CREATE TABLE "conversion_rollups" (
	"brand_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"source" text NOT NULL,
	"event_type" text NOT NULL,
	"currency" varchar(3) NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 2) DEFAULT 0 NOT NULL,
	"rewards" numeric(16, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "conversion_rollups_pkey" PRIMARY KEY("brand_id","advocate_id","grain","bucket","campaign_id","source","event_type","currency")
);
--> statement-breakpoint
CREATE INDEX "conversion_rollups_advocate_idx" ON "conversion_rollups" USING btree ("advocate_id","grain","bucket") WHERE "conversion_rollups"."advocate_id" > 0;
--> statement-breakpoint
CREATE INDEX "conversion_rollups_brand_advocates_idx" ON "conversion_rollups" USING btree ("brand_id","grain","bucket") WHERE "conversion_rollups"."advocate_id" > 0;
--> statement-breakpoint
CREATE INDEX "conversion_rollups_campaign_idx" ON "conversion_rollups" USING btree ("campaign_id","grain","bucket") WHERE "conversion_rollups"."campaign_id" > 0;
--> statement-breakpoint
CREATE TABLE "visitor_sketches" (
	"brand_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sketch" bytea NOT NULL,
	CONSTRAINT "visitor_sketches_pkey" PRIMARY KEY("brand_id","advocate_id","grain","bucket")
);
--> statement-breakpoint
CREATE INDEX "visitor_sketches_advocate_idx" ON "visitor_sketches" USING btree ("advocate_id","grain","bucket") WHERE "visitor_sketches"."advocate_id" > 0;
