/** The sign-up messages of SPEC §5, word for word. */
export const EMAIL_MESSAGES = {
  required: 'Please enter your email address',
  invalid: 'Invalid email address',
} as const;

// One @, something on both sides, a dot in the domain, no spaces: strict enough to catch typos,
// loose enough never to reject a real address (the server has the last word).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Returns the message to show, or null when the address is acceptable. */
export function validateEmail(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return EMAIL_MESSAGES.required;
  if (!EMAIL_PATTERN.test(trimmed)) return EMAIL_MESSAGES.invalid;
  return null;
}
