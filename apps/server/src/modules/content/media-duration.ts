import { closeSync, openSync, readSync } from 'node:fs';

/** Enough of a file to hold its header: WebM's Info and MP4's moov-first layout sit in the first bytes. */
const HEAD_BYTES = 64 * 1024;

function readHead(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** An EBML variable-length integer at `at`: its value (marker bit kept for ids) and its length. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i]!;
  return { value, length };
}

const EBML = { segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, duration: 0x4489 };

/** WebM (Matroska): Segment › Info › Duration, in TimecodeScale units (nanoseconds each, 1 ms by default). */
function webmDuration(buf: Buffer): number | null {
  let at = 0;
  let end = buf.length;
  let scale = 1_000_000;
  let duration: number | null = null;
  while (at < end) {
    const id = vint(buf, at, true);
    if (!id) return null;
    const size = vint(buf, at + id.length, false);
    if (!size) return null;
    const body = at + id.length + size.length;
    if (id.value === EBML.segment || id.value === EBML.info) {
      // Step inside: the Info element's children hold what we need.
      if (id.value === EBML.info) end = Math.min(end, body + size.value);
      at = body;
      continue;
    }
    if (id.value === EBML.timecodeScale) scale = buf.readUIntBE(body, Math.min(size.value, 6));
    if (id.value === EBML.duration)
      duration = size.value === 4 ? buf.readFloatBE(body) : buf.readDoubleBE(body);
    at = body + size.value;
  }
  return duration === null ? null : (duration * scale) / 1e9;
}

/** MP4: the movie header (moov › mvhd) gives duration ÷ timescale. */
function mp4Duration(buf: Buffer): number | null {
  let at = 0;
  while (at + 8 <= buf.length) {
    const size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (type === 'moov') {
      at += 8;
      continue;
    }
    if (type === 'mvhd') {
      const version = buf[at + 8];
      return version === 1
        ? Number(buf.readBigUInt64BE(at + 32)) / buf.readUInt32BE(at + 28)
        : buf.readUInt32BE(at + 24) / buf.readUInt32BE(at + 20);
    }
    if (size < 8) return null;
    at += size;
  }
  return null;
}

/** A video file's length in seconds, read from its header; null when the file does not say. */
export function videoDuration(file: string): number | null {
  let buf: Buffer;
  try {
    buf = readHead(file);
  } catch {
    return null;
  }
  try {
    const seconds = file.endsWith('.mp4') ? mp4Duration(buf) : webmDuration(buf);
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}
