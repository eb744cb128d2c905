CREATE TABLE "member_breaks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lift_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_breaks_kind_known" CHECK ("member_breaks"."kind" in ('timeout', 'exclusion')),
	CONSTRAINT "member_breaks_ends_after_start" CHECK ("member_breaks"."ends_at" > "member_breaks"."started_at")
);
--> statement-breakpoint
CREATE TABLE "member_limits" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"value" bigint,
	"pending_value" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limits_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "member_breaks" ADD CONSTRAINT "member_breaks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_breaks_user_idx" ON "member_breaks" USING btree ("user_id","ends_at");