/**
 * The stamp itself: one small grey line at the bottom of every page and the same words in the
 * document's Subject and Keywords. Runs inside a worker thread (stamp-worker.ts); nothing here
 * touches the database or storage, so it is also what the benchmark times.
 */
import fontkit from '@pdf-lib/fontkit'
import {
  PDFContentStream,
  PDFDocument,
  degrees,
  grayscale,
  popGraphicsState,
  pushGraphicsState,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib'
import { checkDecodedSize, checkPageTree } from './stamp-prescan.js'
import { isPdfHead, StampRefusal } from './stamp-reasons.js'
import { DEFAULT_MAX_DECODED_BYTES, type StampText } from './stamp-text.js'

const MARGIN = 10
const SIZE = 7
const MIN_SIZE = 4.5
/** Names are cut to this many characters at most before the size is lowered. */
const MIN_NAME_CHARS = 12

/** `Licenciado para {name} · {email} · Pedido {orderId}`: the three data, always in this order. */
export const stampLine = (t: StampText) =>
  `Licenciado para ${t.name} · ${t.email} · Pedido ${t.orderId}`

/**
 * The stamped copy of `bytes`. Throws StampRefusal when the file cannot be stamped (encrypted,
 * damaged, not a PDF): the caller then delivers the original.
 */
export async function stampPdf(
  bytes: Uint8Array,
  text: StampText,
  fontBytes: Uint8Array,
  maxDecodedBytes = DEFAULT_MAX_DECODED_BYTES,
): Promise<Uint8Array> {
  if (!isPdfHead(bytes.subarray(0, 1024))) throw new StampRefusal('not_pdf')
  // Before pdf-lib inflates anything: a bomb is refused here at the cost of `maxDecodedBytes`.
  checkDecodedSize(bytes, maxDecodedBytes)
  const doc = await loadOrRefuse(bytes)
  const pages = pagesOrRefuse(doc)
  doc.registerFontkit(fontkit)
  const font = await doc.embedFont(fontBytes, { subset: true })
  const safe = printable(text, font)
  const full = stampLine(safe)
  try {
    for (const page of pages) drawStamp(page, font, safe)
  } catch {
    // A page tree pdf-lib could read but not walk (a missing box, a broken resource dictionary).
    throw new StampRefusal('damaged')
  }
  // The full line, never cut: a leaked copy's properties name its buyer whatever the page width.
  doc.setSubject(full)
  doc.setKeywords([safe.name, safe.email, `Pedido ${safe.orderId}`])
  // Object streams make the file smaller but cost time on every page tree; a stamp adds little.
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false })
}

async function loadOrRefuse(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument
  try {
    // updateMetadata: false keeps the original's Producer and dates (and the output stable).
    // Encryption is asked afterwards: pdf-lib's own error class is lost in its ES5 build.
    doc = await PDFDocument.load(bytes, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    })
  } catch {
    throw new StampRefusal('damaged')
  }
  // Stamping would write unencrypted objects into an encrypted file: no reader could open it.
  if (doc.isEncrypted) throw new StampRefusal('encrypted')
  return doc
}

function pagesOrRefuse(doc: PDFDocument): PDFPage[] {
  let pages: PDFPage[]
  try {
    checkPageTree(doc)
    pages = doc.getPages()
  } catch (error) {
    if (error instanceof StampRefusal) throw error
    throw new StampRefusal('damaged')
  }
  if (pages.length === 0) throw new StampRefusal('damaged')
  return pages
}

/** Characters the font cannot draw become '?', so an exotic name never breaks the stamp. */
function printable(text: StampText, font: PDFFont): StampText {
  const known = new Set(font.getCharacterSet())
  const clean = (s: string) =>
    [...s.normalize('NFC')].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('')
  return { name: clean(text.name.trim()), email: clean(text.email), orderId: text.orderId }
}

/**
 * The line and size that fit `width`: the name is cut first (with an ellipsis), down to a
 * dozen characters; then the size goes down; the e-mail and order id are never cut.
 */
export function fitLine(text: StampText, font: PDFFont, width: number) {
  const widthOf = (line: string, size: number) => font.widthOfTextAtSize(line, size)
  let name = text.name
  let line = stampLine(text)
  while (widthOf(line, SIZE) > width && name.length > MIN_NAME_CHARS) {
    name = name.slice(0, -1)
    line = stampLine({ ...text, name: `${name.trimEnd()}…` })
  }
  const size = Math.max(MIN_SIZE, Math.min(SIZE, (SIZE * width) / widthOf(line, SIZE)))
  return { line, size }
}

/**
 * Draws the line centred on the page's visible bottom edge, whatever its /Rotate. The page's
 * own content is first wrapped in q…Q, so a transformation it leaves behind cannot move ours.
 */
function drawStamp(page: PDFPage, font: PDFFont, text: StampText) {
  const box = page.getCropBox()
  const angle = ((page.getRotation().angle % 360) + 360) % 360
  const sideways = angle === 90 || angle === 270
  const across = sideways ? box.height : box.width
  const { line, size } = fitLine(text, font, across - 2 * MARGIN)
  const offset = (across - font.widthOfTextAtSize(line, size)) / 2
  const { x, y, width: w, height: h } = box
  const at = {
    0: { x: x + offset, y: y + MARGIN },
    90: { x: x + w - MARGIN, y: y + offset },
    180: { x: x + w - offset, y: y + h - MARGIN },
    270: { x: x + MARGIN, y: y + h - offset },
  }[angle as 0 | 90 | 180 | 270] ?? { x: x + offset, y: y + MARGIN }
  isolateContent(page)
  page.drawText(line, {
    ...at,
    size,
    font,
    color: grayscale(0.45),
    rotate: degrees(angle),
  })
}

function isolateContent(page: PDFPage) {
  const { context } = page.doc
  page.node.normalize()
  const open = context.register(PDFContentStream.of(context.obj({}), [pushGraphicsState()]))
  const close = context.register(PDFContentStream.of(context.obj({}), [popGraphicsState()]))
  page.node.wrapContentStreams(open, close)
}
