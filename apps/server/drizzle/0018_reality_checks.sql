CREATE TABLE "reality_check_acks" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reality_check_intervals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"interval_seconds" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reality_check_intervals_positive" CHECK ("reality_check_intervals"."interval_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "reality_check_acks" ADD CONSTRAINT "reality_check_acks_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reality_check_acks" ADD CONSTRAINT "reality_check_acks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reality_check_intervals" ADD CONSTRAINT "reality_check_intervals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;