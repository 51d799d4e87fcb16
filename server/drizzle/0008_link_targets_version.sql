-- A counter bumped by every edit that changes where a share link leads or whether it counts: the
-- redirect's link cache (one per server instance) polls it and forgets its entries when it moves,
-- so an edit, pause, cancellation or deletion reaches every instance within seconds. Column-list
-- triggers: the conversion path's updates of campaigns.rewards_total do not fire them.
CREATE TABLE "link_targets_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "link_targets_version_single_row" CHECK ("id")
);
--> statement-breakpoint
INSERT INTO "link_targets_version" ("id", "version") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION "bump_link_targets_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "link_targets_version" SET "version" = "version" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_link_targets" AFTER UPDATE OF "status", "deleted_at", "product_url", "duration", "created_at" ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "bump_link_targets_version"();
--> statement-breakpoint
CREATE TRIGGER "products_link_targets" AFTER UPDATE OF "product_url", "deleted_at" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_link_targets_version"();
--> statement-breakpoint
CREATE TRIGGER "brands_link_targets" AFTER UPDATE OF "website_url" ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_link_targets_version"();
