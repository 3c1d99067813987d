ALTER TABLE "staff_members" ADD COLUMN "password_token_hash" text;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "password_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_password_token_hash_unique" UNIQUE("password_token_hash");
