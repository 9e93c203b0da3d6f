import { PlaceholderPage } from "../features/placeholder-page";

/** Admin login (/admin-login). To be built: spec admin-side §2. */
export function AdminLoginPage() {
  return (
    <PlaceholderPage
      title="Admin Access"
      description="Sign in with your administrator email and password."
    />
  );
}
