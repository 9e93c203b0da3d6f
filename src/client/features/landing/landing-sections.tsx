import {
  BarChart3,
  CalendarDays,
  Mail,
  MessageCircle,
  Settings,
  ShieldCheck,
  Shuffle,
  Sparkles,
  UserPlus,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { usePublicCompany } from "../use-public-company";
import { CompanyFigures } from "./company-figures";

const steps = [
  {
    icon: UserPlus,
    title: "Sign Up",
    text: "Join with your verified work email. Sign-in is passwordless: a magic link or a 6-digit code.",
  },
  {
    icon: Shuffle,
    title: "Get Matched",
    text: "Once a month you're paired with a colleague, or a small group if you prefer, following your department preference and never with a recent partner.",
  },
  {
    icon: MessageCircle,
    title: "Connect",
    text: "Your monthly newsletter introduces your match's profile along with a conversation spark to break the ice.",
  },
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

export function HowItWorksSection() {
  return (
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
  );
}

/** What the product offers, and the company's own figures when it has any (no invented ones). */
export function WhyChooseUsSection() {
  return (
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
        <CompanyFigures />
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
  );
}

export function FeaturesSection() {
  return (
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
  );
}

/** Call to action and contact. */
export function ContactSection() {
  const { name, contactEmail } = usePublicCompany();
  return (
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
        {contactEmail ? (
          <p className="mt-8 text-coffee-800">
            Questions? Contact {name || "us"} at{" "}
            <a
              href={`mailto:${contactEmail}`}
              className="font-semibold break-all text-coffee-900 underline underline-offset-4"
            >
              {contactEmail}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
