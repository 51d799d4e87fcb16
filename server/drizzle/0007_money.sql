CREATE TABLE "brand_payout_settings" (
	"brand_id" integer PRIMARY KEY NOT NULL,
	"hold_days" integer DEFAULT 30 NOT NULL,
	"payout_minimum" numeric(12, 2) DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brand_payout_settings_hold_days_check" CHECK ("brand_payout_settings"."hold_days" >= 0 and "brand_payout_settings"."hold_days" <= 365),
	CONSTRAINT "brand_payout_settings_payout_minimum_check" CHECK ("brand_payout_settings"."payout_minimum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "brand_payout_settings" ADD CONSTRAINT "brand_payout_settings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"advocate_id" integer NOT NULL,
	"type" text NOT NULL,
	"paypal_email" varchar(254),
	"account_holder" varchar(150),
	"bank_name" varchar(150),
	"account_number" varchar(34),
	"bank_code" varchar(34),
	"bank_country" varchar(2),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_methods_type_check" CHECK ("payout_methods"."type" in ('paypal', 'bank')),
	CONSTRAINT "payout_methods_details_check" CHECK (("payout_methods"."type" = 'paypal' and "payout_methods"."paypal_email" is not null) or ("payout_methods"."type" = 'bank' and "payout_methods"."account_holder" is not null and "payout_methods"."account_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payout_methods_advocate_idx" ON "payout_methods" USING btree ("advocate_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_one_default_key" ON "payout_methods" USING btree ("advocate_id") WHERE "payout_methods"."is_default";
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failure_reason" text,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'ongoing', 'successful', 'failed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payouts_brand_created_idx" ON "payouts" USING btree ("brand_id","created_at");
--> statement-breakpoint
CREATE INDEX "payouts_advocate_idx" ON "payouts" USING btree ("advocate_id");
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_status_check";
--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_status_check" CHECK ("conversions"."status" in ('pending', 'approved', 'rejected', 'refunded'));
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "kind" text DEFAULT 'reward' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "currency" varchar(3);
--> statement-breakpoint
UPDATE "rewards" SET "currency" = "conversions"."currency" FROM "conversions" WHERE "conversions"."id" = "rewards"."conversion_id";
--> statement-breakpoint
ALTER TABLE "rewards" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "payout_id" integer;
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_kind_check" CHECK ("rewards"."kind" in ('reward', 'clawback'));
--> statement-breakpoint
ALTER TABLE "rewards" DROP CONSTRAINT "rewards_amount_check";
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_amount_check" CHECK (("rewards"."kind" = 'reward' and "rewards"."amount" >= 0) or ("rewards"."kind" = 'clawback' and "rewards"."amount" < 0));
--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_paid_payout_check" CHECK (("rewards"."status" = 'paid') = ("rewards"."payout_id" is not null));
--> statement-breakpoint
DROP INDEX "rewards_conversion_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_conversion_kind_key" ON "rewards" USING btree ("conversion_id","kind");
--> statement-breakpoint
CREATE INDEX "rewards_brand_status_idx" ON "rewards" USING btree ("brand_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "rewards_pending_created_idx" ON "rewards" USING btree ("created_at") WHERE "rewards"."status" = 'pending';
--> statement-breakpoint
CREATE INDEX "rewards_payout_idx" ON "rewards" USING btree ("payout_id") WHERE "rewards"."payout_id" is not null;
--> statement-breakpoint
CREATE TABLE "reward_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"reason" text NOT NULL,
	"payout_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_moves" ADD CONSTRAINT "reward_moves_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reward_moves" ADD CONSTRAINT "reward_moves_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reward_moves_reward_idx" ON "reward_moves" USING btree ("reward_id","id");
