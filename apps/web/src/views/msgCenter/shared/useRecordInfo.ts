// One record by id, read afresh each time a dialog shows it (never from the cache: it may have changed).
import { useQuery } from '@tanstack/react-query';

export function useRecordInfo<Info>({
  queryKey,
  id,
  load,
  enabled,
}: {
  queryKey: readonly unknown[];
  id: string | undefined;
  load: (id: string) => Promise<Info>;
  enabled: boolean;
}) {
  return useQuery({ queryKey, queryFn: () => load(id!), enabled, staleTime: 0, gcTime: 0 });
}
