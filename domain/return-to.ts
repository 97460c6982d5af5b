/**
 * Where to send a customer after sign-in: only a path on this site. Anything else ('//evil.com',
 * 'https://...', 'javascript:...', a backslash trick) falls back to '/'.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return fallback;
  try {
    const url = new URL(value, 'https://sfoglia.invalid');
    return url.origin === 'https://sfoglia.invalid'
      ? `${url.pathname}${url.search}${url.hash}`
      : fallback;
  } catch {
    return fallback;
  }
}
