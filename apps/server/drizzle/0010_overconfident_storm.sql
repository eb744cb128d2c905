CREATE TABLE "investment_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"daily_rate_bps" integer NOT NULL,
	"duration_periods" integer NOT NULL,
	"capital_return" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_packages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "investment_packages_limits" CHECK ("investment_packages"."min_amount" > 0 and "investment_packages"."max_amount" >= "investment_packages"."min_amount"),
	CONSTRAINT "investment_packages_rate" CHECK ("investment_packages"."daily_rate_bps" > 0 and "investment_packages"."duration_periods" > 0)
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"package_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"daily_rate_bps" integer NOT NULL,
	"duration_periods" integer NOT NULL,
	"period_seconds" integer NOT NULL,
	"capital_return" boolean NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"periods_paid" integer DEFAULT 0 NOT NULL,
	"profit_paid" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"next_accrual_at" timestamp (3) with time zone,
	"matures_at" timestamp (3) with time zone NOT NULL,
	"matured_at" timestamp (3) with time zone,
	"transaction_id" uuid,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "investments_user_request_key" UNIQUE("user_id","request_key"),
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount" > 0),
	CONSTRAINT "investments_status_known" CHECK ("investments"."status" in ('active', 'matured', 'cancelled')),
	CONSTRAINT "investments_periods_range" CHECK ("investments"."periods_paid" >= 0 and "investments"."periods_paid" <= "investments"."duration_periods")
);
--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"investment_id" uuid NOT NULL,
	"purchaser_id" text NOT NULL,
	"beneficiary_id" text NOT NULL,
	"level" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_commissions_investment_level" UNIQUE("investment_id","level"),
	CONSTRAINT "referral_commissions_level" CHECK ("referral_commissions"."level" between 1 and 3),
	CONSTRAINT "referral_commissions_status" CHECK ("referral_commissions"."status" in ('paid', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_package_id_investment_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."investment_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_purchaser_id_user_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_beneficiary_id_user_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investments_package_idx" ON "investments" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "investments_due_idx" ON "investments" USING btree ("next_accrual_at") WHERE "investments"."status" = 'active';--> statement-breakpoint
CREATE INDEX "referral_commissions_beneficiary_idx" ON "referral_commissions" USING btree ("beneficiary_id","level");--> statement-breakpoint
-- Three starter packages so a fresh install shows a working screen; admins edit or deactivate them.
INSERT INTO "investment_packages" ("id", "slug", "name", "description", "min_amount", "max_amount", "daily_rate_bps", "duration_periods", "capital_return", "sort_order", "active") VALUES
('6f1d2a0e-0000-4000-8000-000000000001', 'starter', 'Starter', 'A short first step: 0.50 % a day for 30 days, capital back at the end.', 10000, 100000, 50, 30, true, 10, true),
('6f1d2a0e-0000-4000-8000-000000000002', 'growth', 'Growth', '0.80 % a day for 60 days, capital back at the end.', 100000, 1000000, 80, 60, true, 20, true),
('6f1d2a0e-0000-4000-8000-000000000003', 'premium', 'Premium', '1.20 % a day for 90 days; the profit is the whole return (the capital is not returned).', 1000000, 10000000, 120, 90, false, 30, true);
