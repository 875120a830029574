// An object URL for a file only signed-in users may read: fetched with the token, revoked when the
// component unmounts or the path changes.
import { useEffect, useState } from 'react';
import { fetchAuthorizedBlob } from './api';

export interface AuthorizedUrl {
  url: string | null;
  /** the blob's content type once loaded (tells audio from video) */
  type: string;
  failed: boolean;
}

export function useAuthorizedUrl(path: string | null): AuthorizedUrl {
  const [state, setState] = useState<AuthorizedUrl & { path: string | null }>({
    path: null,
    url: null,
    type: '',
    failed: false,
  });

  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    fetchAuthorizedBlob(path, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ path, url: objectUrl, type: blob.type, failed: false });
      },
      () => {
        if (!abort.signal.aborted) setState({ path, url: null, type: '', failed: true });
      },
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);

  // what was loaded for an earlier path is not shown for this one
  return state.path === path ? state : { url: null, type: '', failed: false };
}
