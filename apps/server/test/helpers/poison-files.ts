// Decompression bombs for the poison-document tests, built in memory: a small file whose content
// inflates to hundreds of MB. Deflate segments ended with a full flush do not refer to earlier
// data, so one compressed segment repeated N times inflates to its text repeated N times.
import zlib from 'node:zlib';

/** Raw deflate of `head`, `unit` × `times` and `tail`, with the CRC-32, Adler-32 and size of the whole. */
function repeatedDeflate(head: string, unit: string, times: number, tail: string, withAdler = false) {
  const segment = (text: string) =>
    zlib.deflateRawSync(Buffer.from(text), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const unitBytes = Buffer.from(unit);
  const parts = [
    segment(head),
    ...Array<Buffer>(times).fill(segment(unit)),
    zlib.deflateRawSync(Buffer.from(tail)),
  ];
  let crc = zlib.crc32(head);
  let a = 1;
  let b = 0;
  const adler = (bytes: Buffer) => {
    if (!withAdler) return;
    for (let i = 0; i < bytes.length; i++) {
      a = (a + bytes[i]!) % 65521;
      b = (b + a) % 65521;
    }
  };
  adler(Buffer.from(head));
  // The Adler-32 of the repeated unit: the sums advance the same way each time.
  for (let i = 0; i < times; i++) {
    crc = zlib.crc32(unitBytes, crc);
    adler(unitBytes);
  }
  crc = zlib.crc32(tail, crc);
  adler(Buffer.from(tail));
  return {
    deflated: Buffer.concat(parts),
    crc,
    adler: ((b << 16) | a) >>> 0,
    size: Buffer.byteLength(head) + unitBytes.length * times + Buffer.byteLength(tail),
  };
}

interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  /** The size written in the headers, when it is to lie. */
  declaredSize?: number;
  method: 0 | 8;
}

function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.data);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(e.method, 10);
    header.writeUInt32LE(e.crc >>> 0, 16);
    header.writeUInt32LE(e.data.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, crc: zlib.crc32(data), size: data.length, method: 0 };
};

function bombEntry(
  name: string,
  head: string,
  unit: string,
  mb: number,
  tail: string,
  lie: boolean,
): ZipEntry {
  const times = Math.ceil((mb * 1024 * 1024) / Buffer.byteLength(unit));
  const d = repeatedDeflate(head, unit, times, tail);
  return { name, data: d.deflated, crc: d.crc, size: d.size, method: 8, ...(lie && { declaredSize: 4096 }) };
}

const CONTENT_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${main}</Types>`;

/** A DOCX whose word/document.xml inflates to about `mb` MB; `lie` writes a small size in the headers. */
export function docxBomb(mb: number, lie = false): Buffer {
  const paragraph = `<w:p><w:r><w:t>${'All work and no play. '.repeat(40)}</w:t></w:r></w:p>`;
  const unit = paragraph.repeat(64);
  return zip([
    stored(
      '[Content_Types].xml',
      CONTENT_TYPES(
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
      ),
    ),
    stored(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    bombEntry(
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
      unit,
      mb,
      '</w:body></w:document>',
      lie,
    ),
  ]);
}

/** An XLSX whose first sheet inflates to about `mb` MB. */
export function xlsxBomb(mb: number): Buffer {
  const row = `<row><c t="inlineStr"><is><t>${'x'.repeat(200)}</t></is></c></row>`;
  return zip([
    stored(
      '[Content_Types].xml',
      CONTENT_TYPES(
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      ),
    ),
    stored(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    stored(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    stored(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    bombEntry(
      'xl/worksheets/sheet1.xml',
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      row.repeat(64),
      mb,
      '</sheetData></worksheet>',
      false,
    ),
  ]);
}

/** A PPTX-shaped bomb (Catalyst does not read presentations: it must be refused at upload). */
export function pptxBomb(mb: number): Buffer {
  return zip([
    stored('[Content_Types].xml', CONTENT_TYPES('')),
    bombEntry('ppt/slides/slide1.xml', '<p:sld>', '<a:t>x</a:t>'.repeat(1000), mb, '</p:sld>', false),
  ]);
}

/** A one-page PDF whose content stream (FlateDecode) inflates to about `mb` MB of text operators. */
export function pdfBomb(mb: number): Buffer {
  const unit = 'BT /F1 12 Tf 72 712 Td (All work and no play makes Jack a dull boy.) Tj ET\n'.repeat(256);
  const times = Math.ceil((mb * 1024 * 1024) / unit.length);
  const d = repeatedDeflate('', unit, times, '', true);
  // zlib framing around the raw deflate: header, data, Adler-32 of the inflated bytes.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(d.adler, 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), d.deflated, adler]);
  const objects: Buffer[] = [
    Buffer.from('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'),
    Buffer.from(
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>\nendobj\n',
    ),
    Buffer.concat([
      Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream\nendobj\n'),
    ]),
    Buffer.from('5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n'),
  ];
  const header = Buffer.from('%PDF-1.4\n');
  const offsets: number[] = [];
  let at = header.length;
  for (const o of objects) {
    offsets.push(at);
    at += o.length;
  }
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([header, ...objects, Buffer.from(xref)]);
}
