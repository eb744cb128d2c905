import { useLingui } from "@lingui/react/macro";
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import { useId } from "react";

export interface ViewedImage {
  src: string;
  alt: string;
}

/** An image in a message; with `onOpen`, a button that opens it large. */
export function ImageThumb({
  src,
  alt,
  onOpen,
  onLoad,
}: {
  src: string;
  alt: string;
  onOpen?: () => void;
  onLoad?: () => void;
}) {
  const { t } = useLingui();
  const img = (
    <Box
      component="img"
      src={src}
      alt={alt}
      onLoad={onLoad}
      sx={{ display: "block", maxWidth: "100%", width: 220, maxHeight: 220, objectFit: "cover", borderRadius: 1.5 }}
    />
  );
  if (!onOpen) return <Box sx={{ mb: 0.5 }}>{img}</Box>;
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={t`${alt}: open large`}
      sx={{ display: "block", p: 0, mb: 0.5, border: 0, bgcolor: "transparent", cursor: "zoom-in", maxWidth: "100%" }}
    >
      {img}
    </Box>
  );
}

/** The large view of an opened image; closed while `image` is null. */
export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <Dialog open={image !== null} onClose={onClose} maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", py: 1 }}>
        {image?.alt}
        <IconButton onClick={onClose} aria-label={t`Close image`}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 1 }}>
        {image ? (
          <Box
            component="img"
            src={image.src}
            alt={image.alt}
            sx={{ display: "block", maxWidth: "100%", maxHeight: "80vh", mx: "auto" }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
