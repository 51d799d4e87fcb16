-- The statistics read the rollups in small index ranges (a few thousand rows at most), where
-- PostgreSQL's parallel plans cost more than they save: the planner's row estimates for these
-- ranges are high enough that it chose a parallel append, and starting its workers took 10–20 ms
-- of a 3 ms query. No parallel scans of these tables (PGlite has none anyway).
ALTER TABLE "click_rollups" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "conversion_rollups" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "visitor_sketches" SET (parallel_workers = 0);
