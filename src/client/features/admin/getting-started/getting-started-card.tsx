import type { AdminView } from "@shared/admin-routes";
import type { GettingStarted, GettingStartedStep } from "@shared/company";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import { type ReactNode, useCallback } from "react";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { toast } from "../../../components/ui/toast";
import { useConfirm } from "../../../components/ui/use-confirm";
import { companyApi, companyKeys } from "../../../lib/api/admin-company";
import { SendProgress, type SendStatusSource } from "../newsletters/send-progress";
import { useAdminView } from "../use-admin-view";
import { CompanyForm } from "./company-form";

interface StepText {
  title: string;
  text: string;
  /** Where it is done: a place on the dashboard, or "below" on Operations. */
  where?: AdminView & { label: string };
  optional?: boolean;
}

const stepTexts: Record<GettingStartedStep, StepText> = {
  company: {
    title: "Name your company",
    text: "The invitation e-mail and the public pages use this name.",
  },
  domains: {
    title: "Whitelist your e-mail domain",
    text: "Only whitelisted addresses can sign in. Add *@yourcompany.com for everyone, or single addresses.",
    where: { section: "whitelist", label: "Open Email Whitelist" },
  },
  departments: {
    title: "Add your departments",
    text: "People pick one on their profile; pairings mix departments. No domain group is needed.",
    where: { section: "departments", label: "Open Departments" },
  },
  schedule: {
    title: "Set the time zone and the pairing schedule",
    text: "Under Monthly rounds below: the company time zone (rounds run on its dates), then the pairing day, the review days, and whether rounds run by themselves. Save each once.",
  },
  newsletter: {
    title: "Write a newsletter (optional)",
    text: "Without one, each round sends a short announcement of everyone's match.",
    where: { section: "operations", part: "newsletters", label: "Open Newsletters" },
    optional: true,
  },
  invite: {
    title: "Invite everyone",
    text: "E-mail the invitation to the whitelisted people who have not signed up, or share the sign-in address with your colleagues (e-mail, chat, intranet). Whitelisted people sign in with their work e-mail, set up their profile and are paired at the next round.",
  },
};

/**
 * The first admin's checklist on Operations, until every step is done (the optional newsletter
 * too) or the admin dismisses it: each step says what it does and where it is done, and is ticked
 * only once it was done (docs/admin-console.md, "Getting started").
 */
