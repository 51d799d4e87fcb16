-- Month rows in the statistics rollups (features/rollups/maintain.ts states the rule): the
-- brand's totals per UTC month by source (and event type, currency), each advocate's totals per
-- month (campaign 0, source and event type '' = all), the brand's visitor sketch per month.
-- Long ranges and all-time figures read these instead of a row per day. No new columns: grain
-- 'm' beside 'h' and 'd'. Filled here from the day rows and the clicks, so figures stay whole.
--
-- visitor_sketch(keys): the stored bytes of VisitorSketch (visitor-sketch.ts) for a set of
-- distinct 16-hex-digit visitor keys: tag 1 and the sorted keys up to 2048 of them, else tag 2
-- and 16384 HyperLogLog registers (register = the first 14 bits, rank = leading zeros of the
-- other 50 bits plus one). Used by the rebuild command for the large sketches.
CREATE OR REPLACE FUNCTION visitor_sketch(keys text[]) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN cardinality(keys) <= 2048 THEN
    '\x01'::bytea || coalesce((SELECT string_agg(decode(k, 'hex'), ''::bytea ORDER BY k) FROM unnest(keys) k), ''::bytea)
  ELSE
    '\x02'::bytea || (SELECT string_agg(set_byte('\x00'::bytea, 0, coalesce(r.rank, 0)), ''::bytea ORDER BY i)
      FROM generate_series(0, 16383) i
      LEFT JOIN (
        SELECT substring(b FROM 1 FOR 14)::bit(14)::int AS idx,
          max(coalesce(nullif(position('1' IN substring(b::text FROM 15)), 0), 51)) AS rank
        FROM (SELECT ('x' || k)::bit(64) AS b FROM unnest(keys) k) bits GROUP BY 1
      ) r ON r.idx = i)
  END
$$;
--> statement-breakpoint
INSERT INTO click_rollups (brand_id, advocate_id, grain, bucket, campaign_id, source, clicks, impressions)
SELECT brand_id, 0, 'm', date_trunc('month', bucket, 'UTC'), 0, source, sum(clicks), sum(impressions)
FROM click_rollups WHERE grain = 'd' AND advocate_id = 0 GROUP BY brand_id, date_trunc('month', bucket, 'UTC'), source
UNION ALL
SELECT brand_id, advocate_id, 'm', date_trunc('month', bucket, 'UTC'), 0, '', sum(clicks), sum(impressions)
FROM click_rollups WHERE grain = 'd' AND advocate_id > 0 GROUP BY brand_id, advocate_id, date_trunc('month', bucket, 'UTC');
--> statement-breakpoint
INSERT INTO conversion_rollups (brand_id, advocate_id, grain, bucket, campaign_id, source, event_type, currency, conversions, sales, revenue, rewards)
SELECT brand_id, 0, 'm', date_trunc('month', bucket, 'UTC'), 0, source, event_type, currency,
  sum(conversions), sum(sales), sum(revenue), sum(rewards)
FROM conversion_rollups WHERE grain = 'd' AND advocate_id = 0
GROUP BY brand_id, date_trunc('month', bucket, 'UTC'), source, event_type, currency
UNION ALL
SELECT brand_id, advocate_id, 'm', date_trunc('month', bucket, 'UTC'), 0, '', '', currency,
  sum(conversions), sum(sales), sum(revenue), sum(rewards)
FROM conversion_rollups WHERE grain = 'd' AND advocate_id > 0
GROUP BY brand_id, advocate_id, date_trunc('month', bucket, 'UTC'), currency;
--> statement-breakpoint
INSERT INTO visitor_sketches (brand_id, advocate_id, grain, bucket, sketch)
SELECT brand_id, 0, 'm', bucket,
  CASE WHEN count(*) <= 2048 THEN '\x01'::bytea || string_agg(decode(k, 'hex'), ''::bytea ORDER BY k)
    ELSE visitor_sketch(array_agg(k)) END
FROM (SELECT DISTINCT brand_id, date_trunc('month', created_at, 'UTC') AS bucket, lower(substr(visitor_hash, 1, 16)) AS k FROM clicks) keys
GROUP BY brand_id, bucket;
