import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** The text a page draws (pdf-lib writes it as hex strings shown with Tj), one string per text shown. */
function pageTexts(doc: PDFDocument, page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const texts: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      texts.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
  return texts;
}

/** A PDF read back: its pages' sizes and the texts each page shows, for tests of generated PDFs. */
export async function readPdf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return {
    doc,
    title: doc.getTitle(),
    pages: doc.getPages().map((page) => ({ size: page.getSize(), texts: pageTexts(doc, page) })),
  };
}
