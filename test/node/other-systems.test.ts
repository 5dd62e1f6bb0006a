/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * More systems' exports through Import File (#71), version 2 against the sandbox, from the real
 * files in ../shared/real-exports/ (Magento 2, Shopware 6, Odoo, UnoPim, read where they lie,
 * never copied) and a PrestaShop file in its documented column layout: with the form filled as
 * docs/imports.md says for each system, every key value lands exact (read back from the PIM), and
 * every column that holds a value on a row is read by the form, written to an attribute, or named
 * in unmappedColumns with its reason. Languages from a column: UnoPim's one row per locale.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { fileItem } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const account = () => env.sb.account('demo');
const product = (sku: string) => account().productBySku(sku)!;
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');
const REAL = path.join(__dirname, '..', '..', '..', 'shared', 'real-exports');
const real = (name: string) => fs.readFileSync(path.join(REAL, name));
/** A file's rows as an independent reader (csv-parse) reads them: header → cell. */
const rowsOf = (bytes: Buffer, delimiter = ','): IDataObject[] =>
	parse(bytes, { columns: true, delimiter, relax_column_count: true, bom: true });

/** Import File of `bytes` with the form's fields for its system; the summary item. */
async function importFile(bytes: Buffer, name: string, form: INodeParameters) {
	const { items, error } = await runPim(
		env.creds(),
		{
			resource: 'product',
			operation: 'importFile',
			binaryPropertyName: 'data',
			familyCode: 'Clothing',
			languageCode: 'en_US',
			channels: { channel: [{ code: 'web' }] },
			fileOptions: { onBadRows: 'skip' },
			...form,
		},
		{ input: [fileItem(bytes, name)], version: 2 },
	);
	expect(error).toBeUndefined();
	return items[0].json;
}

/** The form fields that name a column of the file (Image Columns: several). */
const FORM_COLUMNS = [
	'skuColumn',
	'familyColumn',
	'channelStatusColumn',
	'categoryColumn',
	'languageColumn',
];

/**
 * The rule no file may break: every column holding a value on some row is read by a field of the
 * form, names an attribute as it is (code or title, its hint aside), was written by a convention
 * (mappedColumns) or is named in unmappedColumns.
 */
function nothingSilentlyLost(rows: IDataObject[], form: INodeParameters, summary: IDataObject) {
	const byForm = new Set(
		[
			...FORM_COLUMNS.map((f) => form[f] as string | undefined),
			...String(form.imageColumns ?? '')
				.split(/,(?![^(]*\))/)
				.map((h) => h.trim()),
		]
			.filter((h): h is string => !!h)
			.map((h) => h.toLowerCase()),
	);
	const names = new Set(
		account().attributes.flatMap((a) => [a.code.toLowerCase(), a.title.toLowerCase()]),
	);
	const mapped = Object.keys((summary.mappedColumns as IDataObject) ?? {});
	// `additional_attributes (has_options)`: a pair of a column that holds several.
	const named = Object.keys((summary.unmappedColumns as IDataObject) ?? {}).flatMap((c) => [
		c,
		c.replace(/ \([^)]*\)$/, ''),
	]);
	const lost = Object.keys(rows[0]).filter(
		(column) =>
			rows.some((r) => String(r[column] ?? '').trim() !== '') &&
			!byForm.has(column.toLowerCase()) &&
			!names.has(
				column
					.replace(/\s*\*$|\s*\([^)]*\)$/, '')
					.trim()
					.toLowerCase(),
			) &&
			!mapped.includes(column) &&
			!named.includes(column),
	);
	if (lost.length) console.log(JSON.stringify(summary, null, 1));
	expect(lost).toEqual([]);
}

beforeEach(() => env.sb.clearLog());

