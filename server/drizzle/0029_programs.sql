-- Programs (issue 36): the brand's public program page (slug, logo, application questions), a
-- campaign's join mode, applications to join, and the brand's bulk invitations of advocates.
ALTER TABLE "brands" ADD COLUMN "slug" varchar(48);--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "logo" varchar(64);--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "application_questions" jsonb;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_logo_uploads_name_fk" FOREIGN KEY ("logo") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing brands get a slug from their name (lower case, runs of other characters become one
-- hyphen, at most 40 characters); a name that gives fewer than 3 characters becomes brand-<id>,
-- and every brand after the first with the same slug gets -<id> appended.
UPDATE "brands" AS b SET "slug" = s."slug" FROM (
	SELECT "id", CASE
		WHEN length("base") < 3 THEN 'brand-' || "id"
		WHEN row_number() OVER (PARTITION BY "base" ORDER BY "id") > 1 THEN "base" || '-' || "id"
		ELSE "base" END AS "slug"
	FROM (
		SELECT "id", trim(both '-' from left(trim(both '-' from lower(regexp_replace("brand_name", '[^a-zA-Z0-9]+', '-', 'g'))), 40)) AS "base"
		FROM "brands"
	) AS n
) AS s WHERE b."id" = s."id";--> statement-breakpoint
CREATE UNIQUE INDEX "brands_slug_key" ON "brands" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_slug_check" CHECK ("brands"."slug" ~ '^[a-z0-9](?:[a-z0-9-]{1,46}[a-z0-9])$');--> statement-breakpoint
-- open: anyone joins at once (the behaviour before); application: joining applies and waits for
-- the brand; invite_only: only advocates the brand invited join. auto_approve: an application is
-- approved at once when the email is verified and no fraud rule matches.
ALTER TABLE "campaigns" ADD COLUMN "join_mode" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_join_mode_check" CHECK ("campaigns"."join_mode" in ('open', 'application', 'invite_only'));--> statement-breakpoint
CREATE TABLE "campaign_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"advocate_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"group_id" integer,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_applications_status_check" CHECK ("campaign_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "campaign_applications" ADD CONSTRAINT "campaign_applications_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_applications" ADD CONSTRAINT "campaign_applications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_applications" ADD CONSTRAINT "campaign_applications_advocate_id_users_id_fk" FOREIGN KEY ("advocate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_applications" ADD CONSTRAINT "campaign_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_applications_campaign_advocate_key" ON "campaign_applications" USING btree ("campaign_id","advocate_id");--> statement-breakpoint
CREATE INDEX "campaign_applications_brand_status_idx" ON "campaign_applications" USING btree ("brand_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_applications_advocate_idx" ON "campaign_applications" USING btree ("advocate_id");--> statement-breakpoint
-- A brand's invitation of one email to one campaign: the mailed token is stored as its sha256;
-- single use (accepted_at), 14 days. Accepting joins the campaign whatever its join mode.
CREATE TABLE "advocate_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer
);
--> statement-breakpoint
ALTER TABLE "advocate_invitations" ADD CONSTRAINT "advocate_invitations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_invitations" ADD CONSTRAINT "advocate_invitations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_invitations" ADD CONSTRAINT "advocate_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advocate_invitations" ADD CONSTRAINT "advocate_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advocate_invitations_token_key" ON "advocate_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "advocate_invitations_brand_idx" ON "advocate_invitations" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "advocate_invitations_campaign_email_idx" ON "advocate_invitations" USING btree ("campaign_id","email");
