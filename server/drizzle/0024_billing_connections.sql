-- Paddle, Lemon Squeezy and Shopify connected by their webhook's signing secret (issue 34): one
-- connection per brand and provider, the secret sealed as Stripe's is (features/integrations/
-- secret-box.ts); the events, objects and discount codes are in the shared billing_* tables (0022).
CREATE TABLE "billing_connections" (
	"brand_id" integer NOT NULL,
	"provider" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"connected_by" integer NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_connections_brand_id_provider_pk" PRIMARY KEY("brand_id","provider"),
	CONSTRAINT "billing_connections_provider_check" CHECK ("billing_connections"."provider" in ('paddle', 'lemonsqueezy', 'shopify'))
);
--> statement-breakpoint
ALTER TABLE "billing_connections" ADD CONSTRAINT "billing_connections_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "billing_connections" ADD CONSTRAINT "billing_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
