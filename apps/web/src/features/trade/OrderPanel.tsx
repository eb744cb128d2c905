import {
  DURATION_LABELS,
  mulDivHalfEven,
  type OpenTrade,
  type RateQuote,
  type TradeConfig,
  type TradeDirection,
} from "@helio/shared";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { z } from "zod";
import { MemberAmountField } from "../../components/AmountField.tsx";
import { Money } from "../../components/Money.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { type AmountRules, amountInputText, amountRequest, amountSchema, validAmountCents } from "../../lib/amount.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { formatPrice } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { useMoneyForm } from "../../lib/money-form.ts";
import { paths } from "../../lib/paths.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { type MemberQuote, useMemberQuote } from "../../lib/settings.ts";
import { tradeConfigQuery, usePlaceTrade } from "./api.ts";

/** The stake a new order starts with: 10 USD, in the member's currency. */
const DEFAULT_STAKE_CENTS = 1_000;

/** The stake's rules, in the server's words (`At least 1.00 USD (16,250.00 IDR)`). */
function stakeRules(config: TradeConfig): AmountRules {
  return { min: { cents: config.minCents }, max: { cents: config.maxCents } };
}

// Field names are the request's, so the server's field errors land on the right input.
const orderSchema = (rules: AmountRules, quote: RateQuote) =>
  z.object({
    amount: amountSchema(rules, quote),
    durationSeconds: z.number().int(),
    direction: z.enum(["up", "down"]),
  });

type OrderFormProps = {
  symbol: string;
  stale: boolean;
  config: TradeConfig;
  /** Known before the form opens: the default stake is written in the member's currency. */
  rate: MemberQuote & { quote: RateQuote };
};

function OrderForm({ symbol, stale, config, rate }: OrderFormProps) {
  const place = usePlaceTrade();
  const member = useMember();
  const balances = useMemberBalances();
  const [placed, setPlaced] = useState<string | null>(null);
  const { quote } = rate;
  const rules = stakeRules(config);
  // One key per intended trade, kept after a lost answer: a retry cannot place a second trade.
  const { form, submit, formError } = useMoneyForm({
    schema: orderSchema(rules, quote),
    defaultValues: { amount: amountInputText(DEFAULT_STAKE_CENTS, quote), durationSeconds: 30, direction: "up" },
    // The stake is checked as it is typed.
    mode: "onChange",
    fields: ["amount"],
    send: ({ amount, durationSeconds, direction }, key) => {
      setPlaced(null);
      return place.mutateAsync({
        input: {
          symbol: symbol as OpenTrade["symbol"],
          direction,
          ...amountRequest(amount, quote),
          durationSeconds,
        },
        key,
      });
    },
    onSent: (contract) =>
      setPlaced(
        `${contract.direction === "up" ? "Up" : "Down"} contract placed at ${formatPrice(contract.entryPrice)}.`,
      ),
  });
  const {
    register,
    control,
    watch,
    setValue,
    trigger,
    formState: { errors },
  } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the limits and the rate are in the resolver; check again when they change.
  useEffect(() => {
    void trigger("amount");
  }, [trigger, config.minCents, config.maxCents, quote.rate]);
  const typed = watch("amount");
  const cents = validAmountCents(typed, rules, quote);
  const payout = config.payouts[symbol] ?? 85;
  const readOnly = useReadOnlyReason();
  const blocked = Boolean(errors.amount) || stale || place.isPending || Boolean(readOnly);

  const submitAs = (direction: TradeDirection) => {
    setValue("direction", direction);
    void submit();
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ fontSize: 18, mb: 2 }}>
          Order
        </Typography>
        <Stack spacing={2}>
          <MemberAmountField
            rate={rate}
            registration={register("amount")}
            error={errors.amount}
            helperText=" "
            unit={false}
            typed={typed}
            cents={cents}
          />
          <Controller
            control={control}
            name="durationSeconds"
            render={({ field }) => (
              <SelectField
                label="Duration"
                value={field.value}
                onChange={(e) => field.onChange(Number(e.target.value))}
                options={config.durations.map((d) => ({ value: d, label: DURATION_LABELS[d] ?? `${d} s` }))}
              />
            )}
          />
          <Typography>
            Payout: <strong>{payout}%</strong>
            {cents ? (
              <>
                {" "}
                (win returns <Money cents={mulDivHalfEven(cents, 100 + payout, 100)} />)
              </>
            ) : null}
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="stake-source">
            Stake from {member.userTrading ? "Wallet (Real)" : "Demo (practice)"}:{" "}
            {balances.data ? <Money cents={member.userTrading ? balances.data.wallet : balances.data.demo} /> : "…"}
          </Typography>
          {stale ? <Alert severity="warning">No recent price for this pair: trading is paused.</Alert> : null}
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {placed ? (
            <Alert severity="success">
              {placed}{" "}
              <Box component={RouterLink} to={paths.onTrade} sx={{ color: "inherit" }}>
                See On Trade
              </Box>
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button
              fullWidth
              variant="contained"
              color="success"
              startIcon={<ArrowUpwardIcon />}
              disabled={blocked}
              onClick={() => submitAs("up")}
            >
              Up
            </Button>
            <Button
              fullWidth
              variant="contained"
              color="error"
              // error.dark keeps white text above 4.5:1 in both themes.
              sx={{ bgcolor: "error.dark", "&:hover": { bgcolor: "error.dark", filter: "brightness(0.9)" } }}
              startIcon={<ArrowDownwardIcon />}
              disabled={blocked}
              onClick={() => submitAs("down")}
            >
              Down
            </Button>
          </Stack>
          <ReadOnlyNote reason={readOnly} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The trade page's order form: amount, duration, payout, the stake's account, then Up or Down. */
export function OrderPanel({ symbol, stale }: { symbol: string; stale: boolean }) {
  const config = useQuery(tradeConfigQuery);
  const { currency, quote } = useMemberQuote();
  if (!config.data || !quote) return <PageLoader />;
  return <OrderForm symbol={symbol} stale={stale} config={config.data} rate={{ currency, quote }} />;
}
