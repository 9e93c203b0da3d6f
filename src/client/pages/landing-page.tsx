import { Coffee, Sparkles, UserPlus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { buttonVariants } from "../components/ui/button";
import { getLandingErrorMessage } from "../features/auth-error-messages";
import { LandingHeader } from "../features/landing/landing-header";
import {
  ContactSection,
  FeaturesSection,
  HowItWorksSection,
  WhyChooseUsSection,
} from "../features/landing/landing-sections";
import { PageFrame } from "../features/page-frame";
import { SiteFooter } from "../features/site-footer";
import { useOffersDemo } from "../features/use-inquiries-open";
import { usePublicCompany } from "../features/use-public-company";
import { useWayIn, type WayIn } from "../features/use-way-in";
import { isDemoMode } from "../lib/app-mode";
import { PRODUCT_NAME } from "../lib/brand";
import { useDocumentTitle } from "../lib/use-document-title";

/** Reads ?error, keeps its text (known codes only), and removes ?error and ?message from the address. */
function useLandingError(): [string | null, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [message, setMessage] = useState<string | null>(() => {
    const code = searchParams.get("error");
    return code ? getLandingErrorMessage(code) : null;
  });

  useEffect(() => {
    const code = searchParams.get("error");
    if (!code) return;
    setMessage(getLandingErrorMessage(code));
    const next = new URLSearchParams(searchParams);
    next.delete("error");
    next.delete("message");
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  return [message, () => setMessage(null)];
}

/** An illustration of the match card (made-up person, no figure). */
function SampleMatchCard() {
  return (
    <div className="relative mx-auto w-full max-w-sm" aria-hidden="true">
      <div className="absolute -inset-3 -z-10 rotate-2 rounded-3xl bg-amber-200/60" />
      <div className="rounded-2xl border border-coffee-200 bg-white p-5 shadow-xl">
        <p className="text-xs font-semibold tracking-wide text-coffee-700 uppercase">
          Your match this month
        </p>
        <div className="mt-4 flex items-center gap-3">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-coffee-800 text-lg font-bold text-amber-100">
            SK
          </div>
          <div className="min-w-0">
            <p className="font-semibold text-coffee-950">Sam Kim</p>
            <p className="text-sm text-coffee-700">Product Design</p>
          </div>
        </div>
        <div className="mt-4 rounded-lg bg-coffee-50 p-3 text-sm text-coffee-800">
          <p className="font-semibold text-coffee-900">Conversation spark</p>
          <p className="mt-1">What's a small thing that made your week better?</p>
        </div>
        <div className="mt-4 flex items-center gap-2 text-sm font-medium text-coffee-800">
          <Coffee className="size-4" />
          Coffee at your favourite café
        </div>
      </div>
    </div>
  );
}

function ErrorNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="relative mb-6">
      <Alert variant="destructive" className="pr-12">
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="absolute top-2.5 right-2.5 rounded-md p-1.5 text-red-800 hover:bg-red-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function HeroSection({ wayIn }: { wayIn: WayIn | null }) {
  const [errorMessage, clearError] = useLandingError();
  const { name } = usePublicCompany();
  const offersDemo = useOffersDemo();
  return (
    <section
      id="home"
      aria-labelledby="hero-heading"
      className="scroll-mt-32 overflow-x-clip bg-gradient-to-b from-amber-50 to-cream"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-2">
        <div className="min-w-0">
          {errorMessage && <ErrorNotice message={errorMessage} onDismiss={clearError} />}
          <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-coffee-900">
            <Sparkles aria-hidden="true" className="size-4" />
            {name
              ? `Monthly coffee chats at ${name}`
              : "Monthly coffee chats for your whole company"}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-coffee-950 sm:text-5xl"
          >
            Meet a new colleague over a {PRODUCT_NAME} every month
          </h1>
          <p className="mt-5 max-w-prose text-lg text-coffee-800">
            {PRODUCT_NAME} pairs colleagues each month, one-to-one or in small groups, and
            introduces your match by email, so new friendships start with a simple coffee.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={wayIn?.to ?? "/auth"} className={buttonVariants({ size: "lg" })}>
              <UserPlus aria-hidden="true" />
              {wayIn?.label ?? "User Sign in / Sign up"}
            </Link>
            {offersDemo && (
              <Link to="/demo" className={buttonVariants({ variant: "outline", size: "lg" })}>
                View Live Demo
              </Link>
            )}
            {isDemoMode() && (
              <Link
                to="/simple-auth"
                className={buttonVariants({ variant: "secondary", size: "lg" })}
              >
                Quick Test Access
              </Link>
            )}
          </div>
        </div>
        <SampleMatchCard />
      </div>
    </section>
  );
}

/** The public landing page (/). */
export function LandingPage() {
  useDocumentTitle();
  const wayIn = useWayIn();
  return (
    <PageFrame
      header={<LandingHeader wayIn={wayIn} />}
      footer={<SiteFooter />}
      mainClassName="flex-1"
    >
      <HeroSection wayIn={wayIn} />
      <HowItWorksSection />
      <WhyChooseUsSection />
      <FeaturesSection />
      <ContactSection />
    </PageFrame>
  );
}
