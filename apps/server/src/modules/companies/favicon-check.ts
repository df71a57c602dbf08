/**
 * Whether uploaded bytes are a favicon we keep: a whole PNG, or an ICO whose every image lies inside the
 * file and is a PNG or a bitmap, at most FAVICON.maxBytes and FAVICON.maxSide pixels a side. As for the
 * logo, the bytes decide, never the file name or the type the browser sent.
 */
import { FAVICON, FAVICON_MESSAGES } from '@vigil/shared';
import { Invalid } from '../../http/errors.ts';
import { detectedType, pngSize } from './logo-check.ts';

export type FaviconType = 'png' | 'ico';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
/** A bitmap inside an ICO starts with a BITMAPINFOHEADER, whose first field is its size: 40. */
const BITMAP_HEADER_SIZE = 40;

/** The largest side of an ICO's images, or null when the bytes are not a well-formed ICO. */
export function icoSide(bytes: Uint8Array): number | null {
  if (bytes.length < 6 + 16) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1) return null;
  const count = view.getUint16(4, true);
  const directoryEnd = 6 + 16 * count;
  if (count === 0 || directoryEnd > bytes.length) return null;
  let side = 0;
  for (let i = 0; i < count; i += 1) {
    const entry = 6 + 16 * i;
    const size = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    if (size < 8 || offset < directoryEnd || offset + size > bytes.length) return null;
    const isPng = PNG_SIGNATURE.every((b, k) => bytes[offset + k] === b);
    if (!isPng && view.getUint32(offset, true) !== BITMAP_HEADER_SIZE) return null;
    // A width or height byte of 0 means 256 pixels.
    side = Math.max(side, bytes[entry] || 256, bytes[entry + 1] || 256);
  }
  return side;
}

const shownName = (name: string) => (name.split(/[\\/]/).pop() || 'file').slice(0, 100);

/** The favicon's type; throws the message to show when the file is too large, too wide or neither kind. */
export function checkFavicon(file: { bytes: Uint8Array; filename: string; truncated: boolean }): FaviconType {
  if (file.truncated || file.bytes.length > FAVICON.maxBytes) {
    throw Invalid([FAVICON_MESSAGES.tooLarge(shownName(file.filename))]);
  }
  const png = pngSize(file.bytes);
  const side = png ? Math.max(png.width, png.height) : icoSide(file.bytes);
  if (side === null) throw Invalid([FAVICON_MESSAGES.unsupported(detectedType(file.bytes))]);
  if (side > FAVICON.maxSide) throw Invalid([FAVICON_MESSAGES.tooWide]);
  return png ? 'png' : 'ico';
}
