import { type UpdateProfileInput, updateProfileSchema } from "@helio/shared";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { FormButtons, FormStack } from "../../components/FormLayout.tsx";
import { MemberAvatar } from "../../components/MemberAvatar.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { FormSelectField } from "../../components/SelectField.tsx";
import { ApiError } from "../../lib/api.ts";
import { currencyOptions } from "../../lib/display-names.ts";
import { checkUpload, refusalMessage, useLatestFileCheck } from "../../lib/file-check.ts";
import { fieldProps } from "../../lib/form.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { useSubmitForm } from "../../lib/submit-form.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { AVATAR_DESCRIPTION, AVATAR_MAX_BYTES, AVATAR_TYPES, useUpdateProfile, useUploadAvatar } from "./api.ts";

/** A readable message for a failed avatar upload. */
export function avatarErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const megabytes = 2;
    if (error.status === 413 || error.code === "PAYLOAD_TOO_LARGE")
      return i18n._(msg`The file is larger than ${megabytes} MB.`);
    const describe = i18n._(AVATAR_DESCRIPTION);
    if (error.code === "UNSUPPORTED_FILE") return i18n._(msg`This file is not ${describe}.`);
  }
  return refusalMessage(error);
}

function PhotoCard() {
  const { t, i18n } = useLingui();
  const member = useMember();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadAvatar(setProgress);

  const checkChoice = useLatestFileCheck((file: File) =>
    checkUpload(file, AVATAR_TYPES, AVATAR_MAX_BYTES, i18n._(AVATAR_DESCRIPTION)),
  );
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    setDone(false);
    if (!file) return;
    // Its first bytes too: a text file renamed .png is refused here, before any upload.
    const problem = await checkChoice(file);
    if (problem === undefined) return;
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
    <SectionCard title={t`Photo`}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <MemberAvatar name={member.fullName} photoURL={member.photoURL} size={80} fontSize={30} described />
        <Box>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            onChange={(event) => void onFile(event)}
            hidden
          />
          <Button
            variant="outlined"
            startIcon={<PhotoCameraIcon />}
            onClick={() => inputRef.current?.click()}
            disabled={upload.isPending}
          >
            {member.photoURL ? t`Change photo` : t`Upload photo`}
          </Button>
          <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
            <Trans>JPEG, PNG or WebP, up to 2 MB.</Trans>
          </Typography>
        </Box>
      </Box>
      {progress !== null ? (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={t`Upload progress`} />
          <Typography variant="body2" sx={{ mt: 0.5, color: "text.secondary" }}>
            <Trans>Uploading… {progress}%</Trans>
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
          <Trans>Your photo was updated.</Trans>
        </Alert>
      ) : null}
    </SectionCard>
  );
}

function DetailsCard() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const member = useMember();
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const { form, submit, formError } = useSubmitForm({
    schema: updateProfileSchema,
    defaultValues: { firstName: member.firstName, lastName: member.lastName, currency: member.currency },
    fields: ["firstName", "lastName", "currency"],
    send: (values: UpdateProfileInput) => {
      setSaved(false);
      return update.mutateAsync(values);
    },
    onSent: (updated) => {
      form.reset({ firstName: updated.firstName, lastName: updated.lastName, currency: updated.currency });
      setSaved(true);
    },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  return (
    <SectionCard title={t`Details`}>
      <FormStack onSubmit={submit} error={formError}>
        {saved && !isDirty ? (
          <Alert severity="success" role="status">
            <Trans>Your profile was saved.</Trans>
          </Alert>
        ) : null}
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            {...fieldProps(register("firstName"), errors.firstName)}
          />
          <TextField
            label={t`Last name`}
            autoComplete="family-name"
            {...fieldProps(register("lastName"), errors.lastName)}
          />
        </Box>
        <FormSelectField
          control={control}
          name="currency"
          label={t`Display currency`}
          options={currencyOptions(locale)}
          helperText={t`Balances and amounts are shown in this currency.`}
        />
        <FormButtons label={t`Save changes`} busyLabel={t`Saving…`} busy={isSubmitting} disabled={!isDirty}>
          <Button component={RouterLink} to={paths.profile} color="inherit">
            <Trans>Back to profile</Trans>
          </Button>
        </FormButtons>
      </FormStack>
    </SectionCard>
  );
}

/** `/update-profile`: names, display currency and photo. */
export function UpdateProfilePage() {
  const { t } = useLingui();
  return (
    <Box>
      <PageHeader title={t`Update profile`} />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <PhotoCard />
        <DetailsCard />
      </Stack>
    </Box>
  );
}
