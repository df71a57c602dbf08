import { BILLING_TEXT, COUNTRIES, formatPrice } from '@vigil/shared';
import { INK } from '../../lib/pdf/pdf-colors.ts';
import { createPdf, finishPdf, FONT, writeLine } from '../../lib/pdf/pdf-document.ts';
import { toWinAnsi } from '../../lib/pdf/win-ansi.ts';
import type { InvoiceRow } from './billing.queries.ts';

export interface InvoicePdfInput {
  number: string;
  row: InvoiceRow;
  companyName: string;
  supportEmail: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const STATUS: Record<InvoiceRow['status'], string> = {
  paid: 'Paid',
  open: 'Open',
  failed: 'Payment failed',
  void: 'Void',
};

/** One A4 page: who is billed, for what period, the amounts (in cents, printed with two decimals). */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { row } = input;
  const doc = createPdf({ layout: 'portrait', title: `Invoice ${input.number}`, language: 'en', margin: 56 });
  const left = 56;
  const width = doc.page.width - 112;
  const text = (s: string) => toWinAnsi(s);

  doc.font(FONT.bold).fontSize(22).fillColor(INK.text);
  writeLine(doc, 'Invoice', { x: left, y: 56, width });
  doc.font(FONT.regular).fontSize(10).fillColor(INK.muted);
  writeLine(doc, text(`${input.number} · ${day(row.issuedAt)} · ${STATUS[row.status]}`), {
    x: left,
    y: 88,
    width,
  });

  const info = row.billingInfo;
  const country = COUNTRIES.find((c) => c.code === info.country)?.name;
  const billed = [
    input.companyName,
    `${info.firstName} ${info.lastName}`,
    info.email,
    info.line1,
    info.line2,
    [info.zip, info.city].filter(Boolean).join(' '),
    [info.state, country].filter(Boolean).join(', '),
  ].filter((l): l is string => !!l && l.trim() !== '');
  doc.font(FONT.bold).fontSize(10).fillColor(INK.text);
  writeLine(doc, 'Billed to', { x: left, y: 130, width });
  doc.font(FONT.regular);
  billed.forEach((l, i) => writeLine(doc, text(l), { x: left, y: 146 + i * 14, width }));

  let y = 160 + billed.length * 14;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(INK.rule)
    .lineWidth(1)
    .stroke();
  y += 12;
  doc.font(FONT.bold).fillColor(INK.text);
  writeLine(doc, 'Description', { x: left, y, width: width * 0.7 });
  writeLine(doc, 'Amount', { x: left + width * 0.7, y, width: width * 0.3 }, 'right');
  y += 20;
  doc.font(FONT.regular);
  writeLine(doc, text(row.description), { x: left, y, width: width * 0.7 });
  writeLine(
    doc,
    formatPrice(row.subTotal - row.overage),
    { x: left + width * 0.7, y, width: width * 0.3 },
    'right',
  );
  y += 14;
  doc.fillColor(INK.muted);
  writeLine(doc, `Period ${day(row.periodStart)} to ${day(row.periodEnd)}`, {
    x: left,
    y,
    width: width * 0.7,
  });
  y += 26;
  if (row.overage > 0) {
    doc.fillColor(INK.text);
    writeLine(doc, BILLING_TEXT.additionalSeats, { x: left, y, width: width * 0.7 });
    writeLine(doc, formatPrice(row.overage), { x: left + width * 0.7, y, width: width * 0.3 }, 'right');
    y += 14;
    doc.fillColor(INK.muted);
    writeLine(
      doc,
      `${row.overageSeatDays} seat-days over the plan in the term before ${day(row.periodStart)}`,
      {
        x: left,
        y,
        width: width * 0.7,
      },
    );
    y += 26;
  }

  const lines: Array<[string, number, boolean]> = [
    ['Subtotal', row.subTotal, false],
    ['Discount', -row.discount, false],
    ['Credits applied', -row.creditsApplied, false],
    ['Total', row.total, true],
  ];
  for (const [label, amount, strong] of lines) {
    if (!strong && amount === 0 && label !== 'Subtotal') continue;
    doc.font(strong ? FONT.bold : FONT.regular).fillColor(INK.text);
    writeLine(doc, label, { x: left + width * 0.4, y, width: width * 0.3 });
    writeLine(doc, formatPrice(amount), { x: left + width * 0.7, y, width: width * 0.3 }, 'right');
    y += 16;
  }

  doc.font(FONT.regular).fontSize(9).fillColor(INK.muted);
  writeLine(doc, text(`Questions about this invoice: ${input.supportEmail}`), {
    x: left,
    y: doc.page.height - 80,
    width,
  });
  return finishPdf(doc);
}
