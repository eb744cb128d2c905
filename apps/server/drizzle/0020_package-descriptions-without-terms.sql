-- The seeded packages' descriptions stated the daily terms ("0.50 % a day for 30 days"), which are
-- wrong once the accrual period is not a day; the terms are shown beside each package from its rate,
-- periods and the period. Only descriptions still as seeded are changed: an admin's own stay.
UPDATE "investment_packages" SET "description" = 'A short first step, capital back at the end.'
  WHERE "slug" = 'starter' AND "description" = 'A short first step: 0.50 % a day for 30 days, capital back at the end.';
--> statement-breakpoint
UPDATE "investment_packages" SET "description" = 'Capital back at the end.'
  WHERE "slug" = 'growth' AND "description" = '0.80 % a day for 60 days, capital back at the end.';
--> statement-breakpoint
UPDATE "investment_packages" SET "description" = 'The profit is the whole return (the capital is not returned).'
  WHERE "slug" = 'premium' AND "description" = '1.20 % a day for 90 days; the profit is the whole return (the capital is not returned).';
