// The client-side checks of a chat picture: pictures only, one at a time, smaller than 5,242,880 bytes. The server
// checks the same again (by content) and its refusal is shown.

/** image upload limit (5 MiB); a picture must be smaller. */
export const MAX_CHAT_IMAGE_BYTES = 5_242_880;

export type ImageRefusal = 'imageOnly' | 'imageTooLarge' | 'oneImage';

export function checkChatImages(files: readonly File[]): ImageRefusal | null {
  if (files.length !== 1) return 'oneImage';
  const file = files[0]!;
  if (!file.type.startsWith('image/')) return 'imageOnly';
  if (file.size >= MAX_CHAT_IMAGE_BYTES) return 'imageTooLarge';
  return null;
}

/** The picture's pixel size for the message ({0, 0} when the browser cannot tell). */
export async function imageDimensions(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap !== 'function') return { width: 0, height: 0 };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}
