/**
 * The catalogue file's writers (#61), read back by what users read files with: CSV by csv-parse
 * (and the node's own reader), TSV as feed services read it, XLSX by SheetJS and the node's own
 * reader (a ZIP written as a stream, deflated); a sheet full of rows goes on to the next; Updated
 * Since's forms; the stream n8n's binary data takes, in both of the ways n8n consumes it.
 */
import { randomBytes } from 'node:crypto';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- test code, never published: zlib's CRC is the reference
import { crc32 as zlibCrc32, inflateRawSync } from 'node:zlib';

import { parse } from 'csv-parse/sync';
import { sleep } from 'n8n-workflow';
import * as XLSX from 'xlsx';

import { sinceOf } from '../../nodes/Pim/resources/product/fileExport/exportColumns';
import { ByteStream } from '../../nodes/Pim/shared/file/byteStream';
import { csvRecords } from '../../nodes/Pim/shared/file/csv';
import { delimitedFile } from '../../nodes/Pim/shared/file/csvWriter';
import { xlsxRecords } from '../../nodes/Pim/shared/file/xlsx';
import { zipEntries } from '../../nodes/Pim/shared/file/zip';
import { columnName, xlsxFile, xmlText } from '../../nodes/Pim/shared/file/xlsxWriter';
import { crc32, ZipWriter } from '../../nodes/Pim/shared/file/zipWriter';

async function* rowsOf(rows: string[][]) {
	for (const row of rows) yield row;
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
	const parts: Buffer[] = [];
	for await (const chunk of chunks) parts.push(Buffer.from(chunk));
	return Buffer.concat(parts);
}

const HARD = [
	['sku', 'name', 'description'],
	['A-1', 'Tee, "basic"', 'line one\nline two\r\nline three'],
	['A-2', '  spaced  ', 'tab\there'],
	['A-3', '', 'ünïcødé ✓ 😀'],
	['00123', '=1+1', '_x0041_ and a \u0001 control'],
];

describe('CSV and TSV', () => {
	it('CSV: RFC 4180 as csv-parse and the node read it, with a byte order mark', async () => {
		const bytes = await bytesOf(delimitedFile('csv', HARD[0], rowsOf(HARD.slice(1))));
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		expect(parse(bytes, { bom: true, relax_column_count: false })).toEqual(HARD);
		const own: string[][] = [];
		const chunks = (async function* () {
			yield bytes;
		})();
		for await (const r of csvRecords(chunks)) own.push(r.cells);
		expect(own).toEqual(HARD);
	});

	it('TSV: no quotes, a tab or line break inside a value as a space, no byte order mark', async () => {
		const bytes = await bytesOf(delimitedFile('tsv', HARD[0], rowsOf(HARD.slice(1))));
		expect(bytes[0]).toBe('s'.charCodeAt(0));
		const lines = bytes.toString('utf8').split('\r\n');
		expect(lines[1]).toBe('A-1\tTee, "basic"\tline one line two line three');
		expect(lines[2]).toBe('A-2\t  spaced  \ttab here');
		expect(lines.slice(1, -1).every((l) => l.split('\t').length === 3)).toBe(true);
	});
});

