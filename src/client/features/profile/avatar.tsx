import { cn } from "../../lib/cn";

/** A round profile photo, or the person's initials when there is none. */
export function Avatar({
  src,
  firstName,
  lastName,
  size = "lg",
  className,
}: {
  src: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  size?: "md" | "lg";
  className?: string;
}) {
  const name = [firstName, lastName].filter(Boolean).join(" ");
  const initials =
    [firstName, lastName]
      .map((part) => part?.trim()[0] ?? "")
      .join("")
      .toUpperCase() || "?";
  const box = size === "lg" ? "size-24 text-2xl" : "size-14 text-lg";
  if (src) {
    return (
      <img
        src={src}
        alt={name ? `Profile photo of ${name}` : "Profile photo"}
        className={cn(
          box,
          "shrink-0 rounded-full border-2 border-amber-200 object-cover",
          className,
        )}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={name ? `${name} (no photo yet)` : "No photo yet"}
      className={cn(
        box,
        "flex shrink-0 items-center justify-center rounded-full border-2 border-amber-200 bg-amber-100 font-semibold text-coffee-900",
        className,
      )}
    >
      <span aria-hidden="true">{initials}</span>
    </div>
  );
}
