import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportCell, writeWorkbook } from './export-workbook.ts';

const COLUMNS = [
  { header: 'Id', width: 10 },
  { header: 'Navn', width: 30 },
];
const rowsOf = (from: number, count: number): ExportCell[][] =>
  Array.from({ length: count }, (_, i) => [from + i, `Anlegg ${from + i}`]);

async function* inBatches(...batches: ExportCell[][][]): AsyncGenerator<ExportCell[][]> {
  yield* batches;
}

/** Writes the batches and reads the sheet's rows back. */
async function roundTrip(batches: AsyncIterable<ExportCell[][]>): Promise<unknown[][]> {
  const output = new PassThrough();
  const parts: Buffer[] = [];
  output.on('data', (part: Buffer) => parts.push(part));
  await writeWorkbook(output, 'Anlegg', COLUMNS, batches);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('writeWorkbook', () => {
  it('writes every row of batches of any length, in order, under the header', async () => {
    const rows = await roundTrip(inBatches(rowsOf(1, 73), [], rowsOf(74, 1), rowsOf(75, 430)));
    expect(rows[0]).toEqual(['Id', 'Navn']);
    expect(rows.slice(1)).toEqual(rowsOf(1, 504));
  });

  it('lets the event loop turn while it writes a long batch, so that the deflater and the next read go on meanwhile', async () => {
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const turnsWhileRead: number[] = [];
    // A batch that notes how many turns the loop had made when each of its rows was taken.
    const batch = new Proxy(rowsOf(1, 1000), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) turnsWhileRead.push(turns);
        return Reflect.get(target, key, receiver);
      },
    });
    try {
      expect((await roundTrip(inBatches(batch))).length).toBe(1001);
    } finally {
      spinning = false;
    }
    expect(turnsWhileRead).toHaveLength(1000);
    expect(turnsWhileRead.at(-1)).toBeGreaterThan(turnsWhileRead[0] as number);
  });

  it('gives every cell its column’s format, and a value of another type the format of its type', async () => {
    const output = new PassThrough();
    const parts: Buffer[] = [];
    output.on('data', (part: Buffer) => parts.push(part));
    const day = new Date('2024-03-01');
    const columns = [
      { header: 'Id', width: 10 },
      { header: 'Meldt', width: 12, numFmt: 'dd.mm.yyyy' },
      { header: 'Breddegrad', width: 12, numFmt: '0.000000' },
    ];
    // The first column starts with a number, then a day (no format of its own: Excel's date format), text, empty.
    const rows: ExportCell[][] = [
      [1, day, 60.5],
      [day, null, 61.25],
      ['tekst', day, null],
      [null, day, 59.125],
    ];
    await writeWorkbook(output, 'Anlegg', columns, inBatches(rows));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const formats = [2, 3, 4, 5].map((r) => [1, 2, 3].map((c) => sheet?.getRow(r).getCell(c).numFmt ?? null));
    expect(formats).toEqual([
      [null, 'dd.mm.yyyy', '0.000000'],
      ['mm-dd-yy', 'dd.mm.yyyy', '0.000000'],
      [null, 'dd.mm.yyyy', '0.000000'],
      [null, 'dd.mm.yyyy', '0.000000'],
    ]);
    expect(sheet?.getRow(3).getCell(1).value).toEqual(day);
    expect(sheet?.getRow(4).getCell(1).value).toBe('tekst');
  });

  it('fails once the output is closed before the end (the client went away)', async () => {
    const output = new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    });
    async function* closingHalfWay(): AsyncGenerator<ExportCell[][]> {
      yield rowsOf(1, 500);
      output.destroy();
      yield rowsOf(501, 500);
    }
    await expect(writeWorkbook(output, 'Anlegg', COLUMNS, closingHalfWay())).rejects.toThrow('The export stream was closed');
  });
});
