CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"brand_name" varchar(255) NOT NULL,
	"brand_type" text,
	"brand_size" text,
	"phone_no" varchar(32),
	"website_url" varchar(2048),
	"instagram_url" varchar(2048),
	"discord_url" varchar(2048),
	"x_url" varchar(2048),
	"description" text,
	"cac_file" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brands_brand_type_check" CHECK ("brands"."brand_type" in ('company', 'product')),
	CONSTRAINT "brands_brand_size_check" CHECK ("brands"."brand_size" in ('2-50', '51-200', '201-500', '500+'))
);
--> statement-breakpoint
CREATE TABLE "campaign_products" (
	"campaign_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "campaign_products_campaign_id_product_id_pk" PRIMARY KEY("campaign_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(32) NOT NULL,
	"brand_id" integer NOT NULL,
	"title" varchar(255),
	"category" varchar(255),
	"description" text,
	"target_customers" text,
	"location" varchar(255),
	"gender" varchar(64),
	"age_range" varchar(64),
	"budget_limit" numeric(12, 2),
	"product_url" varchar(2048),
	"duration" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"video" varchar(64),
	"commission_type" text DEFAULT 'percentage' NOT NULL,
	"commission_value" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('active', 'inactive', 'completed', 'cancelled')),
	CONSTRAINT "campaigns_commission_type_check" CHECK ("campaigns"."commission_type" in ('percentage', 'flat')),
	CONSTRAINT "campaigns_commission_value_check" CHECK ("campaigns"."commission_value" >= 0 and ("campaigns"."commission_type" <> 'percentage' or "campaigns"."commission_value" <= 100)),
	CONSTRAINT "campaigns_duration_check" CHECK ("campaigns"."duration" >= 1),
	CONSTRAINT "campaigns_budget_limit_check" CHECK ("campaigns"."budget_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"unique_id" varchar(255),
	"source_product_id" varchar(255),
	"description" text,
	"price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"image_url" varchar(2048),
	"product_url" varchar(2048),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0),
	CONSTRAINT "products_currency_check" CHECK ("products"."currency" in ('USD', 'NGN', 'EUR', 'GBP')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('active', 'inactive', 'discontinued', 'out_of_stock'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_cac_file_uploads_name_fk" FOREIGN KEY ("cac_file") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_video_uploads_name_fk" FOREIGN KEY ("video") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brands_owner_idx" ON "brands" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "campaign_products_product_idx" ON "campaign_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_public_id_key" ON "campaigns" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "campaigns_brand_created_idx" ON "campaigns" USING btree ("brand_id","created_at","id") WHERE "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at","id") WHERE "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","created_at","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_brand_status_created_idx" ON "products" USING btree ("brand_id","status","created_at","id") WHERE "products"."deleted_at" is null;