import { isReferralTokenShape } from '../../domain/rewards';

/**
 * Product rule R12.11: the token of a referral link (`/signup?ref=TOKEN`), kept for this browser
 * session so the sign-up that follows carries it, whichever page the visitor signs up from.
 */
const KEY = 'sfoglia.referral';

/** Keeps a `ref` of the URL's query that can be a token; anything else is ignored. */
export function keepReferralFrom(search: string): void {
  const token = new URLSearchParams(search).get('ref');
  if (!token || !isReferralTokenShape(token)) return;
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // Storage can be off: the sign-up simply carries no referral.
  }
}

export function keptReferral(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetReferral(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
