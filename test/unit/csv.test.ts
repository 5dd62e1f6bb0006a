/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * The streaming CSV reader of the catalogue file (#44), against a well-known parser (csv-parse):
 * random files with every hard case (quotes, doubled quotes, delimiters and line breaks inside
 * cells, CR/LF/CRLF, multi-byte characters), fed in random chunks that cut characters and line
 * ends apart; the exports the project ships; byte order marks, UTF-16, Latin-1/Windows-1252 and
 * the delimiter found in the header line; each record's count of cells and the lines a quoted cell
 * of it runs over (what Import File checks a row's shape by).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';

import { csvRecords, delimiterOf, type FileRecord } from '../../nodes/Pim/shared/file/csv';

/** A deterministic random source (mulberry32), so a failure can be replayed by its seed. */
function random(seed: number) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** `bytes` as chunks cut at random places (through characters and line ends). */
async function* chunked(bytes: Uint8Array, r: () => number): AsyncGenerator<Uint8Array> {
	for (let at = 0; at < bytes.length; ) {
		const size = 1 + Math.floor(r() * (r() < 0.2 ? 3 : 64));
		yield bytes.subarray(at, at + size);
		at += size;
	}
}

async function read(bytes: Uint8Array, options = {}, r = random(1)): Promise<FileRecord[]> {
	const out: FileRecord[] = [];
	for await (const record of csvRecords(chunked(bytes, r), options)) out.push(record);
	return out;
}

const PIECES = [
	'a',
	'Z',
	'0',
	' ',
	'é',
	'日本',
	'🧦',
	',',
	';',
	'\t',
	'|',
	'"',
	'\n',
	'\r\n',
	'\r',
];

/** A random file: its text, its delimiter, and each record's first line. */
function randomCsv(r: () => number) {
	const delimiter = [',', ';', '\t', '|'][Math.floor(r() * 4)];
	const eol = ['\n', '\r\n', '\r'][Math.floor(r() * 3)];
	const rows: string[][] = [];
	const lines: number[] = [];
	let text = '';
	let line = 1;
	const records = 1 + Math.floor(r() * 30);
	for (let k = 0; k < records; k++) {
		const cells = Array.from({ length: 1 + Math.floor(r() * 6) }, () =>
			Array.from(
				{ length: Math.floor(r() * 6) },
				() => PIECES[Math.floor(r() * PIECES.length)],
			).join(''),
		);
		// A record of one empty cell is an empty line, which no reader gives as a record.
		if (cells.length === 1 && cells[0] === '') cells[0] = 'x';
		const written = cells.map((cell) =>
			/[",;\t|\r\n]/.test(cell) || r() < 0.2 ? `"${cell.replace(/"/g, '""')}"` : cell,
		);
		rows.push(cells);
		lines.push(line);
		const recordText = written.join(delimiter);
		line += (recordText.match(/\r\n|\r|\n/g) ?? []).length + 1;
		text += recordText + (k < records - 1 || r() < 0.7 ? eol : '');
	}
	return { text, delimiter, rows, lines };
}

describe('random files, random chunks: the same records as csv-parse', () => {
	it.each(Array.from({ length: 300 }, (_, seed) => seed))('seed %i', async (seed) => {
		const r = random(seed);
		const { text, delimiter, rows, lines } = randomCsv(r);
		const expected = parse(text, {
			delimiter,
			relax_column_count: true,
			skip_empty_lines: true,
		}) as string[][];
		const records = await read(new TextEncoder().encode(text), { delimiter }, r);
		expect(records.map((x) => x.cells)).toEqual(expected);
		expect(records.map((x) => x.cells)).toEqual(rows);
		expect(records.map((x) => x.line)).toEqual(lines);
	});
});

describe('the exports the project ships', () => {
	const data = path.join(__dirname, '..', '..', 'examples', 'data');
	it.each(fs.readdirSync(data).filter((f) => f.endsWith('.csv')))('%s', async (file) => {
		const bytes = fs.readFileSync(path.join(data, file));
		const records = await read(bytes);
		const delimiter = file.startsWith('akeneo') ? ';' : ',';
		const expected = parse(bytes.toString('utf8'), {
			delimiter,
			relax_column_count: true,
			skip_empty_lines: true,
			bom: true,
		}) as string[][];
		expect(records.map((x) => x.cells)).toEqual(expected);
		expect(records.length).toBeGreaterThan(5);
	});
});

describe('encodings and byte order marks', () => {
	const text = 'sku;name\nA1;Crème brûlée € 5\n';
	const cells = [
		['sku', 'name'],
		['A1', 'Crème brûlée € 5'],
	];
	const utf16 = (be: boolean) => {
		const units = Buffer.from(text, 'utf16le');
		if (be)
			for (let i = 0; i < units.length; i += 2) [units[i], units[i + 1]] = [units[i + 1], units[i]];
		return Buffer.concat([Buffer.from(be ? [0xfe, 0xff] : [0xff, 0xfe]), units]);
	};
	it.each([
		[
			'UTF-8 with a byte order mark',
			Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
			{},
		],
		['UTF-16 LE (mark)', utf16(false), {}],
		['UTF-16 BE (mark)', utf16(true), {}],
		[
			'Windows-1252 by name',
			Buffer.from([
				...Buffer.from('sku;name\nA1;Cr'),
				0xe8,
				...Buffer.from('me br'),
				0xfb,
				...Buffer.from('l'),
				0xe9,
				0x65,
				...Buffer.from(' '),
				0x80,
				...Buffer.from(' 5\n'),
			]),
			{ encoding: 'windows-1252' },
		],
	])('%s', async (_, bytes, options) => {
		for (const seed of [1, 2, 3])
			expect((await read(bytes, options, random(seed))).map((x) => x.cells)).toEqual(cells);
	});

	it('a mark wins over the encoding given', async () => {
		const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
		expect((await read(bytes, { encoding: 'windows-1252' })).map((x) => x.cells)).toEqual(cells);
	});
});

describe('the delimiter, found in the header line', () => {
	it.each([
		['sku,name,price', ','],
		['sku;name;"a,b";price', ';'],
		['sku\tname\tprice', '\t'],
		['sku|name|price', '|'],
		['"Name, full";"Price; EUR"', ';'],
		['sku', ','],
	])('%j → %j', async (header, delimiter) => {
		expect(delimiterOf(header)).toBe(delimiter);
		const records = await read(new TextEncoder().encode(`${header}\r\nx${delimiter}y\r\n`));
		expect(records[1].cells).toEqual(['x', 'y']);
	});
});

describe('sloppy files', () => {
	it('a quote inside an unquoted cell and text after a closing quote are kept as text', async () => {
		const records = await read(new TextEncoder().encode('a,b\n12" screen,"x"y\n'));
		expect(records.map((x) => x.cells)).toEqual([
			['a', 'b'],
			['12" screen', 'xy'],
		]);
	});

	it('a last line without its line end, empty lines, CR-only files', async () => {
		const records = await read(new TextEncoder().encode('a,b\r\r1,2\r\r3,"x\ry"'));
		expect(records.map((x) => [x.line, x.cells])).toEqual([
			[1, ['a', 'b']],
			[3, ['1', '2']],
			[5, ['3', 'x\ry']],
		]);
	});

	it('an empty file has no record; a header alone is one', async () => {
		expect(await read(new Uint8Array(0))).toEqual([]);
		expect(await read(new TextEncoder().encode('sku'))).toEqual([{ line: 1, cells: ['sku'] }]);
	});
});

describe("a record's cells as the file wrote them: what Import File checks a row's shape by", () => {
	it('a row cut short or with a cell too many keeps its own count of cells', async () => {
		const records = await read(new TextEncoder().encode('a,b,c\n1,2\n1,2,3,4\n1,,\n,,,\n'));
		expect(records.map((x) => [x.line, x.cells.length])).toEqual([
			[1, 3],
			[2, 2],
			[3, 4],
			[4, 3],
			[5, 4],
		]);
		expect(records.some((x) => x.quote)).toBe(false);
	});

	it('a quoted cell on one line, or text after its closing quote there, says nothing of quotes', async () => {
		const records = await read(new TextEncoder().encode('a,b\n1,"x, y"\n2,"x"y\n3,"a ""b"""\n'));
		expect(records.map((x) => x.cells.length)).toEqual([2, 2, 2, 2]);
		expect(records.some((x) => x.quote)).toBe(false);
	});

	it('a quoted cell holding line breaks says the lines its quote opens and closes on', async () => {
		const records = await read(new TextEncoder().encode('a,b\r\n1,"x\r\ny\r\nz"\r\n2,w\r\n'));
		expect(records).toEqual([
			{ line: 1, cells: ['a', 'b'] },
			{ line: 2, cells: ['1', 'x\r\ny\r\nz'], quote: { opens: 2, closes: 4, textAfter: false } },
			{ line: 5, cells: ['2', 'w'] },
		]);
	});

	it('a quote left open takes in the lines after it up to the next quote: the record says where, and that text follows that quote', async () => {
		const text = 'sku,name,price\nQ-1,"Tee, blue,5\nQ-2,Mug,3\nQ-3,"Cap",4\nQ-4,Hat,2\n';
		for (let seed = 0; seed < 20; seed++) {
			const records = await read(new TextEncoder().encode(text), {}, random(seed));
			expect(records.map((x) => [x.line, x.cells.length, x.quote])).toEqual([
				[1, 3, undefined],
				[2, 3, { opens: 2, closes: 4, textAfter: true }],
				[5, 3, undefined],
			]);
		}
	});

	it('of several quoted cells holding line breaks, the one with text after its closing quote is said', async () => {
		const records = await read(new TextEncoder().encode('a,b,c\n1,"x\ny","p\nq"r\n'));
		expect(records[1].quote).toEqual({ opens: 3, closes: 4, textAfter: true });
	});
});