export function GettingStartedCard() {
  const status = useQuery({
    queryKey: companyKeys.gettingStarted,
    queryFn: ({ signal }) => companyApi.gettingStarted(signal),
    // Steps are done on other tabs and cards: read again whenever Operations shows.
    staleTime: 0,
    refetchOnMount: "always",
  });
  if (!status.data || status.data.done) return null;
  const data = status.data;
  const order = Object.keys(stepTexts) as GettingStartedStep[];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Getting started</CardTitle>
        <CardDescription>
          Six steps to your first round. This list stays until every step is done, or until you
          dismiss it.
        </CardDescription>
        <DismissButton />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4" aria-label="Getting started steps">
          {order.map((step) => (
            <Step key={step} step={step} done={data.steps[step]}>
              {step === "company" && <CompanyForm />}
              {step === "invite" && <InviteStep data={data} />}
            </Step>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function DismissButton() {
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => companyApi.dismiss(),
    onSuccess: (answer) => queryClient.setQueryData(companyKeys.gettingStarted, answer),
    onError: (error) =>
      toast({ title: "Not dismissed", description: error.message, variant: "destructive" }),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      className="justify-self-start"
      disabled={dismiss.isPending}
      onClick={() => dismiss.mutate()}
    >
      Dismiss this list
    </Button>
  );
}

function Step({
  step,
  done,
  children,
}: {
  step: GettingStartedStep;
  done: boolean;
  children?: ReactNode;
}) {
  const { go } = useAdminView();
  const { title, text, where, optional } = stepTexts[step];
  return (
    <li className="grid gap-2 rounded-lg border border-coffee-200 p-3">
      <p className="flex items-center gap-2 font-medium text-coffee-900">
        {done ? (
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        ) : (
          <Circle aria-hidden="true" className="size-5 shrink-0 text-coffee-500" />
        )}
        <span>
          {title}
          <span className="sr-only">
            {done ? " (done)" : optional ? " (optional)" : " (to do)"}
          </span>
        </span>
      </p>
      <p className="text-sm text-coffee-700">{text}</p>
      {where && !done && (
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => go({ section: where.section, part: where.part })}
        >
          {where.label}
        </Button>
      )}
      {children}
    </li>
  );
}

function InviteStep({ data }: { data: GettingStarted }) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const answered = (answer: GettingStarted) =>
    queryClient.setQueryData(companyKeys.gettingStarted, answer);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: companyKeys.gettingStarted }),
    [queryClient],
  );
  const invited = useMutation({
    mutationFn: () => companyApi.markInvited(),
    onSuccess: answered,
  });
  const launch = useMutation({
    mutationFn: () => companyApi.launch(),
    onSuccess: () => refresh(),
    onError: (error) =>
      toast({ title: "Invitation not sent", description: error.message, variant: "destructive" }),
  });
  if (data.launch) {
    return (
      <SendProgress
        source={launchProgress}
        title="the launch invitation"
        what="Invitation"
        onDone={refresh}
      />
    );
  }
  if (data.steps.invite) return null;
  const reach = data.launchRecipients;
  return (
    <div className="grid gap-2">
      {dialog}
      <p className="text-sm">
        Sign-in address: <code className="break-all">{data.signInUrl}</code>
      </p>
      <p className="text-sm text-coffee-700">{reachText(data.whitelistEntries, reach)}</p>
      <div className="flex flex-wrap gap-2">
        {reach > 0 && (
          <Button
            size="sm"
            // The count makes the label long: it wraps on a phone instead of widening the page.
            className="h-auto! min-h-9 whitespace-normal! py-1.5 text-left"
            disabled={launch.isPending}
            onClick={() =>
              confirm({
                title: "E-mail the invitation?",
                description: `${addresses(reach)} of people who have not signed up get one e-mail saying what Cup of Joe is and how to sign in; nobody who signed up or was invited already gets it. People whitelisted later are invited under "Not Signed Up Yet" on the Email Whitelist tab.`,
                confirmLabel: "Send the invitation",
                onConfirm: () => launch.mutate(),
              })
            }
          >
            E-mail the invitation to {addresses(reach)}
          </Button>
        )}
        <Button
          size="sm"
          variant={reach > 0 ? "outline" : "default"}
          disabled={invited.isPending || data.whitelistEntries === 0}
          onClick={() => invited.mutate()}
        >
          I have shared the invitation
        </Button>
      </div>
    </div>
  );
}

/** The launch invitation's messages in the outbox, by outcome. */
const launchProgress: SendStatusSource = {
  key: companyKeys.launchStatus,
  read: (signal) => companyApi.launchStatus(signal),
};

const addresses = (n: number) => (n === 1 ? "1 address" : `${n} addresses`);

/**
 * Whom the whitelist admits and whom the invitation e-mail reaches: only people who have not
 * signed up and were not invited already (docs/admin-console.md, "Getting started").
 */
function reachText(entries: number, reach: number): string {
  if (entries === 0) return "Nobody can sign in yet: whitelist your domain first.";
  const admit = `${entries} whitelist ${entries === 1 ? "entry admits" : "entries admit"} the people who can sign in.`;
  if (reach === 0) {
    return `${admit} Nobody is left to e-mail: a *@domain entry names no mailbox, and everyone named by address has signed up or was invited already. Share the sign-in address.`;
  }
  return `${admit} The invitation e-mail reaches ${addresses(reach)} of people who have not signed up yet; share the sign-in address with anyone a *@domain entry admits.`;
}
