CREATE TABLE "advocate_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"full_name" varchar(150),
	"description" text,
	"email" varchar(254),
	"telephone" varchar(32),
	"picture" varchar(64),
	"website_url" varchar(2048),
	"instagram_url" varchar(2048),
	"x_url" varchar(2048),
	"tiktok_url" varchar(2048),
	"youtube_url" varchar(2048),
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"chat" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advocate_profiles" ADD CONSTRAINT "advocate_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "advocate_profiles" ADD CONSTRAINT "advocate_profiles_picture_uploads_name_fk" FOREIGN KEY ("picture") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
