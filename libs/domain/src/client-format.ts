// Each suffix token as it should be written; dots the user typed are kept.
const suffixTokenForms: Record<string, string> = {
  sdn: 'Sdn',
  bhd: 'Bhd',
  pte: 'Pte',
  ltd: 'Ltd',
  llc: 'LLC',
};

const companySuffixPattern = /(^|[\s,])(sdn\.?\s+bhd\.?|pte\.?\s+ltd\.?|ltd\.?|llc\.?)$/i;

function formatSuffixToken(token: string): string {
  const bare = token.replace(/\.$/, '');
  return `${suffixTokenForms[bare.toLowerCase()]}${token.endsWith('.') ? '.' : ''}`;
}

/**
 * A company name cleaned for storage: surrounding spaces trimmed, inner runs of spaces collapsed,
 * and a legal suffix at the end (Sdn Bhd, Pte Ltd, Ltd, LLC, dots optional) written in its
 * proper capitals. The rest of the name is kept as typed: 'acme sdn bhd' -> 'acme Sdn Bhd'.
 */
export function formatCompanyName(name: string): string {
  const collapsed = name.trim().replace(/\s+/g, ' ');
  return collapsed.replace(
    companySuffixPattern,
    (_match, separator: string, suffix: string) =>
      `${separator}${suffix.split(' ').map(formatSuffixToken).join(' ')}`,
  );
}

/** An email address as stored and compared: trimmed and lowercased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
