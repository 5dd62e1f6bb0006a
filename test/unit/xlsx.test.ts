/**
 * The XLSX reader of the catalogue file (#44), on workbooks written by a standard library
 * (SheetJS, `xlsx` on npm), never by our own code: shared and inline strings, deflated and
 * stored entries, numbers, yes/no cells, dates, empty cells, several sheets, a big sheet.
 */
import * as XLSX from 'xlsx';

import { xlsxRecords } from '../../nodes/Pim/shared/file/xlsx';
import { isZip } from '../../nodes/Pim/shared/file/zip';

type Cell = string | number | boolean | Date | null;

function workbook(
	sheets: Record<string, Cell[][]>,
	{ sst = true, compression = true } = {},
): Uint8Array {
	const book = XLSX.utils.book_new();
	for (const [name, rows] of Object.entries(sheets))
		XLSX.utils.book_append_sheet(
			book,
			XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dateNF: 'yyyy-mm-dd' }),
			name,
		);
	return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: sst, compression });
}

async function read(bytes: Uint8Array, sheet?: string) {
	const out: Array<{ line: number; cells: string[] }> = [];
	for await (const record of xlsxRecords(bytes, { sheet })) out.push(record);
	return out;
}

const rows: Cell[][] = [
	['sku', 'name', 'price', 'active', 'release', 'note'],
	['TEE-1', 'Tee & "Co" <blue>', 24.9, true, new Date(Date.UTC(2024, 2, 15)), 'Zeile 1\nZeile 2'],
	['TEE-2', 'Crème brûlée 🧦', 4006381333901, false, null, ''],
	['TEE-3', null, 0.5, null, null, 'last'],
];
const expected = [
	{ line: 1, cells: ['sku', 'name', 'price', 'active', 'release', 'note'] },
	{
		line: 2,
		cells: ['TEE-1', 'Tee & "Co" <blue>', '24.9', 'TRUE', '2024-03-15', 'Zeile 1\nZeile 2'],
	},
	{ line: 3, cells: ['TEE-2', 'Crème brûlée 🧦', '4006381333901', 'FALSE'] },
	{ line: 4, cells: ['TEE-3', '', '0.5', '', '', 'last'] },
];

describe('a workbook written by SheetJS', () => {
	it.each([
		['shared strings, deflated', { sst: true, compression: true }],
		['inline strings, deflated', { sst: false, compression: true }],
		['shared strings, stored', { sst: true, compression: false }],
	])('%s: every cell as a user sees it', async (_, how) => {
		const bytes = workbook({ Products: rows }, how);
		expect(isZip(bytes)).toBe(true);
		expect(await read(bytes)).toEqual(expected);
	});

	it('the first sheet, or one named (any case); an unknown name lists the sheets', async () => {
		const bytes = workbook({
			Products: rows,
			Prices: [
				['sku', 'price'],
				['TEE-1', 19.99],
			],
		});
		expect((await read(bytes))[1].cells[0]).toBe('TEE-1');
		expect(await read(bytes, ' prices ')).toEqual([
			{ line: 1, cells: ['sku', 'price'] },
			{ line: 2, cells: ['TEE-1', '19.99'] },
		]);
		await expect(read(bytes, 'Stock')).rejects.toMatchObject({
			message: 'The workbook has no sheet "Stock"',
			description: 'Its sheets: Products, Prices.',
		});
	});

	it('a sheet of 20 000 rows is read whole, in order, with its row numbers', async () => {
		const big: Cell[][] = [['sku', 'name', 'price']];
		for (let i = 1; i <= 20000; i++)
			big.push([`SKU-${i}`, `Product ${i} ${'x'.repeat(i % 7)}`, i / 4]);
		const records = await read(workbook({ Big: big }));
		expect(records).toHaveLength(20001);
		expect(records[20000]).toEqual({
			line: 20001,
			cells: ['SKU-20000', 'Product 20000 x', '5000'],
		});
		expect(records.every((r, i) => r.line === i + 1)).toBe(true);
	});

	it('a file that is no workbook says so', async () => {
		expect(isZip(new TextEncoder().encode('sku,name\n'))).toBe(false);
		await expect(read(new TextEncoder().encode('PK\u0003\u0004 not really'))).rejects.toMatchObject(
			{
				message: 'The file is refused: it is not a readable ZIP archive (no central directory)',
			},
		);
	});
});
