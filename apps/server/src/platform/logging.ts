// What the request log may say about a request's address: never its query, and for a route whose path holds a
// key to a file (a stored file's name, a download ticket) only the route's pattern.
const KEY_PARAMS = /:(name|ticket)\b/;

export function loggedPath(routePattern: string | undefined, url: string): string {
  if (routePattern && KEY_PARAMS.test(routePattern)) return routePattern;
  return url.split('?')[0]!;
}
