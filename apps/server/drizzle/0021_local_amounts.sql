ALTER TABLE "deposit_invoices" ADD COLUMN "local_amount" numeric(30, 0);--> statement-breakpoint
ALTER TABLE "deposit_invoices" ADD COLUMN "local_currency" text;--> statement-breakpoint
ALTER TABLE "deposit_invoices" ADD COLUMN "local_rate" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "local_amount" numeric(30, 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "local_currency" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "local_rate" text;--> statement-breakpoint
ALTER TABLE "deposit_invoices" ADD CONSTRAINT "deposit_invoices_local_whole" CHECK (("deposit_invoices"."local_amount" is null and "deposit_invoices"."local_currency" is null and "deposit_invoices"."local_rate" is null) or ("deposit_invoices"."local_amount" > 0 and "deposit_invoices"."local_currency" is not null and "deposit_invoices"."local_rate" is not null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_local_whole" CHECK (("withdrawals"."local_amount" is null and "withdrawals"."local_currency" is null and "withdrawals"."local_rate" is null) or ("withdrawals"."local_amount" > 0 and "withdrawals"."local_currency" is not null and "withdrawals"."local_rate" is not null));