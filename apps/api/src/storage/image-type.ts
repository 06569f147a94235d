/** Raster image types recognised by their first bytes. SVG is absent: it can carry script. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** File name extension per image type, for stored file names. */
export const imageExtensions: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The image type of `bytes` by its signature (magic bytes), or undefined for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  const startsWith = (signature: readonly number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(ascii('GIF87a')) || startsWith(ascii('GIF89a'))) return 'image/gif';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}
