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
import { fieldProps } from "../../lib/form.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
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
  const previous = kyc.submission;
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<KycDocument, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitKyc = useSubmitKyc(setProgress);
  const readOnly = useReadOnlyReason();
  const countries = useMemo(countryOptions, []);
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
          setFormError(unplaced.length ? unplaced.join(" ") : "Please correct the marked fields.");
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
    <SectionCard id="kyc-form-heading" title={kyc.status === "rejected" ? "Submit again" : "Verify your identity"}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            label="Legal name"
            autoComplete="name"
            {...fieldProps(register("legalName"), errors.legalName, "As written on your ID.")}
          />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <DateField
              label="Date of birth"
              autoComplete="bday"
              {...fieldProps(register("dateOfBirth"), errors.dateOfBirth, "You must be at least 18.")}
            />
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <Autocomplete
                  options={countries}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(option, value) => option.code === value.code}
                  value={countries.find((c) => c.code === field.value) ?? null}
                  onChange={(_, option) => field.onChange(option?.code ?? "")}
                  onBlur={field.onBlur}
                  autoHighlight
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Country"
                      name={field.name}
                      inputRef={field.ref}
                      error={Boolean(errors.country)}
                      helperText={errors.country?.message ?? "The country that issued your ID."}
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
                <FormLabel id="id-type-label">ID type</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="id-type-label"
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  {ID_TYPES.map((type) => (
                    <FormControlLabel key={type} value={type} control={<Radio />} label={ID_TYPE_LABELS[type]} />
                  ))}
                </RadioGroup>
                {errors.idType ? <FormHelperText>{errors.idType.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <TextField label="ID number" autoComplete="off" {...fieldProps(register("idNumber"), errors.idNumber)} />
          <Typography variant="h3" component="h3">
            Documents
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: "8px !important" }}>
            Clear photos, all corners visible: JPEG, PNG or WebP, up to 10 MB each. Only you and our compliance team can
            see them.
          </Typography>
          {needed.map((doc) => (
            <FileUpload
              key={doc}
              label={DOCUMENT_LABELS[doc]}
              name={doc}
              accept={KYC_DOCUMENT_TYPES}
              maxBytes={UPLOAD_MAX_BYTES}
              describe="a JPEG, PNG or WebP image"
              hint={
                doc === "selfie"
                  ? "A photo of you holding the ID next to your face."
                  : doc === "idFront"
                    ? "The side with your photo."
                    : "The other side of the ID."
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
              <LinearProgress variant="determinate" value={progress} aria-label="Uploading documents" />
              <Typography variant="body2" sx={{ mt: 0.5, color: "text.secondary" }} aria-live="polite">
                Uploading… {progress}%
              </Typography>
            </Box>
          ) : null}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button type="submit" variant="contained" disabled={submitKyc.isPending || Boolean(readOnly)}>
              {submitKyc.isPending ? "Submitting…" : "Submit for review"}
            </Button>
            <ReadOnlyNote reason={readOnly} />
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
