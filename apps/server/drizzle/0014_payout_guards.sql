CREATE TABLE "account_freezes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freeze_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"cause" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_known";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "kyc_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "name_mismatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bank_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_freezes" ADD CONSTRAINT "account_freezes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeze_links" ADD CONSTRAINT "freeze_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freeze_links_user_idx" ON "freeze_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_unconfirmed_idx" ON "withdrawals" USING btree ("confirm_expires_at") WHERE "withdrawals"."status" = 'unconfirmed';--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('unconfirmed', 'pending', 'approved', 'rejected', 'cancelled', 'expired'));