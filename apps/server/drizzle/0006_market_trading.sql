CREATE TABLE "market_candles" (
	"symbol" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	CONSTRAINT "market_candles_symbol_start_pk" PRIMARY KEY("symbol","start")
);
--> statement-breakpoint
CREATE TABLE "market_ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"price" bigint NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "market_ticks_price_positive" CHECK ("market_ticks"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"account" text NOT NULL,
	"payout_percent" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"entry_price" bigint NOT NULL,
	"entry_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" text,
	"exit_price" bigint,
	"payout" bigint,
	"settled_at" timestamp with time zone,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_contracts_user_request_key" UNIQUE("user_id","request_key"),
	CONSTRAINT "trade_contracts_amount_positive" CHECK ("trade_contracts"."amount" > 0),
	CONSTRAINT "trade_contracts_status_known" CHECK ("trade_contracts"."status" in ('open', 'settled')),
	CONSTRAINT "trade_contracts_direction_known" CHECK ("trade_contracts"."direction" in ('up', 'down')),
	CONSTRAINT "trade_contracts_account_known" CHECK ("trade_contracts"."account" in ('wallet', 'demo')),
	CONSTRAINT "trade_contracts_result_known" CHECK ("trade_contracts"."result" is null or "trade_contracts"."result" in ('win', 'loss', 'equal', 'void'))
);
--> statement-breakpoint
ALTER TABLE "trade_contracts" ADD CONSTRAINT "trade_contracts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_ticks_symbol_at_idx" ON "market_ticks" USING btree ("symbol","at");--> statement-breakpoint
CREATE INDEX "trade_contracts_user_idx" ON "trade_contracts" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "trade_contracts_due_idx" ON "trade_contracts" USING btree ("status","expires_at");