CREATE TABLE "bank_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder" text NOT NULL,
	"account_number" text NOT NULL,
	"swift" text,
	"branch" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"instructions" jsonb NOT NULL,
	"request_key" text,
	"proof_key" text,
	"proof_type" text,
	"proof_name" text,
	"proof_size" integer,
	"proof_uploaded_at" timestamp with time zone,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_invoices_reference_unique" UNIQUE("reference"),
	CONSTRAINT "deposit_invoices_user_request_key" UNIQUE("user_id","request_key"),
	CONSTRAINT "deposit_invoices_amount_positive" CHECK ("deposit_invoices"."amount" > 0),
	CONSTRAINT "deposit_invoices_status_known" CHECK ("deposit_invoices"."status" in ('awaiting_payment', 'proof_submitted', 'approved', 'rejected', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"country" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"id_front_key" text NOT NULL,
	"id_front_type" text NOT NULL,
	"id_front_name" text NOT NULL,
	"id_front_size" integer NOT NULL,
	"id_back_key" text,
	"id_back_type" text,
	"id_back_name" text,
	"id_back_size" integer,
	"selfie_key" text NOT NULL,
	"selfie_type" text NOT NULL,
	"selfie_name" text NOT NULL,
	"selfie_size" integer NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_profiles_status_known" CHECK ("kyc_profiles"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"status" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_holder" text NOT NULL,
	"account_number" text NOT NULL,
	"swift" text,
	"branch" text,
	"request_key" text,
	"payout_reference" text,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_user_request_key" UNIQUE("user_id","request_key"),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."net" > 0 and "withdrawals"."amount" = "withdrawals"."fee" + "withdrawals"."net"),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "balances" DROP CONSTRAINT "balances_owner_account_key";--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_invoices" ADD CONSTRAINT "deposit_invoices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_invoices_user_idx" ON "deposit_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_invoices_status_idx" ON "deposit_invoices" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "kyc_profiles_status_idx" ON "kyc_profiles" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_owner_account_key" UNIQUE NULLS NOT DISTINCT("user_id","account","shard");--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_member_one_row" CHECK ("balances"."user_id" is null or "balances"."shard" = 0);