-- Issue 33: fair webhook delivery, crash recovery of claims, secret rotation with an overlap.
-- Deliveries are claimed per webhook (a cap each, oldest due first), so the due index leads with
-- the webhook; a claim names the instance that holds it and the attempt it recorded before
-- sending (its token); webhooks count their timed-out attempts in a row (backoff) and keep the
-- secret they had before a rotation, which signs beside the new one until previous_secret_until.
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("webhook_id","next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_by" varchar(64);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claimed_attempt_id" bigint;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_claimed_idx" ON "webhook_deliveries" USING btree ("webhook_id") WHERE "webhook_deliveries"."claimed_until" is not null;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "timeouts_in_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret" varchar(100);--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret_until" timestamp with time zone;
