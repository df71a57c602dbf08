import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import type { Brand } from '@vigil/shared';

/** Poppler's tools are optional on a developer's machine; the checks that need them skip without. */
export const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdfinfo');

function withPdfFile<T>(pdf: Buffer, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-pdf-'));
  try {
    const path = join(dir, 'file.pdf');
    writeFileSync(path, pdf);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of the PDF in drawing order (pdftotext -raw, which also reads rotated text such as a
 * watermark), whitespace runs collapsed to one space.
 */
export function pdfText(pdf: Buffer): string {
  const text = withPdfFile(pdf, (path) =>
    execFileSync('/usr/bin/pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']),
  );
  return text.toString('utf8').replace(/\s+/g, ' ');
}

/** The page count, from pdfinfo when present, else from the /Type /Page objects. */
export function pageCount(pdf: Buffer): number {
  if (hasPoppler) {
    const info = withPdfFile(pdf, (path) => execFileSync('/usr/bin/pdfinfo', [path]).toString('utf8'));
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  }
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}

function crc32(bytes: Buffer): number {
  let crc = -1;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG logo: a coloured rounded badge with a white stripe, made without any image library. */
export function sampleLogoPng(width = 240, height = 80): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inBadge = x < height && (x - height / 2) ** 2 + (y - height / 2) ** 2 < (height / 2) ** 2;
      const stripe = inBadge && Math.abs(y - height / 2) < height / 10;
      const bar = x > height + 12 && y > height * 0.3 && y < height * 0.7;
      const [r, g, b] = stripe
        ? [255, 255, 255]
        : inBadge
          ? [25, 113, 194]
          : bar
            ? [52, 58, 64]
            : [255, 255, 255];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A company's brand for renderer tests: Acme in blue. */
export function testBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    companyName: 'Acme Corporation',
    accountName: 'Vigil',
    primaryColor: '#1971c2',
    secondaryColor: '#e03131',
    logoUrl: null,
    supportEmail: 'support@example.test',
    ...overrides,
  };
}

/** Every fill and stroke colour the PDF's pages paint with, as #rrggbb. */
export function pdfColors(pdf: Buffer): Set<string> {
  const raw = pdf.toString('latin1');
  const colors = new Set<string>();
  const hex = (n: string) =>
    Math.round(Number(n) * 255)
      .toString(16)
      .padStart(2, '0');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const [, r, g, b] of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG|scn|SCN)\b/g))
      colors.add(`#${hex(r!)}${hex(g!)}${hex(b!)}`);
  }
  return colors;
}
