import type { StoredValidation, ValidateResponse } from "../../../shared/newsletters";
import { personName } from "../../../shared/person-name";
import type { AudiencePerson, PairingAudience } from "./audience";

/**
 * Checks the pairing a match e-mail announces: every member still has an account and a partner
 * (critical otherwise), and warns by name about members who are deactivated, opted out or no
 * longer whitelisted (they will not receive it; their partners still will).
 */
export function summarise(audience: PairingAudience): ValidateResponse {
  const criticalErrors: string[] = [];
  const matchingErrors: string[] = [];
  let invalidMatches = 0;
  let usersWithMatches = 0;
  let members = 0;
  if (audience.matches.length === 0) criticalErrors.push("The pairing has no matches.");
  for (const { index, members: inMatch } of audience.matches) {
    const present = inMatch.filter((m) => m.person !== null);
    members += inMatch.length;
    const missing = inMatch.filter((m) => m.person === null);
    if (missing.length > 0) invalidMatches++;
    for (const m of missing) {
      criticalErrors.push(`Match ${index + 1}: ${m.email || "a member"} no longer has an account.`);
    }
    if (present.length < 2) {
      for (const m of present) criticalErrors.push(`${label(m.person)} has no partner.`);
    } else {
      usersWithMatches += present.length;
    }
    for (const m of present) {
      const problem = m.person ? problemOf(m.person) : null;
      if (problem) matchingErrors.push(`${label(m.person)} ${problem} and will not receive it.`);
    }
  }
  const totalUsers = members + audience.satOut.length;
  const level =
    criticalErrors.length > 0 ? "error" : matchingErrors.length > 0 ? "warning" : "valid";
  return {
    message: messageFor(level, criticalErrors.length, matchingErrors.length, usersWithMatches),
    validation: { validationLevel: level, isValid: level !== "error" },
    details: {
      totalUsers,
      usersWithMatches,
      usersWithoutMatches: totalUsers - usersWithMatches,
      invalidMatches,
      matchSuccessRate:
        totalUsers === 0 ? 0 : Math.round((usersWithMatches / totalUsers) * 1000) / 10,
      criticalErrors,
      matchingErrors,
    },
  };
}

export function toStoredValidation(
  pairingFile: string,
  result: ValidateResponse,
  at: Date,
): StoredValidation {
  const { criticalErrors, matchingErrors, ...summary } = result.details;
  return {
    pairingFile,
    validatedAt: at.toISOString(),
    isValid: result.validation.isValid,
    validationLevel: result.validation.validationLevel,
    errors: [...criticalErrors, ...matchingErrors],
    summary,
  };
}

function label(person: AudiencePerson | null): string {
  if (!person) return "A member";
  return `${personName(person)} (${person.email})`;
}

function problemOf(person: AudiencePerson): string | null {
  if (!person.isActive || person.employeeStatus === "inactive") return "is deactivated";
  if (person.participationStatus === "opted_out") return "has opted out";
  if (!person.whitelisted) return "is no longer on the whitelist";
  return null;
}

function messageFor(level: string, critical: number, warnings: number, matched: number): string {
  const s = (n: number) => (n === 1 ? "" : "s");
  if (level === "error")
    return `Validation failed: ${critical} critical issue${s(critical)} found.`;
  if (level === "warning")
    return `Validation passed with ${warnings} warning${s(warnings)}: ${matched} people have a match.`;
  return `Validation passed: ${matched} people have a match.`;
}
