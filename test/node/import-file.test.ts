/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Product → Import File (#44), version 2 against the sandbox: a catalogue file in one item's
 * binary data (CSV as exports write it, XLSX written by SheetJS) goes through the product write
 * every item takes, against the account's catalogue: the summary counts what happened, a second
 * run writes nothing, bad rows stop the import (or are skipped and listed by line), a dry run
 * writes nothing, Shopify's rows group by their Handle.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeParameters, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import * as XLSX from 'xlsx';

import { nodeTypes, PIM_TYPE, pimNode, runPim } from '../../harness/in-process';
import { fileItem } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const description = (nodeTypes.getByName(PIM_TYPE) as INodeType).description;
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');
const product = (sku: string) => env.sb.account('demo').productBySku(sku);
const data = (file: string) =>
	fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', file));

const importFile = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'product',
	operation: 'importFile',
	binaryPropertyName: 'data',
	skuColumn: 'SKU',
	familyColumn: 'Family',
	familyCode: 'Clothing',
	languageCode: 'en_US',
	channels: { channel: [{ code: 'web', status: false }] },
	channelStatusColumn: 'Active',
	categoryColumn: 'Category',
	imageColumns: 'Image',
	...extra,
});

/** A CSV file of these lines. */
const csvOf = (...lines: string[]) => Buffer.from(lines.join('\n'));

/** Shopify's columns: a group of rows per Handle, the SKU in Variant SKU, images in Image Src. */
const SHOPIFY_COLUMNS: INodeParameters = {
	skuColumn: 'Variant SKU',
	familyColumn: '',
	channelStatusColumn: '',
	categoryColumn: '',
	imageColumns: 'Image Src',
	importOptions: { groupBy: 'Handle' },
};

async function run(input: IDataObject[], extra: INodeParameters = {}) {
	const { items, error } = await runPim(env.creds(), importFile(extra), { input, version: 2 });
	return { out: items.map((i) => i.json), error };
}

beforeEach(() => env.sb.clearLog());

describe('a CSV export, twice', () => {
	const csv = data('nightly-catalogue.csv');
	const rows = csv.toString('utf8').trim().split('\n').length - 1;

	it('the first run creates every row; the second writes nothing', async () => {
		const first = await run([fileItem(csv, 'nightly-catalogue.csv')]);
		expect(first.error).toBeUndefined();
		expect(first.out).toHaveLength(1);
		expect(first.out[0]).toMatchObject({
			rows,
			created: rows,
			updated: 0,
			unchanged: 0,
			failed: 0,
			problems: [],
		});
		expect(writes()).toHaveLength(rows);
		const p = product('NIGHT-002')!;
		expect(p.familyCode).toBe('clothing');
		expect(p.values).toMatchObject({ name: 'Nightly product 2', price: '11.95 USD' });
		expect(p.multiSelect.color).toEqual(['White', 'Navy']);
		expect(p.images).toEqual(['https://cdn.example.com/nightly/night-002.jpg']);
		expect(p.channels).toEqual([expect.objectContaining({ code: 'web', status: 1 })]);
		// The columns the parameters read are no unmapped columns.
		expect(first.out[0].unmappedColumns).toBeUndefined();

		env.sb.clearLog();
		const second = await run([fileItem(csv, 'nightly-catalogue.csv')]);
		expect(second.out[0]).toMatchObject({
			rows,
			created: 0,
			updated: 0,
			unchanged: rows,
			failed: 0,
		});
		expect(writes()).toEqual([]);
	});

	it('an edited row is the only write; a dry run writes nothing and counts it', async () => {
		const edited = Buffer.from(
			csv.toString('utf8').replace('Nightly product 3,', 'Nightly product three,'),
		);
		const dry = await run([fileItem(edited, 'n.csv')], { upsertOptions: { dryRun: true } });
		expect(dry.out[0]).toMatchObject({ updated: 1, created: 0, unchanged: rows - 1, dryRun: true });
		expect(writes()).toEqual([]);
		const wet = await run([fileItem(edited, 'n.csv')]);
		expect(wet.out[0]).toMatchObject({ updated: 1, unchanged: rows - 1 });
		expect(writes().map((w) => (w.body as IDataObject).sku)).toEqual(['NIGHT-003']);
		expect(product('NIGHT-003')!.values.name).toBe('Nightly product three');
	});
});

