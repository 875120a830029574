// /redirect/:path* (public): goes straight on to /:path with the same query, replacing itself in the
// history. The tag bar's "refresh" passes through here so that the view is rendered anew.
import { Navigate, useLocation, useParams } from 'react-router';

/** The path a /redirect address leads to; never another /redirect. */
export function redirectTarget(rest: string | undefined, search: string): string {
  const path = `/${(rest ?? '').replace(/^\/+/, '')}`;
  if (path === '/redirect' || path.startsWith('/redirect/')) return '/';
  return path + search;
}

export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={redirectTarget(params['*'], search)} replace />;
}
