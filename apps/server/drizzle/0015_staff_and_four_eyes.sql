CREATE TABLE "adjustment_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"request_key" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustment_requests_user_request_key" UNIQUE("user_id","request_key"),
	CONSTRAINT "adjustment_requests_status_known" CHECK ("adjustment_requests"."status" in ('awaiting_second_approval', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"user_id" text PRIMARY KEY NOT NULL,
	"roles" text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adjustment_requests" ADD CONSTRAINT "adjustment_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_requests_status_idx" ON "adjustment_requests" USING btree ("status","created_at");--> statement-breakpoint
-- Every admin so far could do everything: each stays an owner until an owner changes their roles.
INSERT INTO "staff" ("user_id", "roles") SELECT "id", ARRAY['owner'] FROM "user" WHERE "role" = 'admin' ON CONFLICT DO NOTHING;
