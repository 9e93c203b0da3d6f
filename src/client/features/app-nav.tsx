import { LayoutDashboard, LogOut, Menu, Shield, User, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button, buttonVariants } from "../components/ui/button";
import { authApi } from "../lib/api/auth";
import { cn } from "../lib/cn";
import { announceSignOut } from "../lib/session-broadcast";
import { BrandLogo } from "./brand-logo";
import { useAuth } from "./use-auth";

/**
 * Signs out on the server, then a full page load of / whether or not the call succeeded; the other tabs
 * of the app are told, and leave their signed-in pages too.
 */
export async function signOut(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // On success or failure the browser goes to /.
  } finally {
    announceSignOut();
    window.location.href = "/";
  }
}

const navItems = [
  { to: "/home", label: "Dashboard", icon: LayoutDashboard },
  { to: "/profile", label: "Profile", icon: User },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    buttonVariants({ variant: "ghost", size: "sm" }),
    isActive && "bg-coffee-100 text-coffee-950",
  );
}

/**
 * Signed-in navigation: logo → /, Dashboard → /home, Profile →
 * /profile, Admin Dashboard → /admin (admins only), Sign Out. Below the md breakpoint the items
 * move into a menu opened by a toggle button. The pages that use it show it while they still ask
 * who is signed in, and to a visitor they are about to send away: until the server names the
 * signed-in person, it is the logo alone.
 */
export function AppNav() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-coffee-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6"
      >
        <BrandLogo />
        {user && <SignedInItems isAdmin={user.isAdmin === true} />}
      </nav>
    </header>
  );
}

/** The signed-in items: a row from md up, a toggled menu below it. */
function SignedInItems({ isAdmin }: { isAdmin: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);

  // Close the mobile menu after navigating.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  const onSignOut = () => {
    setSigningOut(true);
    void signOut();
  };

  return (
    <>
      <div className="hidden items-center gap-1 md:flex">
        {navItems.map(({ to, label, icon: Icon }) => (
          <NavLink key={to} to={to} className={navLinkClass}>
            <Icon aria-hidden="true" />
            {label}
          </NavLink>
        ))}
        {isAdmin && (
          <Link to="/admin" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Shield aria-hidden="true" />
            Admin Dashboard
          </Link>
        )}
        <Button variant="ghost" size="sm" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </div>

      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label="Menu"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>

      <MobileMenu
        id={menuId}
        open={menuOpen}
        isAdmin={isAdmin}
        onSignOut={onSignOut}
        signingOut={signingOut}
      />
    </>
  );
}

/** The items as a list below the md breakpoint, shown when the toggle opens it. */
function MobileMenu({
  id,
  open,
  isAdmin,
  onSignOut,
  signingOut,
}: {
  id: string;
  open: boolean;
  isAdmin: boolean;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <div id={id} hidden={!open} className="w-full md:hidden">
      <ul className="flex flex-col gap-1 border-t border-coffee-200 pt-2">
        {navItems.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={(s) => cn(navLinkClass(s), "w-full justify-start")}>
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
        {isAdmin && (
          <li>
            <Link
              to="/admin"
              className={buttonVariants({
                variant: "outline",
                size: "sm",
                className: "w-full justify-start",
              })}
            >
              <Shield aria-hidden="true" />
              Admin Dashboard
            </Link>
          </li>
        )}
        <li>
          <Button
            variant="ghost"
            size="sm"
            className="w-full justify-start"
            onClick={onSignOut}
            disabled={signingOut}
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </li>
      </ul>
    </div>
  );
}
