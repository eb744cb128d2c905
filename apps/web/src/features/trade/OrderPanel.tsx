import {
  fromCents,
  jsonText,
  mulDivHalfEven,
  type OpenTrade,
  type RateQuote,
  type TradeConfig,
  type TradeDirection,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import RemoveIcon from "@mui/icons-material/Remove";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { MemberAmountField } from "../../components/AmountField.tsx";
import { Money } from "../../components/Money.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import {
  type AmountRules,
  amountInputText,
  amountRequest,
  amountSchema,
  validAmountMicrocents,
} from "../../lib/amount.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { formatPrice } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { useMoneyForm } from "../../lib/money-form.ts";
import { paths } from "../../lib/paths.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { type MemberQuote, useMemberQuote } from "../../lib/settings.ts";
import { tradeConfigQuery, usePlaceTrade } from "./api.ts";
import { durationLabel } from "./model.ts";
import { useDockedBarHeight } from "./use-docked-bar.ts";

/** The stake a new order starts with: 10 USD, in the member's currency. */
const DEFAULT_STAKE_MICROCENTS = fromCents(1_000);

/**
 * The last stake and duration a member placed, kept on this device per member (`uid` in the key,
 * so two members sharing a phone keep their own). A convenience, not a record: the server needs
 * no column for it, and a new device starts from the defaults.
 */
type LastOrder = { amountMicrocents: bigint; durationSeconds: number };
const lastOrderKey = (uid: string) => `helio.trade.lastOrder.${uid}`;
/** The stake as stored: microcents as a string of digits (`jsonText`). */
const STORED_MICROCENTS = /^\d{1,20}$/;

function readLastOrder(uid: string): LastOrder | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(lastOrderKey(uid)) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { amountMicrocents, durationSeconds } = value as Record<string, unknown>;
    // An entry from when stakes were kept in whole cents (`amountCents`, a number) is forgotten, like a broken one.
    if (
      typeof amountMicrocents === "string" &&
      STORED_MICROCENTS.test(amountMicrocents) &&
      typeof durationSeconds === "number" &&
      Number.isInteger(durationSeconds)
    )
      return { amountMicrocents: BigInt(amountMicrocents), durationSeconds };
  } catch {
    // A broken entry is forgotten: the defaults apply.
  }
  return null;
}

function keepLastOrder(uid: string, order: LastOrder) {
  try {
    localStorage.setItem(lastOrderKey(uid), jsonText(order));
  } catch {
    // Storage full or refused (private mode): the next order starts from the defaults.
  }
}

/** The stake one step away (microcents): the next preset above or below, within the limits. */
export function steppedStake(
  microcents: bigint | null,
  presets: readonly bigint[],
  step: 1 | -1,
  min: bigint,
  max: bigint,
): bigint {
  const current = microcents ?? DEFAULT_STAKE_MICROCENTS;
  const candidates = step > 0 ? presets.filter((p) => p > current) : presets.filter((p) => p < current).reverse();
  const smallest = presets[0] ?? DEFAULT_STAKE_MICROCENTS;
  const next = candidates[0] ?? current + BigInt(step) * smallest;
  return next > max ? max : next < min ? min : next;
}

/** The stake's rules, in the server's words (`At least 1.00 USD (16,250.00 IDR)`). */
function stakeRules(config: TradeConfig): AmountRules {
  return { min: { microcents: config.minMicrocents }, max: { microcents: config.maxMicrocents } };
}

// Field names are the request's, so the server's field errors land on the right input.
const orderSchema = (rules: AmountRules, quote: RateQuote) =>
  z.object({
    amount: amountSchema(rules, quote),
    durationSeconds: z.int(),
    direction: z.enum(["up", "down"]),
  });

/** Up and Down share a phone's row: their words wrap inside them rather than running out. */
const ORDER_BUTTON_SX = { minWidth: 0, px: 1, lineHeight: 1.3, overflowWrap: "anywhere" } as const;

type OrderFormProps = {
  symbol: string;
  stale: boolean;
  config: TradeConfig;
  /** Known before the form opens: the default stake is written in the member's currency. */
  rate: MemberQuote & { quote: RateQuote };
};

