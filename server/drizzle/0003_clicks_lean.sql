-- Clicks are the hottest write: each index and foreign key is paid for on every click. Keep the
-- indexes statistics read; the click id (already unique) becomes the primary key in place of the
-- surrogate id; brand totals go through campaigns.
ALTER TABLE "clicks" DROP CONSTRAINT "clicks_link_id_share_links_id_fk";--> statement-breakpoint
ALTER TABLE "clicks" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "clicks_click_id_key";--> statement-breakpoint
DROP INDEX "clicks_brand_created_idx";--> statement-breakpoint
ALTER TABLE "clicks" ADD PRIMARY KEY ("click_id");