describe('UnoPim: one row per locale, prices per currency in the header', () => {
	const FORM: INodeParameters = {
		skuColumn: 'sku',
		languageColumn: 'locale',
		channelStatusColumn: 'status',
		importOptions: { currency: 'USD' },
	};

	it('the multi-locale sample writes its product once per language; a second run writes only the other languages', async () => {
		const name = 'unopim-products-multi-locale-sample.csv';
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 3, created: 1, updated: 2, failed: 0 });
		const p = product('multi-locale-product');
		expect(account().locales.find((l) => l.id === p.language_id)?.code).toBe('en_US');
		expect(p.values).toMatchObject({
			name: 'Multi Locale Product',
			web_description: '<p>Described in English.</p>',
			short_description: '<p>English summary.</p>',
			price: '50 USD',
		});
		expect(p.localized?.fr_FR).toMatchObject({
			name: 'Produit multilingue',
			web_description: '<p>Décrit en français.</p>',
			short_description: '<p>Résumé en français.</p>',
		});
		expect(p.localized?.de_DE).toMatchObject({
			name: 'Mehrsprachiges Produkt',
			web_description: '<p>Auf Deutsch beschrieben.</p>',
		});
		const languages = writes().map((w) => (w.body as IDataObject).language_code);
		expect(languages).toEqual(['en_US', 'fr_FR', 'de_DE']);
		nothingSilentlyLost(rowsOf(real(name)), FORM, summary);
		expect(summary.unmappedColumns).not.toHaveProperty('locale');

		// The record shows the product in its own language: only that row is compared.
		env.sb.clearLog();
		const again = await importFile(real(name), name, FORM);
		expect(again).toMatchObject({ rows: 3, unchanged: 1, updated: 2, failed: 0 });
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual(['fr_FR', 'de_DE']);
	});

	it('the product sample: the price in the currency asked for lands, the other is named; without one, each row says to choose', async () => {
		const name = 'unopim-products-import-sample.csv';
		const rows = rowsOf(real(name));
		const summary = await importFile(real(name), name, FORM);
		expect(summary).toMatchObject({ rows: 18, created: 18, failed: 0 });
		for (const row of rows) {
			const p = product(String(row.sku));
			// An empty cell sends nothing.
			expect(p.values.name ?? '').toBe(row.name);
			expect(p.values.web_description ?? '').toBe(row.description);
			expect(p.values.price).toBe(`${row['price (USD)']} USD`);
			expect(p.channels).toEqual([
				expect.objectContaining({ code: 'web', status: row.status === 'true' ? 1 : 0 }),
			]);
		}
		expect((summary.unmappedColumns as IDataObject)['price (EUR)']).toBe(
			"a price in EUR; this write's currency is USD (Import Options → Currency)",
		);
		nothingSilentlyLost(rows, FORM, summary);

		const unchosen = await importFile(real(name), name, { ...FORM, importOptions: {} });
		expect(unchosen).toMatchObject({ failed: 18 });
		expect((unchosen.problems as IDataObject[])[0].error).toMatch(
			/"price \(USD\)" and the input field "price \(EUR\)" both give the attribute "price".*Import Options → Currency/,
		);
	});
});

describe('Languages from a column', () => {
	const csv = (...lines: string[]) => Buffer.from(lines.join('\n'));

	it('Language Map reads a store view as a locale; an empty cell takes Language', async () => {
		const summary = await importFile(
			csv(
				'sku,store_view_code,name',
				'LANGMAP-1,,Linen shirt',
				'LANGMAP-1,french,Chemise en lin',
				'LANGMAP-1,DE_de,Leinenhemd',
			),
			'magento.csv',
			{
				skuColumn: 'sku',
				languageColumn: 'store_view_code',
				importOptions: { languageMap: { mapping: [{ from: ' French ', to: 'fr_FR' }] } },
			},
		);
		expect(summary).toMatchObject({ rows: 3, created: 1, updated: 2, failed: 0 });
		const p = product('LANGMAP-1');
		expect(p.values.name).toBe('Linen shirt');
		expect(p.localized?.fr_FR?.name).toBe('Chemise en lin');
		// A locale in another case is sent as the account spells it.
		expect(p.localized?.de_DE?.name).toBe('Leinenhemd');
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual([
			'en_US',
			'fr_FR',
			'de_DE',
		]);
	});

	it('a language the account does not have fails its row, naming the column and the Language Map', async () => {
		const summary = await importFile(
			csv('sku,locale,name', 'LANGMAP-2,en_US,Shirt', 'LANGMAP-2,nl_NL,Overhemd'),
			'langs.csv',
			{ skuColumn: 'sku', languageColumn: 'locale' },
		);
		expect(summary).toMatchObject({ created: 1, failed: 1 });
		expect((summary.problems as IDataObject[])[0]).toMatchObject({
			line: 3,
			sku: 'LANGMAP-2',
			error: expect.stringContaining(
				'Parameter "Language Column": the row\'s language "nl_NL" is no language of the account',
			),
		});
	});

	it('Create or Update items: Language Map reads the Language parameter', async () => {
		const { error } = await runPim(
			env.creds(),
			{
				resource: 'product',
				operation: 'upsert',
				sku: '={{ $json.sku }}',
				familyCode: 'Clothing',
				languageCode: '={{ $json.store }}',
				channels: { channel: [{ code: 'web' }] },
				columns: { mappingMode: 'autoMapInputData', value: null },
				importOptions: { languageMap: { mapping: [{ from: 'default', to: 'en_US' }] } },
			},
			{ input: [{ sku: 'LANGMAP-3', store: 'default', name: 'Wool scarf' }], version: 2 },
		);
		expect(error).toBeUndefined();
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual(['en_US']);
		expect(product('LANGMAP-3').values.name).toBe('Wool scarf');
	});
});
