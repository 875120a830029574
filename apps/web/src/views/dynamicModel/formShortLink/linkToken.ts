// The `encryption` parameter of a public link names the design and the kind of link in readable JSON
// (base64url); the key beside them only the server can check.
export type LinkKind = 'form' | 'list';

export interface LinkTarget {
  modelId: string;
  type: LinkKind;
}

function decodeBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** what a link opens, or null when the parameter is missing or not a link's */
export function readLinkToken(encryption: string | null): LinkTarget | null {
  if (!encryption || encryption.length > 500 || !/^[\w-]+$/.test(encryption)) return null;
  try {
    const value = JSON.parse(decodeBase64Url(encryption)) as Partial<LinkTarget>;
    if (typeof value.modelId !== 'string' || !value.modelId) return null;
    if (value.type !== 'form' && value.type !== 'list') return null;
    return { modelId: value.modelId, type: value.type };
  } catch {
    return null;
  }
}
