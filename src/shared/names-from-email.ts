/**
 * First and last name read from an e-mail's local part when it clearly holds both, as in
 * "ada.lovelace@…", "ada_lovelace@…" or "ada-lovelace@…". Anything else (one word, initials with
 * digits, three parts) gives nothing: a wrong guess is worse than an empty field.
 */
export function namesFromEmail(email: string): { firstName: string; lastName: string } | null {
  const local = email.split("@")[0] ?? "";
  const parts = local.split(/[._-]/);
  if (parts.length !== 2) return null;
  if (!parts.every((part) => /^\p{L}{2,}$/u.test(part))) return null;
  const [firstName, lastName] = parts.map(capitalise);
  return { firstName, lastName };
}

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase("en") + word.slice(1).toLocaleLowerCase("en");
}
