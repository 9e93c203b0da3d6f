import type { MatchPartner } from "@shared/matches";
import { cn } from "../../lib/cn";

const sizes = { sm: "size-10 text-sm", md: "size-14 text-lg", lg: "size-20 text-2xl" };

function initials(partner: Pick<MatchPartner, "firstName" | "lastName" | "email">) {
  const letters = `${partner.firstName?.[0] ?? ""}${partner.lastName?.[0] ?? ""}`;
  return (letters || partner.email[0] || "?").toUpperCase();
}

/** Photo or initials; decorative because the name is always printed beside it. */
export function PartnerAvatar({
  partner,
  size = "md",
  className,
}: {
  partner: Pick<MatchPartner, "firstName" | "lastName" | "email" | "profileImageUrl">;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const classes = cn("shrink-0 rounded-full border-2 border-amber-200", sizes[size], className);
  if (partner.profileImageUrl) {
    return <img src={partner.profileImageUrl} alt="" className={cn(classes, "object-cover")} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        classes,
        "inline-flex items-center justify-center bg-coffee-100 font-semibold text-coffee-800",
      )}
    >
      {initials(partner)}
    </span>
  );
}
