-- Security emails (two-factor turned on or off, a recovery code used) go to the account holder
-- whatever their notification settings, so they carry no unsubscribe link.
ALTER TABLE "email_jobs" ALTER COLUMN "unsubscribe_url" DROP NOT NULL;
