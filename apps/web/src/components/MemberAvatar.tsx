import { useLingui } from "@lingui/react/macro";
import Avatar from "@mui/material/Avatar";
import { initials } from "../lib/format.ts";

/**
 * A person's photo, or their initials on the accent colour. `described`: the photo is named
 * ("Photo of …") where it stands for itself; beside the name it is decoration.
 */
export function MemberAvatar({
  name,
  photoURL,
  size,
  fontSize,
  described = false,
}: {
  name: string;
  photoURL: string | null | undefined;
  size: number;
  fontSize?: number;
  described?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Avatar
      src={photoURL ?? undefined}
      alt={described && photoURL ? t`Photo of ${name}` : ""}
      sx={{ width: size, height: size, fontSize, bgcolor: "secondary.main", color: "secondary.contrastText" }}
    >
      {initials(name)}
    </Avatar>
  );
}
