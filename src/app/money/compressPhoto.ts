/** Photos the server accepts; anything else is refused before any work is done. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const isAcceptedPhoto = (file: File): boolean => (PHOTO_TYPES as readonly string[]).includes(file.type);

/**
 * Shrinks a phone photo before upload (a 12 MP camera shot is 3-6 MB; the server takes at most 5 MB), then
 * returns it as the data URL the contract carries. The web worker is off: it would fetch the library from a CDN.
 */
export async function compressPhoto(file: File): Promise<string> {
  // 52 KB of library only when a member picks a photo, not on the screens that share this module.
  const { default: imageCompression } = await import('browser-image-compression');
  const small = await imageCompression(file, {
    maxSizeMB: 1,
    maxWidthOrHeight: 1600,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
  });
  return imageCompression.getDataUrlFromFile(small);
}