describe('the report file and the changed rows', () => {
	const csv = data('nightly-catalogue.csv');
	const rows = csv.toString('utf8').trim().split('\n').length - 1;
	const reportOf = (item: { binary?: IDataObject }) => {
		const report = item.binary?.report as IDataObject | undefined;
		return {
			fileName: report?.fileName,
			mimeType: report?.mimeType,
			lines: Buffer.from(String(report?.data ?? ''), 'base64')
				.toString('utf8')
				.trim()
				.split('\r\n'),
		};
	};

	it('an update is reported with the fields it changed, by line; Output Changed Rows adds its item', async () => {
		// The catalogue as the file has it, then two rows edited: a name, a price and a name.
		await runPim(env.creds(), importFile(), {
			input: [fileItem(csv, 'nightly-catalogue.csv')],
			version: 2,
		});
		const edited = Buffer.from(
			csv
				.toString('utf8')
				.replace('Nightly product 5,', 'Nightly product five,')
				.replace('Nightly product 7,', 'Nightly product seven,'),
		);
		env.sb.clearLog();
		const { items, error } = await runPim(
			env.creds(),
			importFile({ fileOptions: { outputRows: true } }),
			{ input: [fileItem(edited, 'nightly-catalogue.csv')], version: 2 },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ rows, updated: 2, unchanged: rows - 2 });
		const report = reportOf(items[0] as { binary?: IDataObject });
		expect(report.fileName).toBe('nightly-catalogue-report.csv');
		expect(report.mimeType).toBe('text/csv');
		expect(report.lines).toEqual([
			'line,sku,operation,changed,error,warnings',
			'6,NIGHT-005,updated,name,,',
			'8,NIGHT-007,updated,name,,',
		]);
		expect(items.slice(1).map((i) => i.json)).toEqual([
			{ line: 6, sku: 'NIGHT-005', operation: 'updated', changed: ['name'] },
			{ line: 8, sku: 'NIGHT-007', operation: 'updated', changed: ['name'] },
		]);
		expect(writes().map((w) => (w.body as IDataObject).sku)).toEqual(['NIGHT-005', 'NIGHT-007']);
	});

	it('Report File: Every Row lists the unchanged rows too; None attaches no file', async () => {
		const every = await runPim(env.creds(), importFile({ fileOptions: { report: 'all' } }), {
			input: [fileItem(csv, 'nightly-catalogue.csv')],
			version: 2,
		});
		const lines = reportOf(every.items[0] as { binary?: IDataObject }).lines;
		expect(lines).toHaveLength(rows + 1);
		expect(lines[1]).toBe('2,NIGHT-001,unchanged,,,');
		expect(every.items).toHaveLength(1);
		const none = await runPim(env.creds(), importFile({ fileOptions: { report: 'none' } }), {
			input: [fileItem(csv, 'nightly-catalogue.csv')],
			version: 2,
		});
		expect(none.items[0].binary).toBeUndefined();
	});
});

describe('the catalogue keeps the fields the file compares', () => {
	const productReads = () =>
		env.sb.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product');
	// "Weight (kg)" names no attribute as it is (a convention reads it): empty in the first
	// window, given on line 26 only.
	const file = (weight: string) =>
		Buffer.from(
			[
				'SKU,Family,Name,Weight (kg)',
				...Array.from(
					{ length: 30 },
					(_, i) => `FIELDS-${i + 1},Clothing,Fields ${i + 1},${i === 24 ? weight : ''}`,
				),
			].join('\n'),
		);
	const options = (onBadRows: string) => ({
		categoryColumn: '',
		imageColumns: '',
		channelStatusColumn: '',
		fileOptions: { onBadRows },
	});

	it('Stop reads every row first: the weight is compared from the catalogue, no product read', async () => {
		const first = await run([fileItem(file('0.5'), 'fields.csv')], options('stop'));
		expect(first.out[0]).toMatchObject({ rows: 30, created: 30, failed: 0 });
		expect(product('FIELDS-25')!.values.weight).toBe('0.5 Kilogram');

		env.sb.clearLog();
		const again = await run([fileItem(file('0.5'), 'fields.csv')], options('stop'));
		expect(again.out[0]).toMatchObject({ rows: 30, created: 0, updated: 0, unchanged: 30 });
		expect(writes()).toEqual([]);
		// The catalogue's pages only: no look-up of one product by its SKU.
		expect(productReads().filter((r) => r.query['filter[sku]'] !== undefined)).toEqual([]);
	});

	it('Skip reads the first window only: the row asking about another field has its product read', async () => {
		const same = await run([fileItem(file('0.5'), 'fields.csv')], options('skip'));
		expect(same.out[0]).toMatchObject({ rows: 30, updated: 0, unchanged: 30 });
		expect(writes()).toEqual([]);
		expect(productReads().filter((r) => r.query['filter[sku]'] !== undefined)).toEqual([
			expect.objectContaining({ query: expect.objectContaining({ 'filter[sku]': 'FIELDS-25' }) }),
		]);

		env.sb.clearLog();
		const changed = await run([fileItem(file('0.7'), 'fields.csv')], options('skip'));
		expect(changed.out[0]).toMatchObject({ rows: 30, updated: 1, unchanged: 29 });
		expect(writes()).toHaveLength(1);
		expect(product('FIELDS-25')!.values.weight).toBe('0.7 Kilogram');
	});
});

