CREATE TABLE "sign_in_backoff" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone
);
