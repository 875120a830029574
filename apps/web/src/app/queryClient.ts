// Server-state cache shared by views (organisation trees, dictionaries …). Emptied when the session ends.
import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from '../platform/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false, // the request layer has already told the user; repeating a refused call helps nobody
      refetchOnWindowFocus: false,
      staleTime: 60_000,
    },
  },
});

onSessionReset(() => queryClient.clear());
