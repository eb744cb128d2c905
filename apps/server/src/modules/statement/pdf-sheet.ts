import PDFDocument from "pdfkit";
import { type Fallback, fallbackFonts, LATIN, LATIN_BOLD, readsRightToLeft, runsOf } from "./pdf-fonts.ts";

/** A column of a table: its share of the width and how a row fills it. */
export type Column<T> = { title: string; width: number; numeric?: boolean; cell: (row: T) => string };
type WriteOptions = { width: number; align?: "left" | "right"; size?: number; bold?: boolean };

const PAGE = { width: 842, height: 595, margin: 36 }; // A4 landscape, in points
const ROW = 14;
const SIZE = 8;

/**
 * A landscape A4 document written top to bottom: a title, lines of "label: value", and tables that
 * continue on new pages with their headings repeated. Right-to-left languages lay the columns out
 * from the right. Pages are numbered at the end ("Page 2 / 3").
 */
export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  private readonly fallbacks: Fallback[];
  private readonly rtl: boolean;
  private y = PAGE.margin;

  constructor(meta: { title: string; lang: string; rtl: boolean }) {
    this.doc = new PDFDocument({
      size: "A4",
      layout: "landscape",
      margin: PAGE.margin,
      bufferPages: true,
      lang: meta.lang,
      info: { Title: meta.title, Author: "Helio", Creator: "Helio" },
    });
    this.fallbacks = fallbackFonts(meta.lang);
    for (const f of this.fallbacks) this.doc.registerFont(f.name, f.data);
    this.rtl = meta.rtl;
  }

  private get inner() {
    return PAGE.width - 2 * PAGE.margin;
  }

  /**
   * The words and gaps of a text in the order they are drawn left to right. Gaps are not drawn,
   * only stepped over (some slices have no space glyph); the words of a right-to-left run are
   * drawn right to left, the shaping engine orders the letters within each word.
   */
  private pieces(text: string, bold: boolean) {
    const latin = bold ? LATIN_BOLD : LATIN;
    return runsOf(text, this.fallbacks, latin).flatMap((run) => {
      const parts = run.text.split(/(\s+)/).filter(Boolean);
      if (readsRightToLeft(run.text)) parts.reverse();
      return parts.map((part) =>
        /^\s+$/.test(part) ? { font: latin, text: part, gap: true } : { ...run, text: part, gap: false },
      );
    });
  }

  /** Width of a text in points, font by font. */
  widthOf(text: string, size = SIZE, bold = false): number {
    this.doc.fontSize(size);
    return this.pieces(text, bold).reduce((sum, piece) => sum + this.doc.font(piece.font).widthOfString(piece.text), 0);
  }

  /** The text cut with "…" to fit `width`. */
  private fit(text: string, width: number, size: number, bold: boolean): string {
    if (this.widthOf(text, size, bold) <= width) return text;
    const chars = [...text];
    while (chars.length > 1 && this.widthOf(`${chars.join("")}…`, size, bold) > width) chars.pop();
    return `${chars.join("")}…`;
  }

  /** One line of text at (x, y), never wrapped. */
  write(text: string, x: number, y: number, o: WriteOptions) {
    const size = o.size ?? SIZE;
    const bold = o.bold ?? false;
    const fitted = this.fit(text, o.width, size, bold);
    const total = this.widthOf(fitted, size, bold);
    let cx = (o.align ?? (this.rtl ? "right" : "left")) === "right" ? x + o.width - total : x;
    this.doc.fontSize(size);
    // Every font on one baseline, whatever its ascent (Noto's is taller than Helvetica's).
    const baseline = y + size * 0.8;
    for (const piece of this.pieces(fitted, bold)) {
      this.doc.font(piece.font);
      if (!piece.gap) this.doc.text(piece.text, cx, baseline, { lineBreak: false, baseline: "alphabetic" });
      cx += this.doc.widthOfString(piece.text);
    }
  }

  private room(height: number) {
    if (this.y + height <= PAGE.height - PAGE.margin - ROW) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  title(text: string) {
    this.write(text, PAGE.margin, this.y, { width: this.inner, size: 16, bold: true });
    this.y += 26;
  }

  /** Lines of "label   value", as a two-column block. */
  facts(lines: [string, string][], bold = false) {
    const labelWidth = 150;
    for (const [label, value] of lines) {
      this.room(ROW);
      const [labelX, valueX] = this.rtl
        ? [PAGE.width - PAGE.margin - labelWidth, PAGE.margin]
        : [PAGE.margin, PAGE.margin + labelWidth];
      this.write(label, labelX, this.y, { width: labelWidth, size: 9, bold: true });
      this.write(value, valueX, this.y, { width: this.inner - labelWidth, size: 9, bold });
      this.y += ROW;
    }
    this.y += 8;
  }

  note(text: string) {
    this.room(ROW);
    this.write(text, PAGE.margin, this.y, { width: this.inner, size: 8 });
    this.y += ROW + 4;
  }

  private columnXs<T>(columns: Column<T>[]) {
    const share = columns.reduce((sum, c) => sum + c.width, 0);
    let x = this.rtl ? PAGE.width - PAGE.margin : PAGE.margin;
    return columns.map((c) => {
      const width = (c.width / share) * this.inner;
      const at = this.rtl ? x - width : x;
      x = this.rtl ? x - width : x + width;
      return { x: at + 2, width: width - 4, align: c.numeric ? ("right" as const) : undefined };
    });
  }

  private tableHead<T>(columns: Column<T>[]) {
    const xs = this.columnXs(columns);
    columns.forEach((c, i) => {
      const at = xs[i];
      if (at) this.write(c.title, at.x, this.y, { width: at.width, align: at.align, bold: true });
    });
    this.y += ROW - 2;
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.width - PAGE.margin, this.y)
      .lineWidth(0.5)
      .strokeColor("#888888")
      .stroke();
    this.y += 3;
  }

  /** A table of every row of every batch, then its totals line (bold, ruled above). */
  async table<T>(columns: Column<T>[], batches: AsyncIterable<T[]>, totals: string[], empty: string) {
    const xs = this.columnXs(columns);
    this.room(3 * ROW);
    this.tableHead(columns);
    let rows = 0;
    for await (const batch of batches) {
      for (const row of batch) {
        if (this.room(ROW)) this.tableHead(columns);
        columns.forEach((c, i) => {
          const at = xs[i];
          if (at) this.write(c.cell(row), at.x, this.y, { width: at.width, align: at.align });
        });
        this.y += ROW;
        rows += 1;
      }
    }
    if (rows === 0) {
      this.write(empty, PAGE.margin, this.y, { width: this.inner });
      this.y += ROW;
    }
    this.room(ROW + 4);
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.width - PAGE.margin, this.y)
      .lineWidth(0.5)
      .stroke();
    this.y += 3;
    columns.forEach((_, i) => {
      const at = xs[i];
      const text = totals[i];
      if (at && text) this.write(text, at.x, this.y, { width: at.width, align: at.align, bold: true });
    });
    this.y += ROW;
  }

  /** Numbers the pages and closes the document; the bytes follow on `doc` (a readable stream). */
  finish(pageWord: string) {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      this.write(`${pageWord} ${i + 1} / ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin, {
        width: this.inner,
        align: "right",
        size: 7,
      });
    }
    this.doc.end();
    return this.doc;
  }
}

/** The whole document as bytes (tests, mail). */
export async function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
