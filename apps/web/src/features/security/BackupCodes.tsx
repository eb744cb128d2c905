import { Trans, useLingui } from "@lingui/react/macro";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../components/CopyButton.tsx";

/** The backup codes, shown once, with copy and download. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  const text = codes.join("\n");
  const fileTitle = t`Helio backup codes`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${fileTitle}\n\n${text}\n`], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "helio-backup-codes.txt";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        <Trans>
          Save these backup codes somewhere safe. Each one signs you in once if you lose your authenticator app. They
          are shown only now.
        </Trans>
      </Typography>
      <Box
        component="ul"
        aria-label={t`Backup codes`}
        dir="ltr"
        sx={{
          listStyle: "none",
          p: 2,
          m: 0,
          display: "grid",
          gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)" },
          gap: 1,
          bgcolor: "action.hover",
          borderRadius: 2,
          fontFamily: "monospace",
          fontSize: "1rem",
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ mt: 1, display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <CopyButton value={text} label={t`Copy backup codes`} />
        <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
          <Trans>Download</Trans>
        </Button>
      </Box>
    </Box>
  );
}
