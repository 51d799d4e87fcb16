-- Raw clicks partitioned by month of their time (UTC), so that retention drops whole months
-- (DROP of a partition: no row-by-row DELETE, no bloat) and each query reads only the months it
-- names. Partitions are named clicks_YYYY_MM and hold [first instant of the month, first instant
-- of the next) in UTC; clicks_default takes any click no month partition covers, so a click is
-- never refused (features/click-partitions moves such rows into their month).
--
-- A partitioned table's primary key must contain the partition key: it becomes
-- (click_id, created_at). click_id stays unique on its own, because a click id begins with its
-- click's time in milliseconds (newClickId in features/redirects): two rows with one click id have
-- one time, so they fall in one partition and collide on this key. The click store's
-- ON CONFLICT and the crash journal's replay rely on exactly that. Lookups by click id alone
-- (conversion attribution) use the key's leading column in every partition.
--
-- This copies every stored click once (time proportional to the table's size).
ALTER TABLE "clicks" RENAME TO "clicks_unpartitioned";
--> statement-breakpoint
ALTER TABLE "clicks_unpartitioned" DROP CONSTRAINT "clicks_pkey";
--> statement-breakpoint
DROP INDEX "clicks_campaign_created_idx";
--> statement-breakpoint
CREATE TABLE "clicks" (
	"click_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"link_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"product_id" integer,
	"advocate_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"source" text NOT NULL,
	"referrer_host" varchar(255),
	"device" text NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	CONSTRAINT "clicks_click_id_created_at_pk" PRIMARY KEY("click_id","created_at"),
	CONSTRAINT "clicks_source_check" CHECK ("clicks"."source" in ('direct', 'social', 'email', 'others')),
	CONSTRAINT "clicks_device_check" CHECK ("clicks"."device" in ('mobile', 'tablet', 'desktop'))
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE INDEX "clicks_campaign_created_idx" ON "clicks" USING btree ("campaign_id","created_at");
--> statement-breakpoint
CREATE TABLE "clicks_default" PARTITION OF "clicks" DEFAULT;
--> statement-breakpoint
-- One partition per month from the oldest stored click to the month after the current one.
DO $$
DECLARE
	-- Months as UTC wall-clock timestamps: month arithmetic on timestamptz would follow the
	-- session's time zone.
	m timestamp := date_trunc('month', coalesce((SELECT min("created_at") FROM "clicks_unpartitioned"), now()) AT TIME ZONE 'UTC');
	stop timestamp := date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month';
BEGIN
	WHILE m <= stop LOOP
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF "clicks" FOR VALUES FROM (%L) TO (%L)',
			'clicks_' || to_char(m, 'YYYY_MM'),
			to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00',
			to_char(m + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
		m := m + interval '1 month';
	END LOOP;
END
$$;
--> statement-breakpoint
INSERT INTO "clicks" SELECT * FROM "clicks_unpartitioned";
--> statement-breakpoint
DROP TABLE "clicks_unpartitioned";
--> statement-breakpoint
-- Set when retention first drops raw clicks: the first instant whose raw clicks are all still
-- stored. Rollups of earlier buckets cannot be recomputed from raw clicks any more: only the
-- buckets from kept_from on can be. No row: every raw click since the start is stored.
CREATE TABLE "raw_clicks_horizon" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"kept_from" timestamp with time zone NOT NULL,
	CONSTRAINT "raw_clicks_horizon_single_row" CHECK ("id")
);
