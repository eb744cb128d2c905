import type { ChatParty } from "@helio/shared";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import type { ReactNode } from "react";
import { formatDateTime, formatRelative, initials } from "../../lib/format.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";

function PartyAvatar({ party, size = 32 }: { party: ChatParty; size?: number }) {
  return (
    <Avatar
      src={party.photoURL ?? undefined}
      alt=""
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: "secondary.main",
        color: "secondary.contrastText",
      }}
    >
      {initials(party.displayName)}
    </Avatar>
  );
}

interface BubbleProps {
  party: ChatParty;
  mine: boolean;
  date: string;
  now: number;
  text: string;
  image: ReactNode;
  footer?: ReactNode;
  faded?: boolean;
}

/** One message of the thread, as a list item: sender avatar, text and image, relative time, then `footer`. */
export function Bubble({ party, mine, date, now, text, image, footer, faded }: BubbleProps) {
  const locale = useFormatLocale();
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        flexDirection: mine ? "row-reverse" : "row",
        alignItems: "flex-end",
        gap: 1,
        mb: 1.5,
        opacity: faded ? 0.75 : 1,
      }}
    >
      <PartyAvatar party={party} />
      <Box
        sx={{
          maxWidth: "78%",
          minWidth: 0,
          display: "flex",
          flexDirection: "column",
          alignItems: mine ? "flex-end" : "flex-start",
        }}
      >
        <Typography component="span" sx={visuallyHidden}>
          {party.displayName}:
        </Typography>
        <Box
          sx={(theme) => ({
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderBottomRightRadius: mine ? 4 : undefined,
            borderBottomLeftRadius: mine ? undefined : 4,
            bgcolor: mine ? "primary.main" : theme.palette.mode === "dark" ? "grey.800" : "grey.100",
            color: mine ? "primary.contrastText" : "text.primary",
            minWidth: 0,
          })}
        >
          {image}
          {text ? (
            <Typography component="p" variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", m: 0 }}>
              {text}
            </Typography>
          ) : null}
        </Box>
        <Typography
          component="span"
          variant="caption"
          sx={{ color: "text.secondary", mt: 0.25 }}
          title={formatDateTime(date, { locale })}
        >
          <time dateTime={date}>{formatRelative(date, now, locale)}</time>
        </Typography>
        {footer}
      </Box>
    </Box>
  );
}
