-- Money moves from whole US cents to microcents (10⁻⁸ USD), so that an amount typed in any currency
-- stays exactly what was typed (docs/decisions/0020-money-in-microcents.md). Every amount is
-- multiplied by 1,000,000 in one transaction, and the migration checks its own work before it
-- commits: each balance, each account's sum of entries and each table's total must be exactly
-- 1,000,000 times what they were, and every balance must still equal the sum of its entries.
-- Member limits are amounts except three: a count of open contracts, minutes of a session, and
-- `free` (1: the limits hold for practice money too); those keep their value.
--
-- The figures the check compares, read before the change (a table) and after it (the view itself).
CREATE TEMP VIEW microcents_totals AS
  SELECT 'balance:' || b.id AS what, b.balance::numeric AS total FROM balances b
  UNION ALL SELECT 'entries:' || e.balance_id, sum(e.amount)::numeric FROM ledger_entries e GROUP BY e.balance_id
  UNION ALL SELECT 'ledger_entries.balance_after', coalesce(sum(balance_after), 0)::numeric FROM ledger_entries
  UNION ALL SELECT 'trade_contracts', coalesce(sum(amount) + sum(coalesce(payout, 0)), 0)::numeric FROM trade_contracts
  UNION ALL SELECT 'investments', coalesce(sum(amount) + sum(profit_paid), 0)::numeric FROM investments
  UNION ALL SELECT 'investment_packages', coalesce(sum(min_amount) + sum(max_amount), 0)::numeric FROM investment_packages
  UNION ALL SELECT 'deposit_invoices', coalesce(sum(amount), 0)::numeric FROM deposit_invoices
  UNION ALL SELECT 'withdrawals', coalesce(sum(amount) + sum(fee) + sum(net), 0)::numeric FROM withdrawals
  UNION ALL SELECT 'referral_commissions', coalesce(sum(amount), 0)::numeric FROM referral_commissions
  UNION ALL SELECT 'adjustment_requests', coalesce(sum(amount), 0)::numeric FROM adjustment_requests
  UNION ALL SELECT 'member_limits', coalesce(sum(value), 0) + coalesce(sum(pending_value), 0) FROM member_limits WHERE key NOT IN ('openContracts', 'sessionMinutes', 'free');
--> statement-breakpoint
CREATE TEMP TABLE microcents_before ON COMMIT DROP AS SELECT * FROM microcents_totals;
--> statement-breakpoint
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_immutable;
--> statement-breakpoint
UPDATE ledger_entries SET amount = amount * 1000000, balance_after = balance_after * 1000000;
--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_immutable;
--> statement-breakpoint
UPDATE balances SET balance = balance * 1000000;
--> statement-breakpoint
UPDATE trade_contracts SET amount = amount * 1000000, payout = payout * 1000000;
--> statement-breakpoint
UPDATE investments SET amount = amount * 1000000, profit_paid = profit_paid * 1000000;
--> statement-breakpoint
UPDATE investment_packages SET min_amount = min_amount * 1000000, max_amount = max_amount * 1000000;
--> statement-breakpoint
UPDATE deposit_invoices SET amount = amount * 1000000;
--> statement-breakpoint
UPDATE withdrawals SET amount = amount * 1000000, fee = fee * 1000000, net = net * 1000000;
--> statement-breakpoint
UPDATE referral_commissions SET amount = amount * 1000000;
--> statement-breakpoint
UPDATE adjustment_requests SET amount = amount * 1000000;
--> statement-breakpoint
UPDATE member_limits SET value = value * 1000000, pending_value = pending_value * 1000000 WHERE key NOT IN ('openContracts', 'sessionMinutes', 'free');
--> statement-breakpoint
-- Settings: each money key renamed (…Cents → …Microcents) and its value written as a string of digits.
UPDATE settings SET data = (
  SELECT coalesce(jsonb_object_agg(
    CASE WHEN key LIKE '%Cents' THEN left(key, -5) || 'Microcents' ELSE key END,
    CASE
      WHEN key NOT LIKE '%Cents' THEN value
      WHEN jsonb_typeof(value) = 'number' THEN to_jsonb(((value #>> '{}')::numeric * 1000000)::text)
      WHEN jsonb_typeof(value) = 'array' THEN (
        SELECT coalesce(jsonb_agg(to_jsonb(((v #>> '{}')::numeric * 1000000)::text) ORDER BY i), '[]'::jsonb)
        FROM jsonb_array_elements(value) WITH ORDINALITY AS a(v, i))
      WHEN jsonb_typeof(value) = 'object' THEN (
        SELECT coalesce(jsonb_object_agg(k, to_jsonb(((v #>> '{}')::numeric * 1000000)::text)), '{}'::jsonb)
        FROM jsonb_each(value) AS o(k, v))
      ELSE value
    END), '{}'::jsonb)
  FROM jsonb_each(settings.data)
);
--> statement-breakpoint
DO $$
DECLARE
  wrong text;
BEGIN
  SELECT coalesce(b.what, a.what) INTO wrong
  FROM microcents_before b FULL JOIN microcents_totals a ON a.what = b.what
  WHERE a.total IS DISTINCT FROM b.total * 1000000
  LIMIT 1;
  IF wrong IS NOT NULL THEN
    RAISE EXCEPTION 'microcents migration: % is not 1,000,000 times what it was', wrong;
  END IF;
  SELECT 'balance:' || b.id INTO wrong
  FROM balances b LEFT JOIN ledger_entries e ON e.balance_id = b.id
  GROUP BY b.id, b.balance HAVING b.balance <> coalesce(sum(e.amount), 0)
  LIMIT 1;
  IF wrong IS NOT NULL THEN
    RAISE EXCEPTION 'microcents migration: % differs from the sum of its entries', wrong;
  END IF;
END
$$;
--> statement-breakpoint
DROP VIEW microcents_totals;
