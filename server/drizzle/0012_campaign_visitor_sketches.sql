-- Campaign visitors from sketches instead of the clicks' (campaign_id, created_at) index, which
-- every click paid for (about a third of the database time per click on PGlite) so that one
-- statistic could count distinct visitors over a campaign's raw clicks. A campaign's visitors
-- are now the union of its month sketches, kept like the other rollups.
CREATE TABLE "campaign_visitor_sketches" (
	"campaign_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sketch" bytea NOT NULL,
	CONSTRAINT "campaign_visitor_sketches_campaign_id_bucket_pk" PRIMARY KEY("campaign_id","bucket")
);
--> statement-breakpoint
-- The months of the clicks stored so far, in the bytes VisitorSketch writes (the exact set of
-- keys up to 2,048 visitors, else visitor_sketch() of migration 0010).
INSERT INTO "campaign_visitor_sketches" ("campaign_id", "bucket", "sketch")
SELECT campaign_id, bucket,
	CASE WHEN count(*) <= 2048
		THEN decode('01', 'hex') || string_agg(decode(k, 'hex'), ''::bytea ORDER BY k)
		ELSE visitor_sketch(array_agg(k)) END
FROM (
	SELECT DISTINCT campaign_id, date_trunc('month', created_at, 'UTC') AS bucket,
		lower(substr(visitor_hash, 1, 16)) AS k
	FROM "clicks"
) AS keys
GROUP BY campaign_id, bucket
ORDER BY campaign_id, bucket;
--> statement-breakpoint
DROP INDEX "clicks_campaign_created_idx";
