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
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { DetailList } from "../../components/DetailList.tsx";
import { FileUpload } from "../../components/FileUpload.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { fieldProps } from "../../lib/form.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { kycQuery, useKycLive, useSubmitKyc } from "./api.ts";
import {
  countryName,
  countryOptions,
  DOCUMENT_LABELS,
  documentsFor,
  ID_TYPE_LABELS,
  kycFormData,
  missingDocuments,
} from "./model.ts";

type Files = Partial<Record<KycDocument, File | null>>;
const TEXT_FIELDS = ["legalName", "dateOfBirth", "country", "idType", "idNumber"] as const;

function Submission({ kyc }: { kyc: Kyc }) {
  const s = kyc.submission;
  if (!s) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <DetailList
        columns={3}
        items={[
          { label: "Legal name", value: s.legalName },
          { label: "Date of birth", value: formatDate(`${s.dateOfBirth}T12:00:00Z`) },
          { label: "Country", value: countryName(s.country) },
          { label: "ID type", value: ID_TYPE_LABELS[s.idType] },
          { label: "ID number", value: s.idNumber },
          { label: "Submitted", value: formatDateTime(kyc.submittedAt) },
        ]}
      />
      <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
        Documents
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", gap: 2, flexWrap: "wrap" }}>
        {KYC_DOCUMENTS.map((doc) => {
          const file = s.documents[doc];
          if (!file) return null;
          return (
            <Box component="li" key={doc} sx={{ width: 140 }}>
              <Link
                href={file.url}
                target="_blank"
                rel="noopener"
                underline="hover"
                aria-label={`${DOCUMENT_LABELS[doc]}, opens in a new tab`}
              >
                <Box
                  component="img"
                  src={file.url}
                  alt=""
                  sx={{
                    width: 140,
                    height: 96,
                    objectFit: "cover",
                    borderRadius: 1,
                    border: 1,
                    borderColor: "divider",
                    display: "block",
                  }}
                />
                <Typography variant="body2" component="span">
                  {DOCUMENT_LABELS[doc]}
                </Typography>
              </Link>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function StatusCard({ kyc }: { kyc: Kyc }) {
  return (
    <Card component="section" aria-labelledby="kyc-status-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2, flexWrap: "wrap" }}>
          <Typography id="kyc-status-heading" variant="h2" component="h2">
            Status
          </Typography>
          <Box aria-live="polite">
            <StatusChip status={kyc.status} size="medium" />
          </Box>
        </Box>
        {kyc.status === "not_submitted" ? (
          <Alert severity="info">
            Verify your identity with an ID document and a selfie. Withdrawals need an approved verification.
          </Alert>
        ) : null}
        {kyc.status === "pending" ? (
          <Alert severity="info">We are reviewing your documents. You will see the result here.</Alert>
        ) : null}
        {kyc.status === "approved" ? (
          <Alert severity="success">
            Your identity is verified{kyc.reviewedAt ? ` (${formatDate(kyc.reviewedAt)})` : ""}.{" "}
            <Link component={RouterLink} to="/withdrawal">
              You can withdraw
            </Link>
            .
          </Alert>
        ) : null}
        {kyc.status === "rejected" ? (
          <Alert severity="error">
            Your documents were rejected{kyc.reason ? `: ${kyc.reason}` : "."} Correct this and submit again below.
          </Alert>
        ) : null}
        {kyc.status === "pending" || kyc.status === "approved" ? <Submission kyc={kyc} /> : null}
      </CardContent>
    </Card>
  );
}

function KycForm({ kyc }: { kyc: Kyc }) {
  const previous = kyc.submission;
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<KycDocument, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitKyc = useSubmitKyc(setProgress);
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
    <Card component="section" aria-labelledby="kyc-form-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="kyc-form-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
          {kyc.status === "rejected" ? "Submit again" : "Verify your identity"}
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              label="Legal name"
              autoComplete="name"
              {...fieldProps(register("legalName"), errors.legalName, "As written on your ID.")}
            />
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
              <TextField
                type="date"
                label="Date of birth"
                autoComplete="bday"
                slotProps={{ inputLabel: { shrink: true } }}
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
              Clear photos, all corners visible: JPEG, PNG or WebP, up to 10 MB each. Only you and our compliance team
              can see them.
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
            <Box>
              <Button type="submit" variant="contained" disabled={submitKyc.isPending}>
                {submitKyc.isPending ? "Submitting…" : "Submit for review"}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** `/kyc-user`: identity verification; status follows the review live. */
export function KycPage() {
  const kyc = useQuery(kycQuery);
  useKycLive();
  return (
    <Box>
      <PageHeader title="KYC" subtitle="Verify your identity. Withdrawals need an approved verification." />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        {kyc.isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : kyc.isError ? (
          <QueryError error={kyc.error} onRetry={() => void kyc.refetch()} />
        ) : (
          <>
            <StatusCard kyc={kyc.data} />
            {kyc.data.status === "not_submitted" || kyc.data.status === "rejected" ? <KycForm kyc={kyc.data} /> : null}
          </>
        )}
      </Stack>
    </Box>
  );
}
