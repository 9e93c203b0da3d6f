import { PlaceholderPage } from "../features/placeholder-page";

/** Admin dashboard, guarded (/admin). To be built: spec admin-side §2. */
export function AdminPage() {
  return (
    <PlaceholderPage
      title="Admin Dashboard"
      description="Operations, departments, analytics, whitelist, email logs and images."
    />
  );
}
