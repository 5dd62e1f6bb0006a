/**
 * A hostile file is refused, never followed (#44, point 10): the readers of the catalogue file
 * stop at the bounds of shared/file/bounds.ts with an error naming the line (a CSV), the row (an
 * XLSX sheet) or the ZIP entry. Endless streams prove the reading stops: a reader that followed
 * one would never end, and the chunks it pulled are counted against the bound.
 */
import * as XLSX from 'xlsx';

import { FILE_BOUNDS, FileRefused } from '../../nodes/Pim/shared/file/bounds';
import { csvRecords, type FileRecord } from '../../nodes/Pim/shared/file/csv';
import { xlsxRecords } from '../../nodes/Pim/shared/file/xlsx';

const CHUNK = 64 * 1024;

/** `start`, then `filler` without end; `pulled()` counts the chunks read. */
function endless(start: string, filler: string) {
	let pulled = 0;
	const piece = Buffer.from(filler.repeat(Math.ceil(CHUNK / filler.length)));
	return {
		chunks: (async function* () {
			pulled++;
			yield Buffer.from(start);
			for (;;) {
				pulled++;
				yield piece;
			}
		})(),
		pulled: () => pulled,
	};
}

/** `bytes` cut into chunks of `size` bytes. */
async function* cut(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
	for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The records read, and the error the reading ends with (undefined when none). */
async function readCsv(chunks: AsyncIterable<Uint8Array>, options = {}) {
	const records: FileRecord[] = [];
	try {
		for await (const record of csvRecords(chunks, options)) records.push(record);
	} catch (error) {
		return { records, error: error as FileRefused };
	}
	return { records, error: undefined };
}

describe('CSV: bounds on what a line holds', () => {
	it('a header line that never ends is refused at line 1 after its bound, not read on', async () => {
		const file = endless('sku,name', 'a');
		const { error } = await readCsv(file.chunks);
		expect(error).toBeInstanceOf(FileRefused);
		expect(error?.message).toBe(
			'The file is refused at line 1: the header line is longer than 4,194,304 characters',
		);
		expect(file.pulled()).toBeLessThanOrEqual(FILE_BOUNDS.row / CHUNK + 2);
	});

	it('an unquoted cell without end is refused at its line, the rows before it read', async () => {
		const file = endless('sku,name\nA-1,one\nA-2,', 'b');
		const { records, error } = await readCsv(file.chunks);
		expect(records.map((r) => r.cells)).toEqual([
			['sku', 'name'],
			['A-1', 'one'],
		]);
		expect(error?.message).toBe(
			'The file is refused at line 3: a cell is longer than 1,048,576 characters',
		);
		expect(file.pulled()).toBeLessThanOrEqual(FILE_BOUNDS.cell / CHUNK + 2);
	});

	it('a quote opened and never closed, with the file going on: refused at its line, the quote named', async () => {
		const file = endless('sku,name\nA-1,one\nA-2,"two\nA-3,three\n', 'A-4,four\n');
		const { error } = await readCsv(file.chunks);
		expect(error?.message).toBe(
			'The file is refused at line 3: a cell is longer than 1,048,576 characters',
		);
		expect(error?.description).toMatch(
			/^The cell's quote opens on line 3: is its closing quote missing\? Quotes inside a quoted cell are doubled/,
		);
		expect(file.pulled()).toBeLessThanOrEqual(FILE_BOUNDS.cell / CHUNK + 2);
	});

	it('a quote the file ends inside is refused at the line it opens on', async () => {
		const file = Buffer.from('sku,name\r\nA-1,one\r\nA-2,"two\r\nA-3,three\r\n');
		const { error } = await readCsv(cut(file, 7));
		expect(error?.message).toBe(
			'The file is refused at line 3: a quoted cell opened there is never closed',
		);
		expect(error?.description).toContain('The file ends inside the cell its quote opens on line 3');
	});

	it('a row of cells each within the bound but past the row bound together', async () => {
		const cell = 'c'.repeat(FILE_BOUNDS.cell);
		const file = Buffer.from(`sku,a,b,c,d,e\nA-1,${[cell, cell, cell, cell, cell].join(',')}\n`);
		const { error } = await readCsv(cut(file, CHUNK));
		expect(error?.message).toBe(
			'The file is refused at line 2: a row is longer than 4,194,304 characters',
		);
	});

	it('a row of more cells than a sheet has columns', async () => {
		const file = Buffer.from(`sku\nA-1${','.repeat(FILE_BOUNDS.columns)}\n`);
		const { error } = await readCsv(cut(file, 1000));
		expect(error?.message).toBe('The file is refused at line 2: a row has more than 16,384 cells');
		// At the bound itself: read.
		const within = Buffer.from(`sku\nA-1${','.repeat(FILE_BOUNDS.columns - 1)}\n`);
		const read = await readCsv(cut(within, 1000));
		expect(read.error).toBeUndefined();
		expect(read.records[1].cells).toHaveLength(FILE_BOUNDS.columns);
	});
});

describe('CSV: bytes that are not the encoding', () => {
	const lines = ['sku,name', 'A-1,Crème', 'A-2,日本 🧦', 'A-3,Brûlée', 'A-4,last'];

	/** The file as UTF-8 with the bytes `bad` put at the start of line `line`'s name. */
	function withBad(bad: number[], line: number) {
		const parts = lines.map((l, i) => {
			const bytes = Buffer.from(`${l}\r\n`);
			if (i + 1 !== line) return bytes;
			const comma = bytes.indexOf(0x2c) + 1;
			return Buffer.concat([bytes.subarray(0, comma), Buffer.from(bad), bytes.subarray(comma)]);
		});
		return Buffer.concat(parts);
	}

	it.each([
		['a lone continuation byte', [0x80], 2],
		['Windows-1252 é in UTF-8', [0xe9, 0x41], 3],
		['an overlong form', [0xc0, 0xaf], 4],
		['a surrogate in UTF-8', [0xed, 0xa0, 0x80], 5],
		['a lead byte no character starts with', [0xff], 1],
	])('%s: refused at its line, however the file is cut into chunks', async (_, bad, line) => {
		const file = withBad(bad, line);
		for (const size of [1, 2, 3, 5, 7, 64, file.length]) {
			const { records, error } = await readCsv(cut(file, size));
			expect([size, error?.message]).toEqual([
				size,
				`The file is refused at line ${line}: it holds bytes that are not UTF-8 text`,
			]);
			expect(error?.description).toMatch(/^Set File Options → Encoding to the file's encoding/);
			// The rows before the line were read.
			expect(records.length).toBe(line - 1);
		}
	});

	it('a character the file ends inside is refused at the last line', async () => {
		const file = Buffer.concat([Buffer.from('sku,name\nA-1,x'), Buffer.from('🧦').subarray(0, 2)]);
		const { error } = await readCsv(cut(file, 3));
		expect(error?.message).toBe(
			'The file is refused at line 2: it holds bytes that are not UTF-8 text',
		);
	});

	it('a line break inside a quoted cell counts: the line is the line of the file', async () => {
		const file = Buffer.concat([
			Buffer.from('sku,note\nA-1,"one\ntwo\nthree"\nA-2,'),
			Buffer.from([0xe9]),
			Buffer.from('\n'),
		]);
		const { error } = await readCsv(cut(file, 4));
		expect(error?.message).toBe(
			'The file is refused at line 5: it holds bytes that are not UTF-8 text',
		);
	});

	it('the same file read as Windows-1252 is read; U+FFFD written as UTF-8 is text, not bad bytes', async () => {
		const latin = Buffer.from('sku,name\nA-1,Cr\xe8me\n', 'latin1');
		const read = await readCsv(cut(latin, 3), { encoding: 'windows-1252' });
		expect(read.error).toBeUndefined();
		expect(read.records[1].cells).toEqual(['A-1', 'Crème']);
		const replacement = await readCsv(cut(Buffer.from('sku,name\nA-1,a\uFFFDb\n'), 2));
		expect(replacement.error).toBeUndefined();
		expect(replacement.records[1].cells).toEqual(['A-1', 'a\uFFFDb']);
	});

	it('UTF-16 by its mark: a lone surrogate and an odd last byte are refused at their line', async () => {
		const utf16 = (text: string) =>
			Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
		const lone = utf16('sku,name\r\nA-1,\ud83e\r\nA-2,x\r\n');
		expect((await readCsv(cut(lone, 3))).error?.message).toBe(
			'The file is refused at line 2: it holds bytes that are not UTF-16LE text',
		);
		const odd = Buffer.concat([utf16('sku,name\r\nA-1,x\r\nA-2,y'), Buffer.from([0x41])]);
		expect((await readCsv(cut(odd, 5))).error?.message).toBe(
			'The file is refused at line 3: it holds bytes that are not UTF-16LE text',
		);
	});

	it('an encoding that is not one is a parameter error', async () => {
		const { error } = await readCsv(cut(Buffer.from('sku\nA\n'), 4), { encoding: 'klingon' });
		expect(error?.message).toBe(
			'Parameter "File Options → Encoding": "klingon" is not a text encoding that can be read',
		);
	});
});

// ---- XLSX ----

/** A workbook written by SheetJS, its parts replaced by `parts` (path → content). */
function workbookWith(parts: Record<string, string | Buffer>, stored = false): Buffer {
	const book = XLSX.utils.book_new();
	XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['sku'], ['A-1']]), 'Products');
	const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true });
	const archive = XLSX.CFB.read(bytes, { type: 'buffer' });
	for (const [path, content] of Object.entries(parts)) {
		const entry = XLSX.CFB.find(archive, `/${path}`);
		if (entry) {
			entry.content = Buffer.from(content) as unknown as typeof entry.content;
			entry.size = Buffer.from(content).length;
		} else XLSX.CFB.utils.cfb_add(archive, `/${path}`, Buffer.from(content));
	}
	return XLSX.CFB.write(archive, {
		type: 'buffer',
		fileType: 'zip',
		compression: !stored,
	}) as Buffer;
}

