import type { ValidateResponse } from "@shared/newsletters";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { toast } from "../../../components/ui/toast";

const titles = {
  valid: "Validation Passed",
  warning: "Validation Warning",
  error: "Validation Failed",
} as const;

/** The result toast (8 s): the level, the critical issue count and a few of the issues. */
export function validationToast(result: ValidateResponse) {
  const { criticalErrors, matchingErrors } = result.details;
  const issues = [...criticalErrors, ...matchingErrors];
  const parts = [result.message];
  if (criticalErrors.length > 0) parts.push(`${criticalErrors.length} critical issues.`);
  if (issues.length > 0 && issues.length <= 5) parts.push(issues.slice(0, 3).join(" "));
  toast({
    title: titles[result.validation.validationLevel] ?? "Validation Failed",
    description: parts.join(" "),
    variant: result.validation.validationLevel === "error" ? "destructive" : "default",
    duration: 8000,
  });
}

/** The Validate Matches result: counts, success rate, critical errors and warnings. */
export function ValidateMatchesPanel({ result }: { result: ValidateResponse }) {
  const { details, validation } = result;
  const level = validation.validationLevel;
  const counts = [
    ["Total users", details.totalUsers],
    ["With a match", details.usersWithMatches],
    ["Without a match", details.usersWithoutMatches],
    ["Invalid matches", details.invalidMatches],
    ["Match success rate", `${details.matchSuccessRate}%`],
  ] as const;
  return (
    <Alert
      variant={level === "valid" ? "success" : level === "error" ? "destructive" : "default"}
      aria-label="Validation result"
    >
      <AlertTitle>{titles[level] ?? "Validation Failed"}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{result.message}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {counts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs">{label}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <IssueList title="Critical errors" issues={details.criticalErrors} />
        <IssueList title="Warnings" issues={details.matchingErrors} />
      </AlertDescription>
    </Alert>
  );
}

function IssueList({ title, issues }: { title: string; issues: string[] }) {
  if (issues.length === 0) return null;
  return (
    <div className="grid gap-1">
      <p className="font-semibold">
        {title} ({issues.length})
      </p>
      <ul className="grid max-h-40 list-disc gap-1 overflow-y-auto pl-5">
        {issues.map((issue, i) => (
          <li key={`${i}-${issue}`} className="break-words">
            {issue}
          </li>
        ))}
      </ul>
    </div>
  );
}
