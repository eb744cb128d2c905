import { Trans } from "@lingui/react/macro";
import DownloadIcon from "@mui/icons-material/Download";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";

/** "Export CSV" and "Download PDF" of what the page shows (every page of it). */
export function FileButtons({ csv, pdf, disabled }: { csv: string; pdf: string; disabled: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Button component="a" href={csv} download variant="outlined" startIcon={<DownloadIcon />} disabled={disabled}>
        <Trans>Export CSV</Trans>
      </Button>
      <Button component="a" href={pdf} download variant="outlined" startIcon={<PictureAsPdfIcon />} disabled={disabled}>
        <Trans>Download PDF</Trans>
      </Button>
    </Stack>
  );
}