/** The archive with the size its central directory states for `name` set to `size`. */
function statingSize(bytes: Buffer, name: string, size: number): Buffer {
	const out = Buffer.from(bytes);
	for (let at = out.length - 46; at >= 0; at--)
		if (out.readUInt32LE(at) === 0x02014b50) {
			const length = out.readUInt16LE(at + 28);
			if (out.toString('utf8', at + 46, at + 46 + length) === name) {
				out.writeUInt32LE(size, at + 24);
				return out;
			}
		}
	throw new Error(`no entry ${name}`);
}

async function readXlsx(bytes: Uint8Array) {
	const records: FileRecord[] = [];
	try {
		for await (const record of xlsxRecords(bytes)) records.push(record);
	} catch (error) {
		return { records, error: error as FileRefused };
	}
	return { records, error: undefined };
}

const sheet = (rows: string) =>
	`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;
const inline = (ref: string, text: string) =>
	`<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const SHEET = 'xl/worksheets/sheet1.xml';

describe('XLSX: bounds on what a sheet holds', () => {
	it('the workbook as written reads (the helper changes nothing by itself)', async () => {
		const bytes = workbookWith({
			[SHEET]: sheet(row(1, inline('A1', 'sku')) + row(2, inline('A2', 'X-1'))),
		});
		expect((await readXlsx(bytes)).records.map((r) => r.cells)).toEqual([['sku'], ['X-1']]);
	});

	it('a cell past its bound is refused at its row', async () => {
		const bytes = workbookWith({
			[SHEET]: sheet(
				row(1, inline('A1', 'sku')) +
					row(2, inline('A2', 'X-1')) +
					row(3, inline('A3', 'x'.repeat(FILE_BOUNDS.cell / 2)) + '') +
					row(
						4,
						`<c r="A4" t="inlineStr"><is><t>${'y'.repeat(FILE_BOUNDS.cell / 2)}</t><t>${'z'.repeat(FILE_BOUNDS.cell / 2 + 1)}</t></is></c>`,
					),
			),
		});
		const { records, error } = await readXlsx(bytes);
		expect(records).toHaveLength(3);
		expect(error?.message).toBe(
			'The file is refused at row 4 of the sheet "Products": a cell is longer than 1,048,576 characters',
		);
	});

	it('a tag longer than the bound is refused where it is', async () => {
		const bytes = workbookWith({
			[SHEET]: sheet(
				row(1, inline('A1', 'sku')) + `<row r="2" x="${'q'.repeat(FILE_BOUNDS.cell + 10)}">`,
			),
		});
		const { error } = await readXlsx(bytes);
		expect(error?.message).toBe(
			'The file is refused at the sheet "Products", after row 1: its XML holds a tag or a text longer than 1,048,576 characters',
		);
	});

	it('a cell past column XFD, and a row past its bound, are refused at their row', async () => {
		const far = workbookWith({
			[SHEET]: sheet(row(1, inline('A1', 'sku')) + row(2, inline('XFE2', 'x'))),
		});
		expect((await readXlsx(far)).error?.message).toBe(
			'The file is refused at row 2 of the sheet "Products": a cell is past the sheet\'s last column (XFD, 16,384 columns)',
		);
		const big = 'w'.repeat(FILE_BOUNDS.cell);
		const wide = workbookWith({
			[SHEET]: sheet(
				row(1, inline('A1', 'sku')) +
					row(7, ['A', 'B', 'C', 'D', 'E'].map((c) => inline(`${c}7`, big)).join('')),
			),
		});
		expect((await readXlsx(wide)).error?.message).toBe(
			'The file is refused at row 7 of the sheet "Products": a row is longer than 4,194,304 characters',
		);
	});
});