function OrderForm({ symbol, stale, config, rate }: OrderFormProps) {
  const { t } = useLingui();
  const place = usePlaceTrade();
  const member = useMember();
  const [last] = useState(() => readLastOrder(member.uid));
  const startMicrocents =
    last && last.amountMicrocents >= config.minMicrocents && last.amountMicrocents <= config.maxMicrocents
      ? last.amountMicrocents
      : DEFAULT_STAKE_MICROCENTS;
  const startDuration =
    last && config.durations.includes(last.durationSeconds) ? last.durationSeconds : (config.durations[0] ?? 30);
  const balances = useMemberBalances();
  const [placed, setPlaced] = useState<string | null>(null);
  const { quote } = rate;
  const rules = stakeRules(config);
  // One key per intended trade, kept after a lost answer: a retry cannot place a second trade.
  const { form, submit, formError } = useMoneyForm({
    schema: orderSchema(rules, quote),
    defaultValues: { amount: amountInputText(startMicrocents, quote), durationSeconds: startDuration, direction: "up" },
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
    onSent: (contract) => {
      keepLastOrder(member.uid, {
        amountMicrocents: contract.amountMicrocents,
        durationSeconds: contract.durationSeconds,
      });
      const price = formatPrice(contract.entryPrice);
      setPlaced(
        contract.direction === "up" ? t`Up contract placed at ${price}.` : t`Down contract placed at ${price}.`,
      );
    },
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
  }, [trigger, config.minMicrocents, config.maxMicrocents, quote.rate]);
  const typed = watch("amount");
  const stakeMicrocents = validAmountMicrocents(typed, rules, quote);
  const payout = config.payouts[symbol] ?? 85;
  const readOnly = useReadOnlyReason();
  const blocked = Boolean(errors.amount) || stale || place.isPending || Boolean(readOnly);

  const submitAs = (direction: TradeDirection) => {
    setValue("direction", direction);
    void submit();
  };

  const winMicrocents = stakeMicrocents === null ? null : mulDivHalfEven(stakeMicrocents, 100 + payout, 100);
  const setStake = (next: bigint) =>
    setValue("amount", amountInputText(next, quote), { shouldValidate: true, shouldDirty: true });
  const step = (direction: 1 | -1) =>
    setStake(
      steppedStake(
        stakeMicrocents,
        config.amountPresetsMicrocents,
        direction,
        config.minMicrocents,
        config.maxMicrocents,
      ),
    );
  const stakeAccount = member.userTrading ? t`Wallet (Real)` : t`Demo (practice)`;
  const dockedBar = useDockedBarHeight<HTMLDivElement>();

  return (
    <Card
      ref={dockedBar}
      variant="outlined"
      component="section"
      aria-label={t`Order`}
      data-testid="order-panel"
      sx={{
        // Phones: docked at the bottom of the screen over the chart's lower part, always in reach.
        position: { xs: "fixed", md: "static" },
        insetInline: { xs: 0 },
        bottom: { xs: 0 },
        zIndex: { xs: "appBar", md: "auto" },
        borderRadius: { xs: 0, md: 1 },
        boxShadow: { xs: 8, md: "none" },
        alignSelf: "start",
      }}
    >
      <CardContent sx={{ p: { xs: 1.5, md: 2 }, "&:last-child": { pb: { xs: 1.5, md: 2 } } }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: 18, mb: 2, display: { xs: "none", md: "block" } }}>
          <Trans>Order</Trans>
        </Typography>
        <Stack spacing={{ xs: 1, md: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <IconButton
              aria-label={t`Smaller stake`}
              onClick={() => step(-1)}
              disabled={stakeMicrocents !== null && stakeMicrocents <= config.minMicrocents}
              sx={{ mt: 1 }}
            >
              <RemoveIcon />
            </IconButton>
            <MemberAmountField
              rate={rate}
              registration={register("amount")}
              error={errors.amount}
              size="small"
              unit={false}
              typed={typed}
              microcents={stakeMicrocents}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <IconButton
              aria-label={t`Larger stake`}
              onClick={() => step(1)}
              disabled={stakeMicrocents !== null && stakeMicrocents >= config.maxMicrocents}
              sx={{ mt: 1 }}
            >
              <AddIcon />
            </IconButton>
          </Stack>
          {/* The duration beside the presets, so that the amount has the row above to itself (room for its label in every language). */}
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Controller
              control={control}
              name="durationSeconds"
              render={({ field }) => (
                <SelectField
                  size="small"
                  label={t`Duration`}
                  value={field.value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  options={config.durations.map((d) => ({ value: d, label: durationLabel(d) }))}
                  sx={{ width: 128, flexShrink: 0 }}
                />
              )}
            />
            {config.amountPresetsMicrocents.length ? (
              <Stack
                direction="row"
                spacing={0.5}
                role="group"
                aria-label={t`Stake presets`}
                sx={{ flex: 1, minWidth: 0, overflowX: "auto", py: 0.25 }}
              >
                {config.amountPresetsMicrocents.map((preset) => (
                  <Chip
                    key={preset}
                    size="small"
                    variant={stakeMicrocents === preset ? "filled" : "outlined"}
                    color={stakeMicrocents === preset ? "primary" : "default"}
                    label={<Money microcents={preset} />}
                    onClick={() => setStake(preset)}
                  />
                ))}
              </Stack>
            ) : null}
          </Stack>
          <Typography variant="body2" data-testid="order-payout">
            <Trans>
              Payout: <strong>{payout}%</strong>
            </Trans>
            {" · "}
            <Box component="span" sx={{ color: "text.secondary" }} data-testid="stake-source">
              <Trans>
                Stake from {stakeAccount}:{" "}
                {balances.data ? (
                  <Money microcents={member.userTrading ? balances.data.wallet : balances.data.demo} />
                ) : (
                  "…"
                )}
              </Trans>
            </Box>
          </Typography>
          {stale ? <Alert severity="warning">{t`No recent price for this pair: trading is paused.`}</Alert> : null}
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          {placed ? (
            <Alert severity="success" onClose={() => setPlaced(null)} sx={{ py: 0 }}>
              {placed}{" "}
              <Box component={RouterLink} to={paths.onTrade} sx={{ color: "inherit" }}>
                <Trans>See On Trade</Trans>
              </Box>
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button
              fullWidth
              variant="contained"
              color="success"
              sx={ORDER_BUTTON_SX}
              startIcon={<ArrowUpwardIcon />}
              disabled={blocked}
              onClick={() => submitAs("up")}
              data-testid="order-up"
            >
              {/* One box of words: the button lays out its children side by side. */}
              <span>
                {winMicrocents === null ? (
                  <Trans>Up</Trans>
                ) : (
                  <Trans>
                    Up · pays <Money microcents={winMicrocents} />
                  </Trans>
                )}
              </span>
            </Button>
            <Button
              fullWidth
              variant="contained"
              color="error"
              // error.dark keeps white text above 4.5:1 in both themes.
              sx={{
                ...ORDER_BUTTON_SX,
                bgcolor: "error.dark",
                "&:hover": { bgcolor: "error.dark", filter: "brightness(0.9)" },
              }}
              startIcon={<ArrowDownwardIcon />}
              disabled={blocked}
              onClick={() => submitAs("down")}
              data-testid="order-down"
            >
              {/* One box of words: the button lays out its children side by side. */}
              <span>
                {winMicrocents === null ? (
                  <Trans>Down</Trans>
                ) : (
                  <Trans>
                    Down · pays <Money microcents={winMicrocents} />
                  </Trans>
                )}
              </span>
            </Button>
          </Stack>
          <ReadOnlyNote reason={readOnly} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The trade page's order form: amount, duration, payout, the stake's account, then Up or Down. It
 * appears whole, once the stake's balance and whether the pair's price is `stale` (null while the
 * quotes load) are known: docked on a phone, a line added to it later would move the bar.
 */
export function OrderPanel({ symbol, stale }: { symbol: string; stale: boolean | null }) {
  const config = useQuery(tradeConfigQuery);
  const { currency, quote } = useMemberQuote();
  const balances = useMemberBalances();
  if (!config.data || !quote || balances.isPending || stale === null) return <PageLoader />;
  return <OrderForm symbol={symbol} stale={stale} config={config.data} rate={{ currency, quote }} />;
}