describe('XLSX', () => {
	it('SheetJS and the node read every value back as text, the header first', async () => {
		const bytes = await bytesOf(
			xlsxFile(HARD[0], rowsOf(HARD.slice(1)), { sheetName: 'Products' }),
		);
		const book = XLSX.read(bytes, { type: 'buffer' });
		expect(book.SheetNames).toEqual(['Products']);
		const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Products, {
			header: 1,
			raw: false,
			defval: '',
		});
		// SheetJS reads `_xHHHH_` as Excel does; the node's reader as well.
		expect(rows).toEqual(HARD);
		const own: string[][] = [];
		for await (const r of xlsxRecords(bytes)) own.push(r.cells);
		expect(own).toEqual(
			HARD.map((row) => {
				const dense = [...row];
				while (dense.length && dense[dense.length - 1] === '') dense.pop();
				return dense;
			}),
		);
	});

	it('a sheet full of rows goes on to the next, each with the header', async () => {
		const rows = Array.from({ length: 7 }, (_, i) => [`S-${i}`, `name ${i}`]);
		const sheets: string[] = [];
		const bytes = await bytesOf(
			xlsxFile(['sku', 'name'], rowsOf(rows), {
				sheetName: 'Products',
				sheetRows: 4,
				onSheet: (n) => sheets.push(n),
			}),
		);
		expect(sheets).toEqual(['Products', 'Products 2', 'Products 3']);
		const book = XLSX.read(bytes, { type: 'buffer' });
		expect(book.SheetNames).toEqual(sheets);
		const read = sheets.map((s) =>
			XLSX.utils.sheet_to_json<string[]>(book.Sheets[s], { header: 1 }),
		);
		expect(read.map((r) => r[0])).toEqual([
			['sku', 'name'],
			['sku', 'name'],
			['sku', 'name'],
		]);
		expect(read.flatMap((r) => r.slice(1))).toEqual(rows);
	});

	it('a header alone when there is no row', async () => {
		const bytes = await bytesOf(xlsxFile(['sku'], rowsOf([]), { sheetName: 'Products' }));
		const book = XLSX.read(bytes, { type: 'buffer' });
		expect(XLSX.utils.sheet_to_json(book.Sheets.Products, { header: 1 })).toEqual([['sku']]);
	});

	it('a failing source fails the file, and the compressor stops', async () => {
		async function* failing() {
			yield ['A'];
			throw new Error('page 2 failed');
		}
		await expect(bytesOf(xlsxFile(['sku'], failing(), { sheetName: 'Products' }))).rejects.toThrow(
			'page 2 failed',
		);
	});

	it('the compressor is handed a chunk ahead, never the source: unread output stops the reading', async () => {
		let pulled = 0;
		const block = randomBytes(64 * 1024);
		async function* source() {
			for (let i = 0; i < 1000; i++) {
				pulled++;
				yield Buffer.from(block);
			}
		}
		const entry = new ZipWriter().entry('sheet.xml', source());
		// The local header, the name, the first deflated bytes; then nothing is read for a while.
		for (let i = 0; i < 3; i++) await entry.next();
		await sleep(200);
		expect(pulled).toBeGreaterThanOrEqual(1);
		expect(pulled).toBeLessThanOrEqual(4);
		await entry.return(undefined);
	});

	it('column names, XML text and the CRC', () => {
		expect([0, 25, 26, 701, 702, 16383].map(columnName)).toEqual([
			'A',
			'Z',
			'AA',
			'ZZ',
			'AAA',
			'XFD',
		]);
		expect(xmlText('a<b & "c"\r\n\u0002')).toBe('a&lt;b &amp; &quot;c&quot;&#13;\n_x0002_');
		expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
	});

	it("the CRC eight bytes a step is zlib's, whole and continued over chunks of any length", () => {
		for (const length of [0, 1, 7, 8, 9, 15, 16, 17, 1000, 65_537]) {
			const bytes = randomBytes(length);
			const cut = Math.floor(length / 3);
			expect(crc32(bytes)).toBe(zlibCrc32(bytes));
			expect(crc32(bytes.subarray(cut), crc32(bytes.subarray(0, cut)))).toBe(zlibCrc32(bytes));
		}
	});

	it('xml:space="preserve" only on a cell whose spaces a reader could change; plain text as it is', async () => {
		const rows = [
			['A-1', 'plain text, one space', 'two  spaces'],
			['A-2', ' leading', 'trailing '],
			['A-3', 'line\nbreak', 'tab\there'],
		];
		const bytes = await bytesOf(xlsxFile(['sku', 'a', 'b'], rowsOf(rows), { sheetName: 'P' }));
		const sheet = zipEntries(bytes).get('xl/worksheets/sheet1.xml')!;
		// The entry's data after its local header (30 bytes, the name, the extra field).
		const start =
			sheet.offset +
			30 +
			bytes.readUInt16LE(sheet.offset + 26) +
			bytes.readUInt16LE(sheet.offset + 28);
		const xml = inflateRawSync(bytes.subarray(start, start + sheet.compressedSize)).toString(
			'utf8',
		);
		const kept = [...xml.matchAll(/<t( xml:space="preserve")?>([^<]*)<\/t>/g)]
			.filter((m) => m[1])
			.map((m) => m[2]);
		expect(kept).toEqual(['two  spaces', ' leading', 'trailing ', 'line\nbreak', 'tab\there']);
		expect(xml).toContain('<t>plain text, one space</t>');
		const book = XLSX.read(bytes, { type: 'buffer' });
		expect(XLSX.utils.sheet_to_json(book.Sheets.P, { header: 1 }).slice(1)).toEqual(rows);
		const own: string[][] = [];
		for await (const r of xlsxRecords(bytes)) own.push(r.cells);
		expect(own.slice(1)).toEqual(rows);
	});
});

describe('Updated Since', () => {
	it.each([
		['2026-11-27 10:00:00', '2026-11-27 10:00:00'],
		['2026-11-27', '2026-11-27 00:00:00'],
		['2026-11-27T10:00', '2026-11-27 10:00:00'],
		['2026-11-27T10:00:00.000Z', '2026-11-27 10:00:00'],
		['2026-11-27T12:00:00.000+02:00', '2026-11-27 10:00:00'],
		[new Date(Date.UTC(2026, 10, 27, 10, 0, 0)), '2026-11-27 10:00:00'],
		[{ toISO: () => '2026-11-27T11:00:00.000+01:00' }, '2026-11-27 10:00:00'],
		['', undefined],
	])('%p → %p', (given, expected) => {
		expect(sinceOf(given)).toBe(expected);
	});

	it('anything else is an error naming the parameter', () => {
		expect(() => sinceOf('yesterday')).toThrow(
			'Parameter "Export Options → Updated Since" holds "yesterday", which is not a date-time',
		);
	});
});

describe('the stream n8n takes', () => {
	async function* source() {
		yield Buffer.from('one,');
		yield new Uint8Array([116, 119, 111]);
	}

	it('as n8n collects it (memory mode): data, then end', async () => {
		const stream = new ByteStream(source());
		const chunks: Buffer[] = [];
		const text = await new Promise<string>((resolve, reject) => {
			stream.on('data', (c) => chunks.push(c as Buffer));
			stream.on('end', () => resolve(Buffer.concat(chunks).toString()));
			stream.once('error', reject);
		});
		expect(text).toBe('one,two');
	});

	it('as fs.writeFile iterates it (filesystem mode)', async () => {
		expect((await bytesOf(new ByteStream(source()))).toString()).toBe('one,two');
	});

	it('an error of the source is the stream error', async () => {
		async function* failing() {
			yield Buffer.from('a');
			throw new Error('boom');
		}
		const stream = new ByteStream(failing());
		await expect(
			new Promise((resolve, reject) => {
				stream.on('data', () => undefined);
				stream.on('end', resolve);
				stream.once('error', reject);
			}),
		).rejects.toThrow('boom');
	});
});