describe('XLSX: a ZIP entry inflates within its bound (a zip bomb)', () => {
	it('an entry that inflates past the size its directory states is refused, naming it', async () => {
		const rows = Array.from({ length: 2000 }, (_, i) =>
			row(i + 2, inline(`A${i + 2}`, `X-${i}`)),
		).join('');
		const honest = workbookWith({ [SHEET]: sheet(row(1, inline('A1', 'sku')) + rows) });
		expect((await readXlsx(honest)).records).toHaveLength(2001);
		for (const stored of [false, true]) {
			const bytes = workbookWith({ [SHEET]: sheet(row(1, inline('A1', 'sku')) + rows) }, stored);
			const { error } = await readXlsx(statingSize(bytes, SHEET, 5000));
			expect(error?.message).toBe(
				`The file is refused at the ZIP entry "${SHEET}": it inflates past the 5,000 bytes its directory states`,
			);
		}
	});

	it('an entry that inflates past 100 times its compressed size, past 16 MiB, is refused before it is read', async () => {
		const padding = ' '.repeat(FILE_BOUNDS.ratioFrom + 1024);
		const bytes = workbookWith({
			[SHEET]: sheet(row(1, inline('A1', 'sku')) + padding + row(2, inline('A2', 'X-1'))),
		});
		const { records, error } = await readXlsx(bytes);
		expect(records).toEqual([]);
		expect(error?.message).toBe(
			`The file is refused at the ZIP entry "${SHEET}": it inflates to more than 100 times its compressed size`,
		);
	});

	it('shared strings stated past their bound are refused before they are inflated', async () => {
		const bytes = statingSize(
			workbookWith({}),
			'xl/sharedStrings.xml',
			FILE_BOUNDS.sharedStrings + 1,
		);
		const { error } = await readXlsx(bytes);
		expect(error?.message).toBe(
			'The file is refused at the ZIP entry "xl/sharedStrings.xml": it inflates to 268,435,457 bytes, past the 268,435,456 bytes of shared strings a workbook is read with (save a larger one as CSV)',
		);
	});

	it('bytes that are not UTF-8 in a part are refused, naming it (never read as U+FFFD)', async () => {
		const strings = Buffer.concat([
			Buffer.from(
				'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>sku</t></si><si><t>Cr',
			),
			Buffer.from([0xe8]),
			Buffer.from('me</t></si></sst>'),
		]);
		const { error } = await readXlsx(workbookWith({ 'xl/sharedStrings.xml': strings }));
		expect(error?.message).toBe(
			'The file is refused at the ZIP entry "xl/sharedStrings.xml": it holds bytes that are not UTF-8 text',
		);
	});

	it('a damaged entry is refused, naming it', async () => {
		const bytes = Buffer.from(
			workbookWith({
				[SHEET]: sheet(row(1, inline('A1', 'sku')) + row(2, inline('A2', 'x'.repeat(5000)))),
			}),
		);
		// The sheet's deflated content overwritten with bytes deflate cannot read.
		const name = Buffer.from(SHEET);
		const local = bytes.indexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04])]), 0);
		let at = local;
		while (at >= 0 && bytes.toString('utf8', at + 30, at + 30 + name.length) !== SHEET)
			at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at + 4);
		const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
		bytes.fill(0xff, start, start + 16);
		const { error } = await readXlsx(bytes);
		expect(error?.message).toBe(
			`The file is refused at the ZIP entry "${SHEET}": the entry is damaged (its content cannot be inflated)`,
		);
	});
});
