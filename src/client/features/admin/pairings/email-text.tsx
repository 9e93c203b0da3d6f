/** An e-mail address that may wrap before its @ (never mid-name), so narrow columns stay readable. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    // `anywhere` (not break-word) also narrows the column's minimum width, so a table of long
    // addresses fits instead of overflowing; the <wbr> before the @ is still the first break.
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
