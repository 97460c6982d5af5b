/** What the contact form hands /support-success in the router's state (product rule R1.17). */
export interface SupportSentState {
  supportSent: { reference: string; email: string };
}

export function supportSentOf(state: unknown): SupportSentState['supportSent'] | undefined {
  const sent = (state as Partial<SupportSentState> | null)?.supportSent;
  return typeof sent?.reference === 'string' && typeof sent.email === 'string' ? sent : undefined;
}
