import { CURRENCIES, type UpdateProfileInput, updateProfileSchema } from "@helio/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { applyServerErrors, fieldProps } from "../../lib/form.ts";
import { initials } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { AVATAR_TYPES, checkAvatarFile, useUpdateProfile, useUploadAvatar } from "./api.ts";

/** A readable message for a failed avatar upload. */
export function avatarErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413 || error.code === "PAYLOAD_TOO_LARGE") return "The image is larger than 2 MB.";
    if (error.code === "UNSUPPORTED_FILE") return "This file is not a JPEG, PNG or WebP image.";
    if (error.fields.length > 0) return error.fields.map((f) => f.message).join(" ");
  }
  return errorMessage(error);
}

function PhotoCard() {
  const member = useMember();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadAvatar(setProgress);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    setDone(false);
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => setDone(true),
      onError: (cause) => setError(avatarErrorMessage(cause)),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          Photo
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Avatar
            src={member.photoURL ?? undefined}
            alt={member.photoURL ? `Photo of ${member.fullName}` : ""}
            sx={{ width: 80, height: 80, fontSize: 30, bgcolor: "secondary.main", color: "secondary.contrastText" }}
          >
            {initials(member.fullName)}
          </Avatar>
          <Box>
            <input ref={inputRef} id={inputId} type="file" accept={AVATAR_TYPES.join(",")} onChange={onFile} hidden />
            <Button
              variant="outlined"
              startIcon={<PhotoCameraIcon />}
              onClick={() => inputRef.current?.click()}
              disabled={upload.isPending}
            >
              {member.photoURL ? "Change photo" : "Upload photo"}
            </Button>
            <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
              JPEG, PNG or WebP, up to 2 MB.
            </Typography>
          </Box>
        </Box>
        {progress !== null ? (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
            <Typography variant="body2" sx={{ mt: 0.5, color: "text.secondary" }}>
              Uploading… {progress}%
            </Typography>
          </Box>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {done ? (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            Your photo was updated.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DetailsCard() {
  const member = useMember();
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: member.firstName, lastName: member.lastName, currency: member.currency },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const updated = await update.mutateAsync(values);
      reset({ firstName: updated.firstName, lastName: updated.lastName, currency: updated.currency });
      setSaved(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ["firstName", "lastName", "currency"]));
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          Details
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {saved && !isDirty ? (
              <Alert severity="success" role="status">
                Your profile was saved.
              </Alert>
            ) : null}
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
              <TextField
                label="First name"
                autoComplete="given-name"
                {...fieldProps(register("firstName"), errors.firstName)}
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                {...fieldProps(register("lastName"), errors.lastName)}
              />
            </Box>
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <TextField
                  select
                  label="Display currency"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(errors.currency)}
                  helperText={errors.currency?.message ?? "Balances and amounts are shown in this currency."}
                >
                  {CURRENCIES.map((currency) => (
                    <MenuItem key={currency} value={currency}>
                      {currency}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
                {isSubmitting ? "Saving…" : "Save changes"}
              </Button>
              <Button component={RouterLink} to="/profile" color="inherit">
                Back to profile
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** `/update-profile`: names, display currency and photo. */
export function UpdateProfilePage() {
  return (
    <Box>
      <PageHeader title="Update profile" />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <PhotoCard />
        <DetailsCard />
      </Stack>
    </Box>
  );
}
