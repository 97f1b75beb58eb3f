import fs from 'node:fs';
import { once } from 'node:events';

/** Writes a retail-like CSV of `rows` rows and 8 columns; deterministic for a given row count. */
export async function generateCsv(file: string, rows: number): Promise<{ bytes: number }> {
  const regions = ['North America', 'Europe', 'Asia Pacific', 'Latin America', 'Middle East'];
  const products = ['Widget', 'Gadget', 'Gizmo', 'Doohickey', 'Thingamajig', 'Whatsit', 'Sprocket', 'Flange'];
  const categories = ['Hardware', 'Software', 'Services', 'Accessories'];
  const out = fs.createWriteStream(file, { highWaterMark: 1 << 20 });
  let seed = 42;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const start = Date.UTC(2024, 0, 1);
  let chunk = 'order_id,order_date,region,product,category,quantity,unit_price,revenue\n';
  for (let i = 1; i <= rows; i++) {
    const day = new Date(start + Math.floor(rand() * 730) * 86_400_000).toISOString().slice(0, 10);
    const qty = 1 + Math.floor(rand() * 20);
    const price = Math.round((5 + rand() * 495) * 100) / 100;
    chunk += `${i},${day},${regions[i % 5]},${products[Math.floor(rand() * 8)]},${categories[i % 4]},${qty},${price},${(qty * price).toFixed(2)}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return { bytes: fs.statSync(file).size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file = '/tmp/catalyst-bench-1m.csv', rows = '1000000'] = process.argv.slice(2);
  const { bytes } = await generateCsv(file, Number(rows));
  console.log(`${file}: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB`);
}
