/** Malaysia's country calling code, added to numbers written in the local form. */
export const defaultCountryCode = '60';

/**
 * The number in the digits-only international form WhatsApp links use, or null when there is no
 * number. Spaces, hyphens and brackets are removed; a number written with '+' keeps its country
 * code; any other number loses one leading 0 and gains 60 ('012-345 6789' -> '60123456789').
 * A number that already starts with 60 is left as it is: Malaysian local numbers start with 0,
 * so a leading 60 without a 0 is the country code typed without its '+'.
 */
export function normalisePhoneForWhatsApp(phone: string | null | undefined): string | null {
  const compact = (phone ?? '').replace(/[\s\-()[\]]/g, '');
  const international = compact.startsWith('+');
  // Whatever else is left (dots, letters) cannot be dialled and would break the link.
  const digits = compact.replace(/\D/g, '');
  if (digits === '') return null;
  if (international || digits.startsWith(defaultCountryCode)) return digits;
  return `${defaultCountryCode}${digits.startsWith('0') ? digits.slice(1) : digits}`;
}

/** The WhatsApp link that opens a chat with the message; the generic share link with no phone. */
export function whatsappShareUrl(phone: string | null | undefined, message: string): string {
  const number = normalisePhoneForWhatsApp(phone);
  const text = encodeURIComponent(message);
  return number ? `https://wa.me/${number}?text=${text}` : `https://wa.me/?text=${text}`;
}

/**
 * The number in WhatsApp's digits-only form when it is a Malaysian mobile number (01x locally,
 * +601x internationally); null for a landline (03-, 04-...), a foreign or a missing number.
 */
export function malaysianMobileForWhatsApp(phone: string | null | undefined): string | null {
  const digits = normalisePhoneForWhatsApp(phone);
  return digits && /^601\d{8,9}$/.test(digits) ? digits : null;
}
