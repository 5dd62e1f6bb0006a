/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Every warning counted, every reason true (#58), version 2 against the sandbox, with the real
 * exports of examples/data (WooCommerce, Akeneo): a price without a currency warns on its row as a
 * weight without a unit does; the run's notice counts the rows with warnings by kind, in Create
 * or Update and in Import File (its summary, notice and report file alike); a column of another
 * channel says so whatever its language; a pair names the value that names no attribute; a
 * column empty on every row is not "not written".
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import * as XLSX from 'xlsx';

import { runPim } from '../../harness/in-process';
import { autoMap, fileItem, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const account = () => env.sb.account('demo');
const product = (sku: unknown) => account().productBySku(String(sku))!;
const data = (file: string) =>
	fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'data', file));

/** A CSV of examples/data as Extract From File gives it: one item per row, every cell a text. */
function rowsOf(file: string, delimiter = ','): IDataObject[] {
	const book = XLSX.read(data(file).toString('utf8'), { type: 'string', raw: true, FS: delimiter });
	return XLSX.utils.sheet_to_json<IDataObject>(book.Sheets[book.SheetNames[0]], {
		defval: '',
		raw: false,
	});
}

/** WooCommerce's export, each SKU made this test's own (the file's rows land once per test). */
let batch = 0;
function wooRows(): IDataObject[] {
	batch++;
	return rowsOf('shop-products.csv').map((r) => ({ ...r, SKU: `W${batch}-${String(r.SKU)}` }));
}

/** The same rows as a CSV file in an input item's binary data (Import File). */
const shopFile = (rows: IDataObject[]): IDataObject =>
	fileItem(XLSX.utils.sheet_to_csv(XLSX.utils.json_to_sheet(rows)), 'shop.csv');

async function upsert(rows: IDataObject[], extra: INodeParameters = {}) {
	const { items, error } = await runPim(
		env.creds(),
		productWrite('upsert', {
			sku: '={{ $json.SKU }}',
			familyCode: 'Clothing',
			columns: autoMap(),
			...extra,
		}),
		{ input: rows, version: 2 },
	);
	expect(error).toBeUndefined();
	return items.map((i) => i.json);
}

async function importFile(rows: IDataObject[], extra: INodeParameters = {}) {
	const { items, error } = await runPim(
		env.creds(),
		productWrite('importFile', { fileOptions: { report: 'changes' }, ...extra }),
		{ input: [shopFile(rows)], version: 2 },
	);
	expect(error).toBeUndefined();
	const report = items[0].binary?.report as IDataObject | undefined;
	const lines = report
		? Buffer.from(String(report.data), 'base64').toString('utf8').split('\r\n')
		: [];
	return { summary: items[0].json, lines };
}

const priced = (rows: IDataObject[]) => rows.filter((r) => String(r['Regular price']).trim());
const noCurrency = (r: IDataObject) =>
	`the input field "Regular price" holds the amount ${String(r['Regular price'])} with no currency for the attribute "price": sent as it is. Set Import Options → Currency, or give the currency with the amount (${String(r['Regular price'])} USD)`;

describe("WooCommerce's export without Import Options → Currency: each bare price warns", () => {
	it('Create or Update: each priced row says it, the notice counts them; with Currency none does', async () => {
		const rows = wooRows();
		const withPrice = priced(rows);
		expect(withPrice.length).toBeGreaterThan(10);
		const out = await upsert(rows);
		// Sent as the export gave it (the PIM takes it), and said on each of those rows.
		for (const [i, row] of rows.entries()) {
			const price = String(row['Regular price']);
			if (price) {
				expect(product(row.SKU).values.price).toBe(price);
				expect(out[i].warnings).toEqual([noCurrency(row)]);
			} else expect(out[i].warnings).toBeUndefined();
		}
		expect(out[0].notice).toContain(
			`· ${withPrice.length} rows with a price without currency (see warnings)`,
		);

		const again = wooRows();
		const usd = await upsert(again, { importOptions: { currency: 'USD' } });
		expect(usd.every((o) => o.warnings === undefined)).toBe(true);
		expect(usd[0].notice).not.toMatch(/without currency|warnings/);
		for (const row of priced(again))
			expect(product(row.SKU).values.price).toBe(`${String(row['Regular price'])} USD`);
	});

	it('Import File: the same warnings in its summary, its notice and its report file', async () => {
		const rows = wooRows();
		const withPrice = priced(rows);
		const { summary, lines } = await importFile(rows);
		expect(summary).toMatchObject({ rows: rows.length, created: rows.length, failed: 0 });
		expect(summary.notice).toContain(
			`· ${withPrice.length} rows with a price without currency (see warnings)`,
		);
		const warned = summary.warnings as IDataObject[];
		expect(warned).toHaveLength(withPrice.length);
		expect(warned[0]).toEqual({
			line: 2,
			sku: withPrice[0].SKU,
			warnings: [noCurrency(withPrice[0])],
		});
		expect(lines[0]).toBe('line,sku,operation,changed,error,warnings');
		const reported = lines.slice(1).filter(Boolean);
		expect(reported).toHaveLength(rows.length);
		expect(reported.filter((l) => l.includes('with no currency'))).toHaveLength(withPrice.length);

		// A second run writes nothing, and still says what the products hold.
		const second = await importFile(rows);
		expect(second.summary).toMatchObject({ unchanged: rows.length });
		expect(second.summary.notice).toContain(
			`${withPrice.length} rows with a price without currency`,
		);
		expect(second.lines.slice(1).filter(Boolean)).toHaveLength(withPrice.length);

		const usd = await importFile(wooRows(), { importOptions: { currency: 'USD' } });
		expect(usd.summary.warnings).toBeUndefined();
		expect(usd.summary.notice).not.toMatch(/warnings/);
	});
});

