CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"kind" text NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_kind_check" CHECK ("api_keys"."kind" in ('secret', 'publishable'))
);
--> statement-breakpoint
CREATE TABLE "campaign_joins" (
	"advocate_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"source" varchar(100),
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_joins_advocate_id_campaign_id_pk" PRIMARY KEY("advocate_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"click_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"link_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"product_id" integer,
	"advocate_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"source" text NOT NULL,
	"referrer_host" varchar(255),
	"device" text NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	CONSTRAINT "clicks_source_check" CHECK ("clicks"."source" in ('direct', 'social', 'email', 'others')),
	CONSTRAINT "clicks_device_check" CHECK ("clicks"."device" in ('mobile', 'tablet', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"product_id" integer,
	"link_id" integer,
	"click_id" varchar(32),
	"conversion_ref" varchar(200) NOT NULL,
	"event_type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reward_amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"reported_with" text NOT NULL,
	"session_id" varchar(200),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversions_event_type_check" CHECK ("conversions"."event_type" in ('purchase', 'subscription', 'signup', 'subscription_created', 'subscription_renewal')),
	CONSTRAINT "conversions_status_check" CHECK ("conversions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "conversions_reported_with_check" CHECK ("conversions"."reported_with" in ('secret', 'publishable', 'user')),
	CONSTRAINT "conversions_value_check" CHECK ("conversions"."value" >= 0),
	CONSTRAINT "conversions_reward_check" CHECK ("conversions"."reward_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"advocate_id" integer NOT NULL,
	"conversion_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rewards_status_check" CHECK ("rewards"."status" in ('pending', 'approved', 'paid', 'rejected')),
	CONSTRAINT "rewards_amount_check" CHECK ("rewards"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"advocate_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"product_id" integer,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_links_advocate_campaign_product_key" UNIQUE NULLS NOT DISTINCT("advocate_id","campaign_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "rewards_total" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_joins" ADD CONSTRAINT "campaign_joins_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_joins" ADD CONSTRAINT "campaign_joins_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clicks" ADD CONSTRAINT "clicks_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_brand_created_idx" ON "api_keys" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_joins_campaign_idx" ON "campaign_joins" USING btree ("campaign_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clicks_click_id_key" ON "clicks" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "clicks_campaign_created_idx" ON "clicks" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_advocate_created_idx" ON "clicks" USING btree ("advocate_id","created_at");--> statement-breakpoint
CREATE INDEX "clicks_brand_created_idx" ON "clicks" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_brand_ref_key" ON "conversions" USING btree ("brand_id","conversion_ref");--> statement-breakpoint
CREATE INDEX "conversions_campaign_created_idx" ON "conversions" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_advocate_created_idx" ON "conversions" USING btree ("advocate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_conversion_key" ON "rewards" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "rewards_advocate_status_idx" ON "rewards" USING btree ("advocate_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_code_key" ON "share_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "share_links_campaign_idx" ON "share_links" USING btree ("campaign_id");