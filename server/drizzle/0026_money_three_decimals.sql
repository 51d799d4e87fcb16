-- Money keeps three decimals (issue 34 item 7): KWD, BHD, JOD, OMR, TND, IQD and LYD amounts have
-- a third decimal (KWD 12.345), which numeric(12,2) rounded away. Every money column becomes
-- numeric(15,3) (the same ten integer digits and more, exact thousandths) and the rollups'
-- sums numeric(17,3). Widening only: every stored value is kept exactly.
ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "budget_limit" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "commission_value" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "rewards_total" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "value" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "reward_amount" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "refunded_value" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "refunded_reward" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "rewards" ALTER COLUMN "amount" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "brand_payout_settings" ALTER COLUMN "payout_minimum" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "brand_fraud_settings" ALTER COLUMN "max_order_value" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "refused_reports" ALTER COLUMN "value" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "conversion_rollups" ALTER COLUMN "revenue" SET DATA TYPE numeric(17, 3);--> statement-breakpoint
ALTER TABLE "conversion_rollups" ALTER COLUMN "rewards" SET DATA TYPE numeric(17, 3);
