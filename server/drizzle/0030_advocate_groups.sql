-- Advocate groups (issue 36, migration 0030): a brand's tiers, each with its own reward rules (overriding the
-- campaign's for its members), conditional rules, hold period and promotion-code discount text.
-- Every advocate of a brand is in exactly one group: their advocate_group_members row, or the
-- brand's default group when they have none (so a join needs no extra write, and deleting a group
-- returns its members to the default by deleting their rows).
CREATE TABLE "advocate_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"commission_type" text,
	"commission_value" numeric(15, 3),
	"event_rewards" jsonb,
	"reward_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_days" integer,
	"discount_text" varchar(200),
	"auto_rule" jsonb,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "advocate_groups_commission_check" CHECK (("advocate_groups"."commission_type" is null) = ("advocate_groups"."commission_value" is null)),
	CONSTRAINT "advocate_groups_commission_type_check" CHECK ("advocate_groups"."commission_type" in ('percentage', 'flat')),
	CONSTRAINT "advocate_groups_commission_value_check" CHECK ("advocate_groups"."commission_value" >= 0 and ("advocate_groups"."commission_type" <> 'percentage' or "advocate_groups"."commission_value" <= 100)),
	CONSTRAINT "advocate_groups_hold_days_check" CHECK ("advocate_groups"."hold_days" >= 0 and "advocate_groups"."hold_days" <= 365)
);
--> statement-breakpoint
ALTER TABLE "advocate_groups" ADD CONSTRAINT "advocate_groups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advocate_groups_brand_default_key" ON "advocate_groups" USING btree ("brand_id") WHERE "advocate_groups"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "advocate_groups_brand_name_key" ON "advocate_groups" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE TABLE "advocate_group_members" (
	"brand_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "advocate_group_members_brand_id_advocate_id_pk" PRIMARY KEY("brand_id","advocate_id")
);
--> statement-breakpoint
ALTER TABLE "advocate_group_members" ADD CONSTRAINT "advocate_group_members_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_group_members" ADD CONSTRAINT "advocate_group_members_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_group_members" ADD CONSTRAINT "advocate_group_members_group_id_advocate_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."advocate_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advocate_group_members_group_idx" ON "advocate_group_members" USING btree ("group_id");--> statement-breakpoint
-- The group's hold period when the reward was made (null: the brand's): a move changes future
-- conversions only, so a reward keeps the hold it started with.
ALTER TABLE "rewards" ADD COLUMN "hold_days" integer;--> statement-breakpoint
-- The customer's country (ISO 3166-1 alpha-2) where the reporter gave it: the SDK's
-- customer.country, a provider's billing address. Conditional rules on country read it.
ALTER TABLE "conversions" ADD COLUMN "customer_country" varchar(2);--> statement-breakpoint
-- Every existing brand gets its default group.
INSERT INTO "advocate_groups" ("brand_id", "name", "is_default", "created_at", "updated_at")
SELECT "id", 'Default', true, now(), now() FROM "brands";