describe('bad rows', () => {
	const file = Buffer.from(
		[
			'SKU,Family,Category,Name,Active',
			'BAD-1,Clothing,Clothing > Shirts > T-Shirts,Good one,yes',
			'BAD-2,Clothing,Clothing > Socks,Unknown category,yes',
			'BAD-3,Clothing,,Maybe active,maybe',
			'BAD-4,Clothing,,Good two,no',
		].join('\r\n'),
	);

	it('Stop: nothing is written, the error names every bad row by line and SKU', async () => {
		const { error } = await run([fileItem(file, 'bad.csv')], { imageColumns: '' });
		expect(error?.message).toBe('Nothing was written: 2 of 4 rows of the file have a problem');
		expect(error?.description).toMatch(
			/^line 3 \(SKU BAD-2\): Parameter "Categories": "Clothing > Socks" is neither/,
		);
		expect(error?.description).toContain(
			'| line 4 (SKU BAD-3): Parameter "Channels → Active" holds "maybe"',
		);
		expect(writes()).toEqual([]);
	});

	it('Stop: rows with one problem are named together, as a run of items names its items (one rule)', async () => {
		const same = csvOf(
			'SKU,Family,Category,Name,Active',
			'SAME-1,Clothing,Clothing > Socks,One,yes',
			'SAME-2,Clothing,,Good,yes',
			'SAME-3,Clothing,Clothing > Socks,Two,yes',
		);
		const { error } = await run([fileItem(same, 'same.csv')], { imageColumns: '' });
		expect(error?.message).toBe('Nothing was written: 2 of 3 rows of the file have a problem');
		expect(error?.description).toMatch(
			/^lines 2 \(SKU SAME-1\), 4 \(SKU SAME-3\): Parameter "Categories": "Clothing > Socks" is neither/,
		);
		expect(error?.description).not.toContain('|');
		expect(writes()).toEqual([]);
	});

	it('Skip: the good rows are written, the bad ones counted and listed; the failed rows lead the notice, the first field', async () => {
		const { out, error } = await run([fileItem(file, 'bad.csv')], {
			imageColumns: '',
			fileOptions: { onBadRows: 'skip' },
		});
		expect(error).toBeUndefined();
		expect(out[0]).toMatchObject({ rows: 4, created: 2, failed: 2 });
		expect(out[0].notice).toMatch(/^2 rows failed \(see problems\) · 4 rows/);
		expect(Object.keys(out[0])[0]).toBe('notice');
		expect((out[0].problems as IDataObject[]).map((p) => [p.line, p.sku])).toEqual([
			[3, 'BAD-2'],
			[4, 'BAD-3'],
		]);
		expect(product('BAD-4')!.channels).toEqual([
			expect.objectContaining({ code: 'web', status: 0 }),
		]);
	});

	it('Skip, run again: the report file lists each failed row with its error (the good rows are unchanged now)', async () => {
		const { items } = await runPim(
			env.creds(),
			importFile({ imageColumns: '', fileOptions: { onBadRows: 'skip' } }),
			{ input: [fileItem(file, 'bad.csv')], version: 2 },
		);
		expect(items[0].json).toMatchObject({ rows: 4, unchanged: 2, failed: 2 });
		const report = items[0].binary?.report as IDataObject;
		const lines = Buffer.from(String(report.data), 'base64').toString('utf8').split('\r\n');
		expect(lines).toHaveLength(4);
		expect(lines[0]).toBe('line,sku,operation,changed,error,warnings');
		expect(lines[1]).toMatch(
			/^3,BAD-2,failed,,"Parameter ""Categories"": ""Clothing > Socks"" is neither/,
		);
		expect(lines[2]).toMatch(/^4,BAD-3,failed,,"Parameter ""Channels → Active"" holds ""maybe""/);
		expect(lines[3]).toBe('');
	});

	it('Skip with Bad Rows File: the bad rows come back as a file of their own, which lands once corrected', async () => {
		const options = { imageColumns: '', fileOptions: { onBadRows: 'skip', badRowsFile: true } };
		const { items } = await runPim(env.creds(), importFile(options), {
			input: [fileItem(file, 'bad.csv')],
			version: 2,
		});
		const bad = items[0].binary?.badRows as IDataObject;
		expect([bad.fileName, bad.mimeType]).toEqual(['bad-bad-rows.csv', 'text/csv']);
		const text = Buffer.from(String(bad.data), 'base64').toString('utf8');
		expect(text).toBe(
			[
				'SKU,Family,Category,Name,Active',
				// The package's one CSV rule: a value holding whitespace is quoted.
				'BAD-2,Clothing,"Clothing > Socks","Unknown category",yes',
				'BAD-3,Clothing,,"Maybe active",maybe',
				'',
			].join('\r\n'),
		);
		const corrected = Buffer.from(
			text.replace('Clothing > Socks', 'Clothing > Shirts > T-Shirts').replace('maybe', 'yes'),
		);
		const again = await runPim(env.creds(), importFile(options), {
			input: [fileItem(corrected, 'bad-bad-rows.csv')],
			version: 2,
		});
		expect(again.items[0].json).toMatchObject({ rows: 2, created: 2, failed: 0 });
		expect(again.items[0].binary?.badRows).toBeUndefined();
		expect(product('BAD-3')!.channels).toEqual([
			expect.objectContaining({ code: 'web', status: 1 }),
		]);
		// Not asked for (the default): no file.
		const off = await runPim(
			env.creds(),
			importFile({ imageColumns: '', fileOptions: { onBadRows: 'skip' } }),
			{ input: [fileItem(file, 'bad.csv')], version: 2 },
		);
		expect(off.items[0].json).toMatchObject({ failed: 2 });
		expect(off.items[0].binary?.badRows).toBeUndefined();
	});

	it('a column the parameters name that the file lacks is an error naming it', async () => {
		const { error } = await run([fileItem(file, 'bad.csv')], { imageColumns: 'Picture' });
		expect(error?.message).toBe('Parameter "Image Columns": the file has no column "Picture"');
		expect(error?.description).toBe('Its columns: SKU, Family, Category, Name, Active.');
	});
});

describe("a row's shape: its values go under the header's columns by their place", () => {
	// The header's 7 columns; the parameters read SKU, Family, Category, Active and Image.
	const header = 'SKU,Family,Name,Category,Active,Image,Color';
	const good = (n: number) =>
		`SHAPE-${n},Clothing,Shape ${n},Clothing > Shirts > T-Shirts,yes,https://cdn.example.com/shape-${n}.jpg,White`;
	const csv = (...lines: string[]) => Buffer.from([header, ...lines].join('\r\n'));
	const skip = { fileOptions: { onBadRows: 'skip' } };

	it('a row cut short is a bad row (never a product without its category, image and colour): Stop writes nothing and names it', async () => {
		const file = csv(good(1), 'SHAPE-2,Clothing,Cut short', good(3));
		const stop = await run([fileItem(file, 'short.csv')]);
		expect(stop.error?.message).toBe('Nothing was written: 1 of 3 rows of the file have a problem');
		expect(stop.error?.description).toMatch(
			/^line 3 \(SKU SHAPE-2\): The row has 3 cells, the header 7: which column each value belongs to cannot be told\./,
		);
		expect(writes()).toEqual([]);

		const skipped = await run([fileItem(file, 'short.csv')], skip);
		expect(skipped.error).toBeUndefined();
		expect(skipped.out[0]).toMatchObject({ rows: 3, created: 2, failed: 1 });
		expect(skipped.out[0].problems).toEqual([
			{
				line: 3,
				sku: 'SHAPE-2',
				error: expect.stringMatching(/^The row has 3 cells, the header 7/),
			},
		]);
		expect(product('SHAPE-2')).toBeUndefined();
		expect(product('SHAPE-3')!.images).toEqual(['https://cdn.example.com/shape-3.jpg']);
	});

	it('a row with a cell too many (a comma unquoted in its name) is named by its shape, never by a shifted value', async () => {
		const file = csv(
			good(11),
			'SHAPE-12,Clothing,Tee, blue,Clothing > Shirts > T-Shirts,yes,https://cdn.example.com/shape-12.jpg,White',
		);
		const stop = await run([fileItem(file, 'long.csv')]);
		expect(stop.error?.message).toBe('Nothing was written: 1 of 2 rows of the file have a problem');
		expect(stop.error?.description).toMatch(
			/^line 3 \(SKU SHAPE-12\): The row has 8 cells, the header 7: a value holding the delimiter is not quoted/,
		);
		// Its Category cell, read one place off, would be " blue": no map is blamed.
		expect(stop.error?.description).not.toMatch(/Categor|Map/);
		expect(writes()).toEqual([]);

		const skipped = await run([fileItem(file, 'long.csv')], skip);
		expect(skipped.out[0]).toMatchObject({ rows: 2, created: 1, failed: 1 });
		expect(product('SHAPE-12')).toBeUndefined();
	});

	it('a quote left open takes in the rows up to the next quote: the bad row names the line it opens on and the lines it took', async () => {
		// Line 3 opens a quote that line 5's quote closes: lines 3–5 read as one row of 7 cells.
		const file = csv(
			good(21),
			'SHAPE-22,Clothing,"Tee, blue,Clothing > Shirts > T-Shirts,yes,,White',
			good(23),
			'SHAPE-24,Clothing,"Quoted" tee,Clothing > Shirts > T-Shirts,yes,,White',
			good(25),
		);
		const stop = await run([fileItem(file, 'quote.csv')]);
		expect(stop.error?.message).toBe('Nothing was written: 1 of 3 rows of the file have a problem');
		expect(stop.error?.description).toMatch(
			/^line 3 \(SKU SHAPE-22\): The quote opened on line 3 closes on line 5 inside a cell: lines 3–5 were read as one row of 7 cells, the header 7\. Is the closing quote of the cell on line 3 missing\?/,
		);
		expect(writes()).toEqual([]);

		const skipped = await run([fileItem(file, 'quote.csv')], skip);
		expect(skipped.out[0]).toMatchObject({ rows: 3, created: 2, failed: 1 });
		expect((skipped.out[0].problems as IDataObject[]).map((p) => [p.line, p.sku])).toEqual([
			[3, 'SHAPE-22'],
		]);
		expect(product('SHAPE-22')).toBeUndefined();
		expect(product('SHAPE-25')).toBeDefined();
	});

	it('an XLSX row shorter than the header is whole (its empty last cells are left out by the format); one with a value past the header is a bad row', async () => {
		const book = XLSX.utils.book_new();
		const sheet = [
			['sku', 'name', 'color'],
			['SHEET-1', 'Short tee'],
			['SHEET-2', 'Long tee', 'White', 'no header'],
		];
		XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Products');
		const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
		const { out } = await run([fileItem(bytes, 'sheet.xlsx')], {
			skuColumn: 'sku',
			familyColumn: '',
			channelStatusColumn: '',
			categoryColumn: '',
			imageColumns: '',
			...skip,
		});
		expect(out[0]).toMatchObject({ rows: 2, created: 1, failed: 1 });
		expect(out[0].problems).toEqual([
			{
				line: 3,
				sku: 'SHEET-2',
				error: expect.stringMatching(
					/^The row has values past the header's 3 columns \(up to column D\): no header says what they are/,
				),
			},
		]);
		expect(product('SHEET-1')!.values.name).toBe('Short tee');
	});
});

describe('the form asks only what a column does not give, and says all it lacks at once', () => {
	it('every column the parameters name that the file lacks, in one error with its headers, before any request', async () => {
		const file = Buffer.from('SKU,Name\nFORM-1,First\n');
		const { error } = await run([fileItem(file, 'form.csv')], {
			channelStatusColumn: 'Enabled',
			imageColumns: 'Image, Picture',
			importOptions: { groupBy: 'Handle' },
		});
		expect(error?.message).toBe(
			'The file has no column for 6 parameters: "Family" (Family Column), "Enabled" (Channel Status Column), "Category" (Category Column), "Image" (Image Columns), "Picture" (Image Columns), "Handle" (Import Options → Group By)',
		);
		expect(error?.description).toBe('Its columns: SKU, Name.');
		expect(env.sb.log).toEqual([]);
	});

	it('with no Family Column either, Family is said in the same error', async () => {
		const file = Buffer.from('SKU,Name\nFORM-1,First\n');
		const { error } = await run([fileItem(file, 'form.csv')], {
			familyColumn: '',
			// An expression the editor cannot check: the run finds it empty.
			familyCode: '={{ "" }}',
			categoryColumn: '',
			imageColumns: '',
		});
		expect(error?.message).toBe(
			'Parameter "Channel Status Column": the file has no column "Active"',
		);
		expect(error?.description).toBe(
			'Its columns: SKU, Name. Parameter "Family" is required too: set a family for every row, or a Family Column naming each row\'s family.',
		);
		expect(env.sb.log).toEqual([]);
	});

	it('Family Column set, Family empty: the workflow has no issue, the rows import, a row with an empty family cell is a bad row', async () => {
		const file = Buffer.from(
			['SKU,Family,Name', 'FAM-1,Clothing,First', 'FAM-2,,No family', 'FAM-3,clothing,Third'].join(
				'\n',
			),
		);
		const params = {
			...importFile({ channelStatusColumn: '', categoryColumn: '', imageColumns: '' }),
		};
		delete params.familyCode;
		// n8n refuses to run a workflow whose node has issues (a required parameter empty).
		const skipped = await runPim(
			env.creds(),
			{ ...params, fileOptions: { onBadRows: 'skip' } },
			{ input: [fileItem(file, 'family.csv')], version: 2 },
		);
		expect(skipped.error).toBeUndefined();
		expect(skipped.items[0].json).toMatchObject({ rows: 3, created: 2, failed: 1 });
		expect(skipped.items[0].json.problems).toEqual([
			{
				line: 3,
				sku: 'FAM-2',
				error:
					'The row\'s "Family" cell (Family Column) is empty and Family is not set. Give the row its family, or set Family: the family of every row whose cell is empty.',
			},
		]);
		expect(product('FAM-3')!.familyCode).toBe('clothing');

		env.sb.clearLog();
		const stop = await runPim(env.creds(), params, {
			input: [fileItem(file, 'family.csv')],
			version: 2,
		});
		expect(stop.error?.message).toBe('Nothing was written: 1 of 3 rows of the file have a problem');
		expect(stop.error?.description).toMatch(/^line 3 \(SKU FAM-2\): The row's "Family" cell/);
		expect(writes()).toEqual([]);
	});

	it("the editor: Family is required unless Family Column is set (or an expression); Create's Family stays required", () => {
		// The node's parameters as n8n holds them: its defaults filled in.
		const node = (parameters: INodeParameters) => {
			const given = pimNode(
				{
					resource: 'product',
					languageCode: 'en_US',
					channels: { channel: [{ code: 'web' }] },
					...parameters,
				},
				{ typeVersion: 2 },
			);
			const resolved = NodeHelpers.getNodeParameters(
				description.properties,
				given.parameters,
				true,
				false,
				given,
				description,
			);
			return { ...given, parameters: resolved! };
		};
		const issues = (parameters: INodeParameters) => {
			const found = NodeHelpers.getNodeParametersIssues(
				description.properties,
				node(parameters),
				description,
			);
			return Object.keys(found?.parameters ?? {});
		};
		expect(issues({ operation: 'importFile', familyColumn: 'family' })).toEqual([]);
		expect(issues({ operation: 'importFile', familyColumn: '={{ "family" }}' })).toEqual([]);
		expect(issues({ operation: 'importFile', familyColumn: '' })).toEqual(['familyCode']);
		expect(issues({ operation: 'importFile' })).toEqual(['familyCode']);
		expect(issues({ operation: 'create', sku: 'X' })).toEqual(['familyCode']);
		expect(issues({ operation: 'upsert', sku: 'X' })).toEqual(['familyCode']);
		// Family's value is kept whichever definition shows.
		expect(
			node({ operation: 'importFile', familyColumn: 'family', familyCode: 'shoes' }).parameters,
		).toMatchObject({ familyCode: 'shoes' });
		expect(node({ operation: 'importFile', familyCode: 'shoes' }).parameters).toMatchObject({
			familyCode: 'shoes',
		});
	});
});

it("n8n's node creator finds Import File by import, file, CSV and XLSX (it searches the actions' texts)", () => {
	const picker = description.properties.find(
		(p) =>
			p.name === 'operation' &&
			(p.options as INodePropertyOptions[]).some((o) => o.value === 'importFile'),
	)!;
	const option = (picker.options as INodePropertyOptions[]).find((o) => o.value === 'importFile')!;
	expect(option.action).toBe('Import a catalogue file (CSV or XLSX)');
	for (const word of ['import', 'file', 'csv', 'xlsx'])
		expect(option.action!.toLowerCase()).toContain(word);
});

it('an XLSX written by SheetJS lands like its CSV', async () => {
	const sheet = [
		['sku', 'name', 'price', 'weight'],
		['XLSX-1', 'Sheet tee', '19.99 USD', '.5 Kilogram'],
		['XLSX-2', 'Sheet mug', '9.50 USD', ''],
	];
	const book = XLSX.utils.book_new();
	XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Products');
	const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer;
	const { out, error } = await run([fileItem(bytes, 'catalogue.xlsx')], {
		skuColumn: 'sku',
		familyColumn: '',
		channelStatusColumn: '',
		categoryColumn: '',
		imageColumns: '',
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 2, created: 2, failed: 0 });
	expect(product('XLSX-1')!.values).toMatchObject({
		name: 'Sheet tee',
		price: '19.99 USD',
		weight: '.5 Kilogram',
	});
});

it("Image Columns names a header holding commas (PrestaShop's `Image URLs (x,y,z...)`) whole, beside another", async () => {
	const file = csvOf(
		'SKU,Family,"Image URLs (x,y,z...)",Extra',
		'PS-1,Clothing,"https://cdn.example.com/ps-1a.jpg,https://cdn.example.com/ps-1b.jpg",https://cdn.example.com/ps-1c.jpg',
	);
	const { out, error } = await run([fileItem(file, 'prestashop.csv')], {
		categoryColumn: '',
		channelStatusColumn: '',
		imageColumns: 'Image URLs (x,y,z...), Extra',
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 1, created: 1, failed: 0 });
	expect(product('PS-1')!.images).toEqual([
		'https://cdn.example.com/ps-1a.jpg',
		'https://cdn.example.com/ps-1b.jpg',
		'https://cdn.example.com/ps-1c.jpg',
	]);
});

it('Map Automatically reads a header without its required mark or hint: `Name *` is Name', async () => {
	const file = csvOf('SKU,Family,Name *,Warranty (x years)', 'HINT-1,Clothing,Hinted Tee,2 years');
	const { out, error } = await run([fileItem(file, 'hints.csv')], {
		categoryColumn: '',
		channelStatusColumn: '',
		imageColumns: '',
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 1, created: 1, failed: 0 });
	expect(product('HINT-1')!.values.name).toBe('Hinted Tee');
	// `(x years)` is no hint (no =, comma, slash, … or date letters): the column is named.
	expect(Object.keys(out[0].unmappedColumns as IDataObject)).toEqual(['Warranty (x years)']);
});

it("Shopify's export: rows grouped by their Handle, one product per variant", async () => {
	const { out, error } = await run([fileItem(data('shopify-products.csv'), 'shopify.csv')], {
		skuColumn: 'Variant SKU',
		familyColumn: '',
		channelStatusColumn: 'Status',
		categoryColumn: '',
		imageColumns: 'Image Src',
		importOptions: { groupBy: 'Handle', currency: 'USD' },
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 12, created: 10, failed: 0 });
	const navy = product('NS-LINEN-M-NAVY')!;
	expect(navy.values).toMatchObject({
		name: 'Linen Shirt',
		price: '48.00 USD',
		weight: '255 Gram',
	});
	expect(navy.images[0]).toBe(
		'https://cdn.shopify.com/s/files/1/0600/example/products/linen-shirt-back.jpg',
	);
	expect(navy.images).toHaveLength(4);
	expect(product('NS-CHINO-32')!.channels).toEqual([expect.objectContaining({ status: 0 })]);
});

it("Group By, On Bad Rows → Skip: a bad row never takes its group's write; the next row of its SKU writes the product", async () => {
	const file = csvOf(
		'Handle,Variant SKU,Title,Category,Image Src',
		// An unknown category: this row is bad, its image goes nowhere.
		'reef,REEF-1,Reef,Clothing > Socks,https://cdn.example.com/reef-bad.jpg',
		'reef,REEF-1,Reef,Clothing > Shirts > T-Shirts,https://cdn.example.com/reef-1.jpg',
		'reef,,,,https://cdn.example.com/reef-2.jpg',
	);
	const { out, error } = await run([fileItem(file, 'reef.csv')], {
		...SHOPIFY_COLUMNS,
		categoryColumn: 'Category',
		fileOptions: { onBadRows: 'skip', outputRows: true },
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 3, created: 1, failed: 1 });
	expect(out[0].problems).toEqual([
		expect.objectContaining({
			line: 2,
			sku: 'REEF-1',
			error: expect.stringContaining('Clothing > Socks'),
		}),
	]);
	expect(writes()).toHaveLength(1);
	expect(product('REEF-1')!.images).toEqual([
		'https://cdn.example.com/reef-1.jpg',
		'https://cdn.example.com/reef-2.jpg',
	]);
});

it('Group By, On Bad Rows → Skip: the image rows of a group whose product rows are all bad are bad rows too (in the bad rows file with them)', async () => {
	const file = csvOf(
		'Handle,Variant SKU,Title,Image Src',
		// A relative image with no Image Base URL: the product row is bad.
		'tee,TEE-1,Tee,/img/tee-1.jpg',
		'tee,,,https://cdn.example.com/tee-2.jpg',
	);
	const { out, error } = await run([fileItem(file, 'tee.csv')], {
		...SHOPIFY_COLUMNS,
		fileOptions: { onBadRows: 'skip' },
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 2, created: 0, failed: 2 });
	expect(out[0].problems).toEqual([
		expect.objectContaining({ line: 2, sku: 'TEE-1' }),
		{
			line: 3,
			error: expect.stringMatching(
				/^The row has no SKU and every row of its group "tee" with one is a bad row: its images go to no product\./,
			),
		},
	]);
	expect(writes()).toEqual([]);
});

it('Group By: an image row whose group is not around it is a bad row, not images sent nowhere', async () => {
	const others = Array.from({ length: 25 }, (_, i) => `other-${i},APART-${i},Other ${i},`);
	const file = Buffer.from(
		[
			'Handle,Variant SKU,Title,Image Src',
			'shirt,APART-SHIRT,Shirt,https://cdn.example.com/shirt-1.jpg',
			...others,
			'shirt,,,https://cdn.example.com/shirt-2.jpg',
		].join('\n'),
	);
	const { out, error } = await run([fileItem(file, 'apart.csv')], {
		...SHOPIFY_COLUMNS,
		fileOptions: { onBadRows: 'skip' },
	});
	expect(error).toBeUndefined();
	expect(out[0]).toMatchObject({ rows: 27, created: 26, failed: 1 });
	expect(out[0].problems).toEqual([
		{
			line: 28,
			error: expect.stringMatching(
				/^The row has no SKU and no row of its group "shirt" read with it has one: its images go to no product\. Give one row of the group its product's SKU\. Import File reads a group from rows that follow each other/,
			),
		},
	]);
	expect(product('APART-SHIRT')!.images).toEqual(['https://cdn.example.com/shirt-1.jpg']);

	// On Bad Rows → Stop finds it before anything is written.
	env.sb.clearLog();
	const stop = await run([fileItem(file, 'apart.csv')], SHOPIFY_COLUMNS);
	expect(stop.error?.message).toBe('Nothing was written: 1 of 27 rows of the file have a problem');
	expect(stop.error?.description).toMatch(
		/^line 28: The row has no SKU and no row of its group "shirt"/,
	);
	expect(writes()).toEqual([]);
});

describe('a hostile file is refused, never followed', () => {
	const plain = {
		skuColumn: 'sku',
		familyColumn: '',
		channelStatusColumn: '',
		categoryColumn: '',
		imageColumns: '',
	};
	const unclosed = Buffer.from(
		['sku,name', 'HOST-1,First', 'HOST-2,Second', 'HOST-3,"Third', 'HOST-4,Fourth'].join('\r\n'),
	);

	it('a quote never closed, Stop: refused at its line before anything is written', async () => {
		const { error } = await run([fileItem(unclosed, 'host.csv')], plain);
		expect(error?.message).toBe(
			'The file is refused at line 4: a quoted cell opened there is never closed',
		);
		expect(error?.description).toMatch(
			/Quotes inside a quoted cell are doubled \(""\)\. Nothing was written\.$/,
		);
		expect(writes()).toEqual([]);
		expect(product('HOST-1')).toBeUndefined();
	});

	it('the same file, Skip: the rows before the refusal are written, and the error says so', async () => {
		const { error } = await run([fileItem(unclosed, 'host.csv')], {
			...plain,
			fileOptions: { onBadRows: 'skip' },
		});
		expect(error?.message).toBe(
			'The file is refused at line 4: a quoted cell opened there is never closed',
		);
		expect(error?.description).toMatch(
			/The rows before it were imported: 2 created, 0 updated, 0 unchanged, 0 failed\.$/,
		);
		expect(writes().map((w) => (w.body as IDataObject).sku)).toEqual(['HOST-1', 'HOST-2']);
		expect(product('HOST-3')).toBeUndefined();
	});

	it('a line of 24 MB: refused at its line, nothing written', async () => {
		const file = Buffer.concat([
			Buffer.from('sku,name\nLONG-1,fine\nLONG-2,'),
			Buffer.alloc(24 * 1024 * 1024, 'x'),
			Buffer.from('\n'),
		]);
		const { error } = await run([fileItem(file, 'long.csv')], plain);
		expect(error?.message).toBe(
			'The file is refused at line 3: a cell is longer than 1,048,576 characters',
		);
		expect(writes()).toEqual([]);
	});

	it('an export in Windows-1252 read as UTF-8 is refused at the line; read as Windows-1252 it lands', async () => {
		const file = Buffer.from('sku,name\nENC-1,Plain\nENC-2,Cr\xe8me br\xfbl\xe9e\n', 'latin1');
		const { error } = await run([fileItem(file, 'latin.csv')], plain);
		expect(error?.message).toBe(
			'The file is refused at line 3: it holds bytes that are not UTF-8 text',
		);
		expect(error?.description).toMatch(/^Set File Options → Encoding to the file's encoding/);
		expect(writes()).toEqual([]);
		const { out } = await run([fileItem(file, 'latin.csv')], {
			...plain,
			fileOptions: { encoding: 'windows-1252' },
		});
		expect(out[0]).toMatchObject({ rows: 2, created: 2, failed: 0 });
		expect(product('ENC-2')!.values).toMatchObject({ name: 'Crème brûlée' });
	});

	it('a product group past its bound (Group By) is refused at the line that passes it', async () => {
		const rows = Array.from({ length: 2_501 }, (_, i) => `same,GROUP-${i},Row ${i}`);
		const file = Buffer.from(['Handle,sku,name', ...rows].join('\n'));
		const { error } = await run([fileItem(file, 'group.csv')], {
			...plain,
			importOptions: { groupBy: 'Handle' },
		});
		expect(error?.message).toBe(
			'The file is refused at line 2502: the product group "same" has more than 2,500 rows',
		);
		expect(writes()).toEqual([]);
	});

	it('Skip with Group By: the product group the refusal cuts is left out whole', async () => {
		const file = Buffer.concat([
			Buffer.from(
				[
					'Handle,sku,name',
					'tee,CUT-TEE-S,Tee',
					'tee,CUT-TEE-M,',
					'mug,CUT-MUG-1,Mug',
					'mug,CUT-MUG-2,',
				].join('\n'),
			),
			Buffer.from('\nmug,CUT-MUG-3,Caf'),
			Buffer.from([0xe9]),
			Buffer.from('\n'),
		]);
		const { error } = await run([fileItem(file, 'cut.csv')], {
			...plain,
			importOptions: { groupBy: 'Handle' },
			fileOptions: { onBadRows: 'skip' },
		});
		expect(error?.message).toBe(
			'The file is refused at line 6: it holds bytes that are not UTF-8 text',
		);
		expect(error?.description).toMatch(
			/The rows before it were imported, but those of its product group "mug" \(from line 4\): 2 created, 0 updated, 0 unchanged, 0 failed\.$/,
		);
		expect(writes().map((w) => (w.body as IDataObject).sku)).toEqual(['CUT-TEE-S', 'CUT-TEE-M']);
		expect(product('CUT-TEE-M')!.values).toMatchObject({ name: 'Tee' });
		expect(product('CUT-MUG-1')).toBeUndefined();
	});

	it('rows with an empty Group By value are no group: a file of them is read window by window', async () => {
		const rows = Array.from({ length: 45 }, (_, i) => `,NOGROUP-${i},Row ${i}`);
		const file = Buffer.from(['Handle,sku,name', ...rows].join('\n'));
		const { out, error } = await run([fileItem(file, 'nogroup.csv')], {
			...plain,
			importOptions: { groupBy: 'Handle' },
		});
		expect(error).toBeUndefined();
		expect(out[0]).toMatchObject({ rows: 45, created: 45, failed: 0 });
	});

	it('an XLSX whose sheet inflates past the size its directory states (a zip bomb) is refused, naming the entry', async () => {
		const sheet = [
			['sku', 'name'],
			...Array.from({ length: 500 }, (_, i) => [`BOMB-${i}`, `Row ${i}`]),
		];
		const book = XLSX.utils.book_new();
		XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Products');
		const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: false }) as Buffer;
		// The central directory's size of the sheet, stated as 4 096 bytes.
		const name = 'xl/worksheets/sheet1.xml';
		let at = bytes.length - 46;
		while (
			!(
				bytes.readUInt32LE(at) === 0x02014b50 &&
				bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28)) === name
			)
		)
			at--;
		bytes.writeUInt32LE(4096, at + 24);
		const { error } = await run([fileItem(bytes, 'bomb.xlsx')], plain);
		expect(error?.message).toBe(
			`The file is refused at the ZIP entry "${name}": it inflates past the 4,096 bytes its directory states`,
		);
		expect(writes()).toEqual([]);
	});

	it('a header without the SKU column: an error naming it, before any request', async () => {
		const file = Buffer.from('name,price\nNo SKU,1\n');
		const { error } = await run([fileItem(file, 'nosku.csv')], plain);
		expect(error?.message).toBe('Parameter "SKU Column": the file has no column "sku"');
		expect(env.sb.log).toEqual([]);
	});
});
