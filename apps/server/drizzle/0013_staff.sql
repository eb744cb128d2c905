CREATE TABLE "staff" (
	"user_id" text PRIMARY KEY NOT NULL,
	"roles" text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every admin so far could do everything: each stays an owner until an owner changes their roles.
INSERT INTO "staff" ("user_id", "roles") SELECT "id", ARRAY['owner'] FROM "user" WHERE "role" = 'admin' ON CONFLICT DO NOTHING;
