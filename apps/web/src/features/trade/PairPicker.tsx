import { PAIRS, type PairQuote } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useMember } from "../../lib/member.tsx";

type Pair = (typeof PAIRS)[number];

/**
 * A member's favourite pairs, kept on this device per member (`uid` in the key): a preference of
 * how the list is ordered, not a record the server needs.
 */
const favouritesKey = (uid: string) => `helio.trade.favourites.${uid}`;

function readFavourites(uid: string): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(favouritesKey(uid)) ?? "[]");
    return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

export function useFavouritePairs() {
  const { uid } = useMember();
  const [favourites, setFavourites] = useState(() => readFavourites(uid));
  const toggle = (symbol: string) => {
    const next = favourites.includes(symbol) ? favourites.filter((s) => s !== symbol) : [...favourites, symbol];
    setFavourites(next);
    try {
      localStorage.setItem(favouritesKey(uid), JSON.stringify(next));
    } catch {
      // Refused storage: the favourites last until the page is left.
    }
  };
  return { favourites, toggle };
}

/** "+0.48%" / "-1.20%", green or red, always left to right (Arabic would write "0.48%-"). */
export function ChangeText({ change }: { change: string | null | undefined }) {
  if (!change) return null;
  const down = change.startsWith("-");
  return (
    <Box
      component="span"
      dir="ltr"
      sx={{ color: down ? "error.main" : "success.main", fontVariantNumeric: "tabular-nums", unicodeBidi: "isolate" }}
    >
      {down ? "" : "+"}
      {change}%
    </Box>
  );
}

const filterPairs = createFilterOptions<Pair>({ stringify: (p) => `${p.symbol} ${p.label} ${p.symbol}/USDT` });

/** Search the pairs by symbol or name, favourites first, each with its 24 h change; a star keeps the current one. */
export function PairPicker({
  symbol,
  quotes,
  onPick,
}: {
  symbol: string;
  quotes: PairQuote[] | undefined;
  onPick: (pair: Pair) => void;
}) {
  const { t } = useLingui();
  const { favourites, toggle } = useFavouritePairs();
  const current = PAIRS.find((p) => p.symbol === symbol) ?? PAIRS[0];
  const options = [...PAIRS].sort(
    (a, b) => Number(favourites.includes(b.symbol)) - Number(favourites.includes(a.symbol)),
  );
  const favourite = favourites.includes(symbol);
  const pairName = `${symbol}/USDT`;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
      <Autocomplete
        size="small"
        disableClearable
        autoHighlight
        options={options}
        value={current}
        openText={t`Open`}
        closeText={t`Close`}
        noOptionsText={t`No pairs match`}
        groupBy={(p) => (favourites.includes(p.symbol) ? t`Favourites` : t`All pairs`)}
        filterOptions={filterPairs}
        getOptionLabel={(p) => `${p.symbol}/USDT`}
        isOptionEqualToValue={(a, b) => a.symbol === b.symbol}
        onChange={(_e, next) => {
          if (next && next.symbol !== symbol) onPick(next);
        }}
        renderOption={({ key, ...props }, p) => (
          <Box
            component="li"
            key={key}
            {...props}
            sx={{ display: "flex", gap: 1 }}
            data-testid={`pair-option-${p.symbol}`}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {p.symbol}/USDT
            </Box>
            <Box component="span" sx={{ color: "text.secondary", flex: 1 }}>
              {p.label}
            </Box>
            <ChangeText change={quotes?.find((q) => q.symbol === p.symbol)?.change24h} />
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label={t`Pair`} placeholder={t`Search pairs`} />}
        sx={{ width: { xs: 170, sm: 220 } }}
      />
      <Tooltip title={favourite ? t`Remove ${pairName} from favourites` : t`Add ${pairName} to favourites`}>
        <IconButton
          onClick={() => toggle(symbol)}
          aria-pressed={favourite}
          aria-label={t`Favourite ${pairName}`}
          data-testid="pair-favourite"
        >
          {favourite ? <StarIcon sx={{ color: "warning.main" }} /> : <StarBorderIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
