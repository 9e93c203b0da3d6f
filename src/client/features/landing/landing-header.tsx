import { Menu, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { BrandLogo } from "../brand-logo";
import { useInquiriesOpen, useOffersDemo } from "../use-inquiries-open";
import type { WayIn } from "../use-way-in";

const sectionLinks = [
  { href: "#home", label: "Home" },
  { href: "#how-it-works", label: "How It Works" },
  { href: "#why-choose-us", label: "Why Choose Us" },
  { href: "#features", label: "Features" },
] as const;

const secondaryLinks = [
  ["/demo", "Demo"],
  ["/company-inquiry", "Company Inquiry"],
  ["/admin-login", "Admin Access"],
] as const;

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-coffee-800 hover:bg-coffee-100 hover:text-coffee-950";

/** Secondary actions, visible at every width (they wrap on narrow screens). */
function SecondaryBar() {
  const inquiries = useInquiriesOpen();
  const demo = useOffersDemo();
  const links = secondaryLinks.filter(
    ([to]) => (inquiries || to !== "/company-inquiry") && (demo || to !== "/demo"),
  );
  return (
    <div className="bg-coffee-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-x-1 gap-y-1 px-2 py-1.5 sm:px-6">
        {links.map(([to, label]) => (
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
  );
}

/** The section links: a row from md up, a toggled list below it. */
function SectionLinks({ id, open, onPick }: { id?: string; open?: boolean; onPick?: () => void }) {
  if (id === undefined) {
    return (
      <ul className="hidden items-center gap-1 md:flex">
        {sectionLinks.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={navLink}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul id={id} hidden={!open} className="w-full border-t border-coffee-200 pt-2 md:hidden">
      {sectionLinks.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={cn(navLink, "block")} onClick={onPick}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The top bar; a signed-in visitor is offered their way in (`wayIn`) instead of "Sign In". */
export function LandingHeader({ wayIn }: { wayIn: WayIn | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  return (
    <header className="sticky top-0 z-40 border-b border-coffee-200 bg-white/95 backdrop-blur">
      <SecondaryBar />
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6"
      >
        <BrandLogo />
        <SectionLinks />
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
        <SectionLinks id={menuId} open={menuOpen} onPick={() => setMenuOpen(false)} />
      </nav>
    </header>
  );
}
