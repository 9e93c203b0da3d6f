import { CHAT_DURATION_MINUTES } from "@shared/matches";
import { ArrowRight, CalendarHeart, Coffee, KeyRound, Mail, Shuffle, User } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "../components/ui/badge";
import { buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { PublicShell } from "../features/public-shell";
import { useDocumentTitle } from "../lib/use-document-title";

/* Fixed sample content only; the page makes no calls. */

function Avatar({ initials, tone }: { initials: string; tone: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-16 shrink-0 items-center justify-center rounded-full text-xl font-bold ${tone}`}
    >
      {initials}
    </span>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-coffee-700 uppercase">{label}</dt>
      <dd className="text-coffee-900">{children}</dd>
    </div>
  );
}

function ProfileTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Profile</CardTitle>
        <CardDescription>Every employee sets up a short profile once.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar initials="SC" tone="bg-amber-100 text-coffee-900" />
          <div>
            <h3 className="text-lg font-semibold text-coffee-950">Sarah Chen</h3>
            <p className="text-sm text-coffee-700">Marketing · sarah.chen@acme.example</p>
          </div>
          <Badge color="green">Active</Badge>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label="Matching preference">Anyone (mix it up!)</Field>
          <Field label="Participation">Active — matched every month</Field>
          <Field label="Bio">
            Campaign planner by day, pour-over enthusiast by morning. Ask me about hiking trails.
          </Field>
          <Field label="Can pause">For 1 or 3 months, or opt out any time</Field>
        </dl>
      </CardContent>
    </Card>
  );
}

function SignInTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-5" /> Magic link
          </CardTitle>
          <CardDescription>No password to remember.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>Enter your work e-mail and we send you a one-click sign-in link.</p>
          <div className="rounded-lg border border-coffee-200 bg-coffee-50 p-3">
            <p className="font-semibold">Sign in to Cup of Joe</p>
            <p className="text-coffee-700">This link works once and is valid for 24 hours.</p>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5" /> 6-digit code
          </CardTitle>
          <CardDescription>Handy on a phone.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>Prefer typing? Ask for a code instead and enter it on the sign-in page.</p>
          <div className="rounded-lg border border-coffee-200 bg-coffee-50 p-3">
            <p className="font-mono text-2xl font-bold tracking-[0.3em] text-coffee-950">482 913</p>
            <p className="text-coffee-700">Valid for 15 minutes, single use.</p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function MatchingTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>This month's match</CardTitle>
        <CardDescription>
          Colleagues are paired once a month, one-to-one or in small groups.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-center justify-center gap-4 text-center">
          <div className="flex flex-col items-center gap-1">
            <Avatar initials="SC" tone="bg-amber-100 text-coffee-900" />
            <p className="font-semibold">Sarah Chen</p>
            <p className="text-sm text-coffee-700">Marketing</p>
          </div>
          <Coffee aria-hidden="true" className="size-8 text-coffee-700" />
          <span className="sr-only">matched with</span>
          <div className="flex flex-col items-center gap-1">
            <Avatar initials="MJ" tone="bg-coffee-800 text-amber-50" />
            <p className="font-semibold">Marcus Johnson</p>
            <p className="text-sm text-coffee-700">Engineering</p>
          </div>
        </div>
        <ul className="grid gap-3 text-sm sm:grid-cols-3">
          {[
            "No repeat matches within 3 months",
            "Only active users are matched",
            "Cross-department pairs are prioritised",
          ].map((rule) => (
            <li key={rule} className="rounded-lg bg-coffee-50 p-3 font-medium text-coffee-900">
              {rule}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function NewsletterTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>March Coffee Chat Newsletter</CardTitle>
        <CardDescription>Arrives in every participant's inbox on pairing day.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
          <h3 className="font-semibold text-coffee-950">Your match this month: Marcus Johnson</h3>
          <p className="text-coffee-800">
            Engineering · "Backend developer, amateur barista, always happy to talk board games."
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-coffee-950">Conversation spark</h3>
          <p>What's a small win from this week you're proud of?</p>
        </div>
        <div>
          <h3 className="font-semibold text-coffee-950">Pro tips</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>Keep it casual — {CHAT_DURATION_MINUTES} minutes is plenty.</li>
            <li>Be curious and ask open questions.</li>
            <li>Go beyond job titles.</li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

const tabs = [
  { value: "profile", label: "User Profile", icon: User, content: <ProfileTab /> },
  { value: "sign-in", label: "Easy Sign-In", icon: KeyRound, content: <SignInTab /> },
  { value: "matching", label: "Smart Matching", icon: Shuffle, content: <MatchingTab /> },
  {
    value: "newsletter",
    label: "Monthly Newsletter",
    icon: CalendarHeart,
    content: <NewsletterTab />,
  },
] as const;

/** Demo page (/demo): four tabs of fixed sample content. */
export function DemoPage() {
  useDocumentTitle("Demo");
  return (
    <PublicShell className="space-y-8" sample>
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-coffee-950">
          See Cup of Joe in action
        </h1>
        <p className="max-w-prose text-coffee-700">
          A quick tour with sample data: profiles, sign-in, matching and the monthly newsletter.
        </p>
      </div>
      <Tabs defaultValue="profile">
        <TabsList aria-label="Demo sections">
          {tabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, content }) => (
          <TabsContent key={value} value={value}>
            {content}
          </TabsContent>
        ))}
      </Tabs>
      <div className="flex flex-wrap gap-3">
        <Link to="/auth" className={buttonVariants()}>
          Get Started
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </PublicShell>
  );
}
