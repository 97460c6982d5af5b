/**
 * Product rule R2.8: API errors are reported to analytics as `error_reported` with the message.
 * The sink is a tag-manager style dataLayer; in development it also logs to the console.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function reportError(message: string, details: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ event: 'error_reported', message, ...details });
  if (import.meta.env.DEV) console.warn('error_reported', message, details);
}
