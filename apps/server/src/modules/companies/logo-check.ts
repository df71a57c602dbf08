/**
 * Whether uploaded bytes are a company logo we keep: a whole PNG (its signature, an IHDR chunk first
 * and an IEND chunk last) of at most LOGO.maxBytes. The bytes decide, never the file name or the type
 * the browser sent (DESIGN.md, "Files").
 */
import { imageSize } from 'image-size';
import { LOGO, LOGO_MESSAGES } from '@vigil/shared';
import { Invalid } from '../../http/errors.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Length 13, then "IHDR": the chunk every PNG must start with. */
const IHDR = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
/** Length 0, "IEND" and its fixed CRC: the chunk every whole PNG ends with. */
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

const bytesAt = (bytes: Uint8Array, at: number, expected: number[]) =>
  expected.every((b, i) => bytes[at + i] === b);

/** Width and height of a whole PNG, or null when the bytes are not one. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const headerEnd = SIGNATURE.length + IHDR.length + 8;
  if (bytes.length < headerEnd + IEND.length) return null;
  if (!bytesAt(bytes, 0, SIGNATURE) || !bytesAt(bytes, SIGNATURE.length, IHDR)) return null;
  if (!bytesAt(bytes, bytes.length - IEND.length, IEND)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** What the bytes are, for the "'{type}' is not a supported format" message. */
export function detectedType(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  if (/<svg[\s>]/i.test(head)) return 'image/svg+xml';
  try {
    const { type } = imageSize(bytes);
    if (type) return type === 'jpg' ? 'image/jpeg' : `image/${type}`;
  } catch {
    // Not an image image-size knows.
  }
  return head.includes('\uFFFD') || head.includes('\u0000') ? 'application/octet-stream' : 'text/plain';
}

/** A file name fit for a message: its last path segment, at most 100 characters. */
const shownName = (name: string) => (name.split(/[\\/]/).pop() || 'file').slice(0, 100);

/**
 * The logo's size in pixels; throws the spec's message (spec 1 §5) when the file is too large or
 * not a PNG. `truncated` says the upload stopped at the size limit.
 */
export function checkLogo(file: { bytes: Uint8Array; filename: string; truncated: boolean }): {
  width: number;
  height: number;
} {
  if (file.truncated || file.bytes.length > LOGO.maxBytes) {
    throw Invalid([LOGO_MESSAGES.tooLarge(shownName(file.filename))]);
  }
  const size = pngSize(file.bytes);
  if (!size) throw Invalid([LOGO_MESSAGES.unsupported(detectedType(file.bytes))]);
  return size;
}
