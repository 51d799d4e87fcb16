-- Removing an advocate from a brand (issue 36). One row per (brand, advocate) while the advocate
-- stands removed or banned; restoring deletes it (the audit log keeps the history). Removal takes
-- the advocate out of every campaign of the brand (their campaign_joins rows are deleted and kept
-- here in `campaigns`, so a restore puts them back as they were); a ban also refuses joining again
-- and applying. `pending` records what the brand chose for the rewards still pending then.
CREATE TABLE "advocate_removals" (
	"brand_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"pending" text NOT NULL,
	"campaigns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_by" integer,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "advocate_removals_brand_id_advocate_id_pk" PRIMARY KEY("brand_id","advocate_id"),
	CONSTRAINT "advocate_removals_pending_check" CHECK ("advocate_removals"."pending" in ('keep', 'reject'))
);
--> statement-breakpoint
ALTER TABLE "advocate_removals" ADD CONSTRAINT "advocate_removals_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_removals" ADD CONSTRAINT "advocate_removals_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_removals" ADD CONSTRAINT "advocate_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advocate_removals_brand_idx" ON "advocate_removals" USING btree ("brand_id","removed_at");--> statement-breakpoint
-- Whether a share link earns depends on its advocate still being in its campaign: the redirect's
-- link cache (migration 0008) is told when that changes. Leaving (a removal) always bumps the
-- version; a join only when links of that (advocate, campaign) already exist (a return after a
-- removal): a first join has no cached link to forget, and joins are frequent.
CREATE TRIGGER "campaign_joins_left_link_targets" AFTER DELETE ON "campaign_joins" FOR EACH STATEMENT EXECUTE FUNCTION "bump_link_targets_version"();--> statement-breakpoint
CREATE FUNCTION "bump_link_targets_version_on_return"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "share_links" WHERE "advocate_id" = NEW."advocate_id" AND "campaign_id" = NEW."campaign_id") THEN
		UPDATE "link_targets_version" SET "version" = "version" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaign_joins_returned_link_targets" AFTER INSERT ON "campaign_joins" FOR EACH ROW EXECUTE FUNCTION "bump_link_targets_version_on_return"();--> statement-breakpoint
-- A removed advocate earns nothing, whichever way a sale reaches us (a click id or share code
-- from before the removal, a promotion code, a remembered customer's renewal): the sale is still
-- recorded (the brand made it) with a reward of 0, unless they have joined that campaign again.
-- In the database so that no conversion path can forget it; the insert's RETURNING (read by the
-- rewards, rollups and events of the same statement) sees the 0.
CREATE FUNCTION "removed_advocate_earns_nothing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."reward_amount" <> 0
		AND EXISTS (SELECT 1 FROM "advocate_removals" WHERE "brand_id" = NEW."brand_id" AND "advocate_id" = NEW."advocate_id")
		AND NOT EXISTS (SELECT 1 FROM "campaign_joins" WHERE "advocate_id" = NEW."advocate_id" AND "campaign_id" = NEW."campaign_id") THEN
		NEW."reward_amount" := 0;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversions_removed_advocate" BEFORE INSERT ON "conversions" FOR EACH ROW EXECUTE FUNCTION "removed_advocate_earns_nothing"();