describe('a category in the tree of a channel the write does not assign is counted', () => {
	// Clothing > Accessories is only in the Retail Stores tree; the writes assign the Web Store.
	const tree = (rows: IDataObject[]) =>
		rows.map((r, i) => ({ ...r, Cat: i < 3 ? 'Clothing > Accessories' : 'Clothing > Shirts' }));
	const said =
		'Category "Clothing > Accessories" is in the tree of the channel "Retail Stores" (retail), which this write does not assign';

	it('Create or Update: on each row and in the notice', async () => {
		const rows = tree(wooRows().slice(0, 5));
		const out = await upsert(rows, {
			categories: { category: [{ code: '={{ $json.Cat }}' }] },
			importOptions: { currency: 'USD' },
		});
		expect(out.map((o) => o.warnings)).toEqual([[said], [said], [said], undefined, undefined]);
		expect(out[0].notice).toContain('· 3 rows filed in a tree of a channel not assigned');
	});

	it('Import File: in its summary, notice and report file', async () => {
		const rows = tree(wooRows().slice(0, 5));
		const { summary, lines } = await importFile(rows, {
			categoryColumn: 'Cat',
			importOptions: { currency: 'USD' },
		});
		expect(summary.notice).toContain('· 3 rows filed in a tree of a channel not assigned');
		expect(summary.warnings).toEqual(
			rows.slice(0, 3).map((r) => ({ line: expect.any(Number), sku: r.SKU, warnings: [said] })),
		);
		expect(lines.filter((l) => l.includes('which this write does not assign'))).toHaveLength(3);
	});
});

describe('columns not written: the true reason, and only columns that hold something', () => {
	it('WooCommerce: columns empty on every row are not counted; a pair names its value that names no attribute', async () => {
		const rows = wooRows();
		Object.assign(rows[0], { 'Attribute 2 name': 'Logo', 'Attribute 2 value(s)': 'Mountain' });
		const empty = Object.keys(rows[0]).filter((c) => rows.every((r) => !String(r[c]).trim()));
		expect(empty).toEqual(expect.arrayContaining(['Purchase note', 'Shipping class', 'Upsells']));
		const check = (unmapped: IDataObject, notice: string) => {
			for (const column of empty) expect(unmapped[column]).toBeUndefined();
			expect(notice).toContain(`${Object.keys(unmapped).length} columns not written`);
			expect(unmapped['Attribute 2 name (Logo)']).toBe(
				'"Logo" names no attribute of the account (code or title): its value in "Attribute 2 value(s)" is not written',
			);
			// The pair's columns wrote every other row's size.
			expect(unmapped['Attribute 2 name']).toBeUndefined();
			expect(unmapped['Attribute 2 value(s)']).toBeUndefined();
		};
		const out = await upsert(rows, { importOptions: { currency: 'USD' } });
		check(out[0].unmappedColumns as IDataObject, String(out[0].notice));
		expect(out[0].mappedColumns).toMatchObject({ 'Attribute 2 name': ['size'] });
		expect(product(rows[1].SKU).values.size).toBe(String(rows[1]['Attribute 2 value(s)']));

		const fileRows = wooRows();
		Object.assign(fileRows[0], { 'Attribute 2 name': 'Logo', 'Attribute 2 value(s)': 'Mountain' });
		const file = await importFile(fileRows, { importOptions: { currency: 'USD' } });
		check(file.summary.unmappedColumns as IDataObject, String(file.summary.notice));
	});

	it('Akeneo: a column of another channel says channel and the Channel Map, whatever its language', async () => {
		const akeneo = rowsOf('akeneo-products.csv', ';').slice(0, 2);
		// Akeneo's values of its channel mobile, which the write (channel web) does not assign.
		const rows = akeneo.map((r, i) => ({
			sku: `AKW-${i}`,
			'name-en_US': r['name-en_US'],
			'name-de_DE': r['name-de_DE'],
			'name-en_US-mobile': r['name-en_US'],
			'name-de_DE-mobile': r['name-de_DE'],
			'name-fr_FR-mobile': r['name-fr_FR'],
		}));
		const { items, error } = await runPim(
			env.creds(),
			productWrite('upsert', {
				familyCode: 'Clothing',
				columns: autoMap(),
				importOptions: { allLanguages: true },
			}),
			{ input: rows, version: 2 },
		);
		expect(error).toBeUndefined();
		// All Languages wrote the German names: the mobile ones are not written for their channel.
		expect(items[0].json.mappedColumns).toEqual({
			'name-en_US': ['name'],
			'name-de_DE': ['name (de_DE)'],
		});
		const channel =
			"channel mobile; this write's channels are web (Import Options → Channel Map sends a column's channel to one of them)";
		expect(items[0].json.unmappedColumns).toEqual({
			'name-en_US-mobile': channel,
			'name-de_DE-mobile': channel,
			'name-fr_FR-mobile': channel,
		});
		expect(items[0].json.notice).toBe(
			'2 rows · 3 columns not written: 3 of another channel (see unmappedColumns)',
		);
	});
});
