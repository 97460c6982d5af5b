import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { registerClientDataReset } from '../session/client-data';
import { queryClient } from './query-client';

// Signing out forgets every cached answer (product rule R2.6).
registerClientDataReset(() => queryClient.clear());

/** The query cache, for the screens that display server data; kept out of the first load of the others. */
export function withQueryClient<P extends object>(Screen: ComponentType<P>) {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  };
}
