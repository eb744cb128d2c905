import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { initials } from "../lib/format.ts";
import styles from "./member-avatar.module.css";

/**
 * A person's photo, or their initials on the accent colour (MUI's Avatar, in plain CSS: the top bar
 * shows it on every page). `described`: the photo is named ("Photo of …") where it stands for
 * itself; beside the name it is decoration.
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
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = Boolean(photoURL) && failed !== photoURL;
  return (
    <span
      className={showPhoto ? styles.avatar : `${styles.avatar} ${styles.initials}`}
      style={{ width: size, height: size, fontSize }}
    >
      {showPhoto ? (
        <img
          className={styles.photo}
          src={photoURL ?? undefined}
          alt={described && photoURL ? t`Photo of ${name}` : ""}
          onError={() => setFailed(photoURL ?? null)}
        />
      ) : (
        initials(name)
      )}
    </span>
  );
}
