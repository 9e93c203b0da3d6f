import {
  BarChart3,
  CalendarDays,
  Coffee,
  Mail,
  Menu,
  MessageCircle,
  Settings,
  ShieldCheck,
  Shuffle,
  Sparkles,
  UserPlus,
  Users,
  X,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "../components/ui/alert";
import { Button, buttonVariants } from "../components/ui/button";
import { getLandingErrorMessage } from "../features/auth-error-messages";
import { BrandLogo } from "../features/brand-logo";
import { PageFrame } from "../features/page-frame";
import { SiteFooter } from "../features/site-footer";
import { useWayIn, type WayIn } from "../features/use-way-in";
import { isDemoMode } from "../lib/app-mode";
import { CONTACT_EMAIL, PRODUCT_NAME } from "../lib/brand";
import { cn } from "../lib/cn";
import { useDocumentTitle } from "../lib/use-document-title";

const sectionLinks = [
  { href: "#home", label: "Home" },
  { href: "#how-it-works", label: "How It Works" },
  { href: "#why-choose-us", label: "Why Choose Us" },
  { href: "#features", label: "Features" },
] as const;

const steps = [
  {
    icon: UserPlus,
    title: "Sign Up",
    text: "Join with your verified work email. Sign-in is passwordless: a magic link or a 6-digit code.",
  },
  {
    icon: Shuffle,
    title: "Get Matched",
    text: "Once a month you're randomly paired with a colleague, taking your department preference into account.",
  },
  {
    icon: MessageCircle,
    title: "Connect",
    text: "Your monthly newsletter introduces your match's profile along with a conversation spark to break the ice.",
  },
] as const;

const stats = [
  {
    value: "+32%",
    label: "Engagement",
    text: "more engagement when colleagues build real connections",
  },
  {
    value: "-71%",
    label: "Less likely to quit",
    text: "employees with friends at work are far less likely to leave",
  },
  { value: "-40%", label: "Burnout", text: "less burnout in teams with strong social ties" },
] as const;

const benefits = [
  "Custom-branded newsletter options for your company",
  "An analytics dashboard to follow participation and engagement",
  "An admin dashboard for departments, users and platform health",
] as const;

const features = [
  {
    icon: ShieldCheck,
    title: "Secure Authentication",
    text: "Passwordless sign-in with a magic link or a 6-digit code, limited to verified company email addresses.",
  },
  {
    icon: Shuffle,
    title: "Smart Matching",
    text: "No repeat matches within 3 months, only active users are matched, and cross-department pairs are prioritised.",
  },
  {
    icon: CalendarDays,
    title: "Monthly Pairings",
    text: "A fresh coffee buddy every month. Pause for 1 or 3 months or opt out, and come back whenever you like.",
  },
  {
    icon: Mail,
    title: "Email Notifications",
    text: "A monthly newsletter with your match's profile and a conversation starter, with custom-branded newsletter options.",
  },
  {
    icon: BarChart3,
    title: "Analytics Dashboard",
    text: "Follow participation, completed coffee chats and engagement trends in an analytics dashboard.",
  },
  {
    icon: Settings,
    title: "Admin Controls",
    text: "An admin dashboard for departments, users and platform health, plus pairings and newsletters.",
  },
] as const;

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

/** The top bar; a signed-in visitor is offered their way in (`wayIn`) instead of "Sign In". */
function LandingHeader({ wayIn }: { wayIn: WayIn | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const navLink =
    "rounded-md px-3 py-2 text-sm font-medium text-coffee-800 hover:bg-coffee-100 hover:text-coffee-950";

  return (
    <header className="sticky top-0 z-40 border-b border-coffee-200 bg-white/95 backdrop-blur">
      {/* Secondary actions stay visible at every width (they wrap on narrow screens). */}
      <div className="bg-coffee-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-x-1 gap-y-1 px-2 py-1.5 sm:px-6">
          {(
            [
              ["/demo", "Demo"],
              ["/company-inquiry", "Company Inquiry"],
              ["/admin-login", "Admin Access"],
            ] as const
          ).map(([to, label]) => (
            <Link
              key={to}
              to={to}
              className="inline-flex h-8 items-center rounded-md px-2 text-sm sm:px-3 font-medium text-coffee-50 hover:bg-coffee-800 hover:text-white focus-visible:outline-amber-300"
            >
              {label}
            </Link>
          ))}
        </div>
      </div>

      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6"
      >
        <BrandLogo />

        <ul className="hidden items-center gap-1 md:flex">
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={navLink}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>

        <div className="flex items-center gap-2">
          <Link to={wayIn?.to ?? "/auth"} className={buttonVariants({ size: "sm" })}>
            {wayIn?.label ?? "Sign In"}
          </Link>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>

        <ul
          id={menuId}
          hidden={!menuOpen}
          className="w-full border-t border-coffee-200 pt-2 md:hidden"
        >
          {sectionLinks.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className={cn(navLink, "block")}
                onClick={() => setMenuOpen(false)}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

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
          25 minutes, your favourite café
        </div>
      </div>
    </div>
  );
}

/** The public landing page (/). */
export function LandingPage() {
  useDocumentTitle();
  const [errorMessage, clearError] = useLandingError();
  const wayIn = useWayIn();

  return (
    <PageFrame
      header={<LandingHeader wayIn={wayIn} />}
      footer={<SiteFooter />}
      mainClassName="flex-1"
    >
      {/* Hero */}
      <section
        id="home"
        aria-labelledby="hero-heading"
        className="scroll-mt-32 overflow-x-clip bg-gradient-to-b from-amber-50 to-cream"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-2">
          <div className="min-w-0">
            {errorMessage && (
              <div className="relative mb-6">
                <Alert variant="destructive" className="pr-12">
                  <AlertDescription>{errorMessage}</AlertDescription>
                </Alert>
                <button
                  type="button"
                  onClick={clearError}
                  aria-label="Dismiss message"
                  className="absolute top-2.5 right-2.5 rounded-md p-1.5 text-red-800 hover:bg-red-100"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
            )}
            <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-coffee-900">
              <Sparkles aria-hidden="true" className="size-4" />
              Monthly coffee chats for your whole company
            </p>
            <h1
              id="hero-heading"
              className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-coffee-950 sm:text-5xl"
            >
              Meet a new colleague over a {PRODUCT_NAME} every month
            </h1>
            <p className="mt-5 max-w-prose text-lg text-coffee-800">
              {PRODUCT_NAME} randomly pairs colleagues one-to-one each month and introduces your
              match by email, so new friendships across teams start with a simple coffee.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={wayIn?.to ?? "/auth"} className={buttonVariants({ size: "lg" })}>
                <UserPlus aria-hidden="true" />
                {wayIn?.label ?? "User Sign in / Sign up"}
              </Link>
              <Link to="/demo" className={buttonVariants({ variant: "outline", size: "lg" })}>
                View Live Demo
              </Link>
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

      {/* How it works */}
      <section
        id="how-it-works"
        aria-labelledby="how-heading"
        className="scroll-mt-32 border-t border-coffee-100 bg-white"
      >
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-coffee-950">
            How It Works
          </h2>
          <p className="mt-3 max-w-prose text-coffee-700">
            Three simple steps from sign-up to your first coffee chat.
          </p>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li
                key={step.title}
                className="relative rounded-xl border border-coffee-200 bg-coffee-50 p-6"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-coffee-800 text-lg font-bold text-white">
                    {index + 1}
                  </span>
                  <h3 className="text-xl font-semibold text-coffee-950">{step.title}</h3>
                  <step.icon aria-hidden="true" className="ml-auto size-6 text-amber-700" />
                </div>
                <p className="mt-4 text-coffee-800">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Why choose us */}
      <section
        id="why-choose-us"
        aria-labelledby="why-heading"
        className="scroll-mt-32 bg-coffee-900 text-coffee-50"
      >
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight text-white">
            Why Choose Us
          </h2>
          <p className="mt-3 max-w-prose text-coffee-100">
            Social connection at work is good for people and for business.
          </p>
          <dl className="mt-10 grid gap-6 sm:grid-cols-3">
            {stats.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col rounded-xl border border-coffee-700 bg-coffee-800 p-6"
              >
                <dt className="order-2 mt-2 text-lg font-semibold text-white">{stat.label}</dt>
                <dd className="order-1 text-4xl font-extrabold tracking-tight text-amber-300">
                  {stat.value}
                </dd>
                <dd className="order-3 mt-1 text-sm text-coffee-100">{stat.text}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-10 grid gap-3 md:grid-cols-3">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-coffee-50">
                <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Features */}
      <section id="features" aria-labelledby="features-heading" className="scroll-mt-32">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-coffee-950">
            Features
          </h2>
          <p className="mt-3 max-w-prose text-coffee-700">
            Everything you need to run a company-wide coffee chat programme.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <li
                key={feature.title}
                className="rounded-xl border border-coffee-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-lg bg-amber-100 text-coffee-800">
                  <feature.icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-coffee-950">{feature.title}</h3>
                <p className="mt-2 text-coffee-800">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Call to action and contact */}
      <section
        id="contact"
        aria-labelledby="cta-heading"
        className="scroll-mt-32 border-t border-coffee-100 bg-amber-50"
      >
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
          <Users aria-hidden="true" className="mx-auto size-10 text-coffee-800" />
          <h2 id="cta-heading" className="mt-4 text-3xl font-bold tracking-tight text-coffee-950">
            Ready to brew new connections?
          </h2>
          <p className="mt-3 text-coffee-800">
            Sign up with your work email and get your first match in the next monthly pairing.
          </p>
          <Link to="/auth" className={buttonVariants({ size: "lg", className: "mt-8" })}>
            Get Started Now
          </Link>
          <p className="mt-8 text-coffee-800">
            Questions? Contact us at{" "}
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="font-semibold break-all text-coffee-900 underline underline-offset-4"
            >
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
      </section>
    </PageFrame>
  );
}
