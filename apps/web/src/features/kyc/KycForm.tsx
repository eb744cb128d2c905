import {
  ID_TYPES,
  type IdType,
  KYC_DOCUMENT_TYPES,
  KYC_DOCUMENTS,
  type Kyc,
  type KycDocument,
  type KycFieldsInput,
  kycFieldsSchema,
  UPLOAD_MAX_BYTES,
} from "@helio/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DateField } from "../../components/DateField.tsx";
import { FileUpload } from "../../components/FileUpload.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { wordFieldError } from "../../lib/error-words.ts";
import { fieldProps } from "../../lib/form.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { useSubmitKyc } from "./api.ts";
import {
  countryOptions,
  DOCUMENT_LABELS,
  documentsFor,
  ID_TYPE_LABELS,
  kycFormData,
  missingDocuments,
} from "./model.ts";

type Files = Partial<Record<KycDocument, File | null>>;
const TEXT_FIELDS = ["legalName", "dateOfBirth", "country", "idType", "idNumber"] as const;

/** The identity form: the fields from the ID, the ID type, the documents it needs, sent with upload progress. */
export function KycForm({ kyc }: { kyc: Kyc }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const previous = kyc.submission;
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<KycDocument, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitKyc = useSubmitKyc(setProgress);
  const readOnly = useReadOnlyReason();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<KycFieldsInput>({
    resolver: zodResolver(kycFieldsSchema),
    defaultValues: {
      legalName: previous?.legalName ?? "",
      dateOfBirth: previous?.dateOfBirth ?? "",
      country: previous?.country ?? "",
      idType: previous?.idType ?? "national_id",
      idNumber: previous?.idNumber ?? "",
    },
  });
  const idType = watch("idType") as IdType;
  const needed = documentsFor(idType);

  const checkFiles = () => {
    const missing = missingDocuments(idType, files);
    setFileErrors(missing);
    return Object.keys(missing).length === 0;
  };

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      if (!checkFiles()) return;
      setProgress(0);
      try {
        await submitKyc.mutateAsync(kycFormData({ ...values, idType: values.idType as IdType }, files));
      } catch (error) {
        if (error instanceof ApiError && error.fields.length > 0) {
          const unplaced: string[] = [];
          const nextFileErrors: typeof fileErrors = {};
          for (const f of error.fields) {
            if ((TEXT_FIELDS as readonly string[]).includes(f.field)) {
              setError(f.field as (typeof TEXT_FIELDS)[number], { type: "server", message: f.message });
            } else if ((KYC_DOCUMENTS as readonly string[]).includes(f.field)) {
              nextFileErrors[f.field as KycDocument] = f.message;
            } else unplaced.push(f.message);
          }
          setFileErrors(nextFileErrors);
          setFormError(unplaced.length ? unplaced.join(" ") : t`Please correct the marked fields.`);
        } else setFormError(errorMessage(error));
      } finally {
        setProgress(null);
      }
    },
    () => {
      checkFiles();
    },
  );

  return (
    <SectionCard id="kyc-form-heading" title={kyc.status === "rejected" ? t`Submit again` : t`Verify your identity`}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            label={t`Legal name`}
            autoComplete="name"
            {...fieldProps(register("legalName"), errors.legalName, t`As written on your ID.`)}
          />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <DateField
              label={t`Date of birth`}
              autoComplete="bday"
              {...fieldProps(register("dateOfBirth"), errors.dateOfBirth, t`You must be at least 18.`)}
            />
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <Autocomplete
                  options={countries}
                  getOptionLabel={(option) => option.label}
                  isOptionEqualToValue={(option, value) => option.code === value.code}
                  value={countries.find((c) => c.code === field.value) ?? null}
                  onChange={(_, option) => field.onChange(option?.code ?? "")}
                  onBlur={field.onBlur}
                  autoHighlight
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t`Country`}
                      name={field.name}
                      inputRef={field.ref}
                      error={Boolean(errors.country)}
                      helperText={wordFieldError(errors.country?.message) ?? t`The country that issued your ID.`}
                    />
                  )}
                />
              )}
            />
          </Box>
          <Controller
            control={control}
            name="idType"
            render={({ field }) => (
              <FormControl error={Boolean(errors.idType)}>
                <FormLabel id="id-type-label">
                  <Trans>ID type</Trans>
                </FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="id-type-label"
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {ID_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      value={type}
                      control={<Radio />}
                      label={i18n._(ID_TYPE_LABELS[type])}
                    />
                  ))}
                </RadioGroup>
                {errors.idType ? <FormHelperText>{wordFieldError(errors.idType.message)}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <TextField label={t`ID number`} autoComplete="off" {...fieldProps(register("idNumber"), errors.idNumber)} />
          <Typography variant="h3" component="h3">
            <Trans>Documents</Trans>
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: "8px !important" }}>
            <Trans>
              Clear photos, all corners visible: JPEG, PNG or WebP, up to 10 MB each. Only you and our compliance team
              can see them.
            </Trans>
          </Typography>
          {needed.map((doc) => (
            <FileUpload
              key={doc}
              label={i18n._(DOCUMENT_LABELS[doc])}
              name={doc}
              accept={KYC_DOCUMENT_TYPES}
              maxBytes={UPLOAD_MAX_BYTES}
              describe={t`a JPEG, PNG or WebP image`}
              hint={
                doc === "selfie"
                  ? t`A photo of you holding the ID next to your face.`
                  : doc === "idFront"
                    ? t`The side with your photo.`
                    : t`The other side of the ID.`
              }
              value={files[doc] ?? null}
              onChange={(file) => {
                setFiles((current) => ({ ...current, [doc]: file }));
                setFileErrors((current) => ({ ...current, [doc]: undefined }));
              }}
              error={fileErrors[doc]}
              disabled={submitKyc.isPending}
            />
          ))}
          {progress !== null ? (
            <Box>
              <LinearProgress variant="determinate" value={progress} aria-label={t`Uploading documents`} />
              <Typography variant="body2" sx={{ mt: 0.5, color: "text.secondary" }} aria-live="polite">
                <Trans>Uploading… {progress}%</Trans>
              </Typography>
            </Box>
          ) : null}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button type="submit" variant="contained" disabled={submitKyc.isPending || Boolean(readOnly)}>
              {submitKyc.isPending ? t`Submitting…` : t`Submit for review`}
            </Button>
            <ReadOnlyNote reason={readOnly} />
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
