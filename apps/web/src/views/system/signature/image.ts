// Seal images are sent inline as data URLs (at most 1 MB decoded, as the server accepts).

export const MAX_ICON_BYTES = 1024 * 1024;
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'] as const;

/** whether the browser-reported type and size are acceptable */
export function acceptableImage(file: Pick<File, 'type' | 'size'>): boolean {
  return (ICON_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= MAX_ICON_BYTES;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
