-- The event outbox: every business event (conversion, refund, review decision, payout, join) is
-- written here in the same transaction as the change it describes; consumers (webhooks, emails,
-- in-app notifications) read it, so nothing is announced for a change that rolled back.
CREATE TABLE "events" (
	"id" varchar(40) PRIMARY KEY DEFAULT 'evt_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"type" varchar(40) NOT NULL,
	"brand_id" integer NOT NULL,
	"advocate_id" integer,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("created_at") WHERE "events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "events_brand_created_idx" ON "events" USING btree ("brand_id","created_at");
