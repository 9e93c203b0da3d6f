import {
  type AnalysedImage,
  EMAIL_SAFE_MAX_BYTES,
  formatBytes,
  type ImageCompatibility,
} from "@shared/images";
import { CheckCircle2, RefreshCw, TriangleAlert, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { imagesApi } from "../../../lib/api/admin-images";
import { ApiError } from "../../../lib/api-client";
import { useImageCompatibility, useImageMutation } from "./image-queries";

const RATING_BADGES = {
  safe: { label: "Email-safe", color: "green" },
  risky: { label: "Risky", color: "yellow" },
  "likely-broken": { label: "Likely broken", color: "red" },
} as const;

function loadError(error: Error): string {
  return error instanceof ApiError && error.statusText
    ? error.statusText
    : "Failed to fetch image data";
}

/** The e-mail image check (/admin-image-manager): counts, advice, lists and Optimise. */
export function ImageAnalysis() {
  const analysis = useImageCompatibility();
  const optimise = useImageMutation({
    mutationFn: (image: AnalysedImage) => imagesApi.optimise(image.filename),
    onSuccess: (made) =>
      toast({
        title: "Image Optimised",
        description: `${made.filename} (${formatBytes(made.size)}) was added to the gallery.`,
      }),
    failure: "Failed to optimise image",
  });

  const refresh = (
    <Button
      variant="outline"
      onClick={() => analysis.refetch()}
      disabled={analysis.isFetching}
      className="w-fit"
    >
      <RefreshCw aria-hidden="true" className={analysis.isFetching ? "animate-spin" : ""} />
      Refresh Analysis
    </Button>
  );
  if (analysis.isLoading) return <Spinner label="Analysing images..." />;
  if (analysis.isError) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="text-sm text-red-700">
          {loadError(analysis.error)}
        </p>
        {refresh}
      </div>
    );
  }
  const data = analysis.data;
  if (!data) return null;
  return (
    <div className="grid gap-6">
      <ImageCounts summary={data.summary} />
      <Card>
        <CardHeader>
          <CardTitle>Recommended default newsletter image</CardTitle>
          <CardDescription>{data.summary.recommendation}</CardDescription>
        </CardHeader>
      </Card>
      <ImageList
        title="Problematic images"
        empty="No problematic images: every gallery image is under 200 KB."
        images={data.problematicImages}
        icon={<TriangleAlert aria-hidden="true" className="text-red-700" />}
        onOptimise={(image) => optimise.mutate(image)}
        optimising={optimise.isPending ? optimise.variables?.filename : undefined}
      />
      <ImageList
        title="Email-safe images"
        empty="No email-safe images yet."
        images={data.emailSafeImages}
        icon={<CheckCircle2 aria-hidden="true" className="text-green-700" />}
      />
      <Guidelines />
      {refresh}
    </div>
  );
}

function ImageList(props: {
  title: string;
  empty: string;
  images: AnalysedImage[];
  icon: ReactNode;
  onOptimise?: (image: AnalysedImage) => void;
  optimising?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {props.icon}
          {props.title} ({props.images.length})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {props.images.length === 0 ? (
          <p className="text-sm text-coffee-700">{props.empty}</p>
        ) : (
          <ul className="divide-y divide-coffee-200" aria-label={props.title}>
            {props.images.map((image) => (
              <li
                key={image.filename}
                className="flex flex-col gap-2 py-3 md:flex-row md:items-center"
              >
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all text-coffee-950">{image.filename}</span>
                    <Badge color={RATING_BADGES[image.rating].color}>
                      {RATING_BADGES[image.rating].label}
                    </Badge>
                    <span className="text-sm text-coffee-700">{image.sizeFormatted}</span>
                  </p>
                  <p className="text-sm text-coffee-800">{image.recommendation}</p>
                </div>
                {props.onOptimise && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="w-fit"
                    disabled={props.optimising !== undefined}
                    onClick={() => props.onOptimise?.(image)}
                  >
                    <Wand2 aria-hidden="true" />
                    {props.optimising === image.filename ? "Optimising..." : "Optimise"}
                    <span className="sr-only"> {image.filename}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** What makes an image safe in e-mail. */
function Guidelines() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Guidelines</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1 pl-5 text-sm text-coffee-800">
          <li>Under 200 KB shows quickly in Gmail, Outlook and Apple Mail.</li>
          <li>200–500 KB is risky: some clients load it slowly or clip the message.</li>
          <li>Over 500 KB is likely broken: many clients block or drop it.</li>
          <li>Use JPEG for photos and PNG for drawings; Outlook on Windows cannot show WebP.</li>
          <li>Newsletters are 600 px wide: 1200 px wide images stay sharp on every screen.</li>
        </ul>
      </CardContent>
    </Card>
  );
}

/** How many images are safe, problematic and in all, and the size limit. */
function ImageCounts({ summary }: { summary: ImageCompatibility["summary"] }) {
  const counts = [
    { label: "Email-Safe", value: String(summary.emailSafe) },
    { label: "Problematic", value: String(summary.problematic) },
    { label: "Total", value: String(summary.total) },
    { label: "Size Limit", value: formatBytes(EMAIL_SAFE_MAX_BYTES).replace(".0", "") },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {counts.map((count) => (
        <div key={count.label} className="rounded-lg border border-coffee-200 bg-white p-4">
          <dt className="text-sm text-coffee-700">{count.label}</dt>
          <dd className="text-2xl font-bold text-coffee-950">{count.value}</dd>
        </div>
      ))}
    </dl>
  );
}
