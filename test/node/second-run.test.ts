/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * The same file twice writes nothing (#58), over HTTP against the sandbox: WooCommerce's and
 * Shopify's samples (several images a product, categories whose title path several trees share)
 * through Create or Update with Skip Unchanged (both ways of finding products) and through Import
 * File. The comparison compares what a product record shows (compare.ts): the first image, the
 * categories' title paths, each attribute; a change there is written and named, nothing else is.
 * All Languages: each language reads back its own text, and a second run writes nothing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { fileItem } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	accounts: [
		'woo',
		'shopify',
		'woo-allProducts',
		'woo-perItem',
		'woofile',
		'shopifyfile',
		'langs',
	].map((domain) => ({
		domain,
		token: `${domain}-token`,
		products: 0,
	})),
});
const writes = () => env.sb.log.filter((r) => r.method === 'POST' || r.method === 'PUT');
const root = path.join(__dirname, '..', '..', 'examples');
const text = (file: string) => fs.readFileSync(path.join(root, 'data', file), 'utf8');

/** The PIM node's parameters in an example workflow. */
const exampleParameters = (file: string): INodeParameters =>
	(
		JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as {
			nodes: Array<{ type: string; parameters: INodeParameters }>;
		}
	).nodes.find((n) => n.type === 'n8n-nodes-pim.pim')!.parameters;

/** A CSV file's rows as Extract From File makes them (RFC 4180: quotes, "" and line breaks). */
function csvRows(csv: string): IDataObject[] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	const endField = () => {
		row.push(field);
		field = '';
	};
	for (let i = 0; i < csv.length; i++) {
		const c = csv[i];
		if (quoted) {
			if (c === '"' && csv[i + 1] === '"') {
				field += '"';
				i++;
			} else if (c === '"') quoted = false;
			else field += c;
		} else if (c === '"') quoted = true;
		else if (c === ',') endField();
		else if (c === '\n') {
			endField();
			rows.push(row);
			row = [];
		} else field += c;
	}
	if (field || row.length) {
		endField();
		rows.push(row);
	}
	const [header, ...data] = rows;
	return data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const WOO = 'import-a-shop-product-export.json';
const SHOPIFY = 'import-a-shopify-export.json';

/** Create or Update as the example sets it, with Skip Unchanged and the given way of finding. */
async function upsert(
	domain: string,
	example: string,
	input: IDataObject[],
	lookup: 'perItem' | 'allProducts',
) {
	const parameters = {
		...exampleParameters(example),
		upsertOptions: { lookup, skipUnchanged: true },
	};
	const { items, error } = await runPim(env.creds(domain), parameters, { input, version: 2 });
	expect(error).toBeUndefined();
	return items.map((i) => i.json);
}

const operations = (out: IDataObject[]) =>
	out.filter((o) => o.sku !== undefined).map((o) => `${String(o.sku)} ${String(o.operation)}`);

beforeEach(() => env.sb.clearLog());

describe.each([
	['WooCommerce', 'woo', WOO, 'shop-products.csv', 17],
	['Shopify', 'shopify', SHOPIFY, 'shopify-products.csv', 10],
])(
	"%s's sample through Create or Update with Skip Unchanged",
	(_, domain, example, file, count) => {
		const rows = csvRows(text(file));

		it('the first run creates every product; the second writes none, whichever way it finds them', async () => {
			const first = await upsert(domain, example, rows, 'allProducts');
			expect(operations(first).filter((o) => o.endsWith(' created'))).toHaveLength(count);
			// Products with several images and categories whose path several trees share.
			const products = env.sb.account(domain).products;
			expect(products.filter((p) => p.images.length > 1).length).toBeGreaterThan(3);
			expect(products.some((p) => p.categories.some((c) => c.code === 'shirts'))).toBe(true);

			for (const lookup of ['allProducts', 'perItem'] as const) {
				env.sb.clearLog();
				const again = await upsert(domain, example, rows, lookup);
				expect({ lookup, writes: writes().length }).toEqual({ lookup, writes: 0 });
				expect(operations(again)).toEqual(
					operations(first).map((o) => o.replace(/ created$/, ' unchanged')),
				);
			}
		});
	},
);

describe("WooCommerce's sample: what the record shows is compared, a real change there is written", () => {
	const rows = () => csvRows(text('shop-products.csv'));
	const edited = (sku: string, edit: (row: IDataObject) => void) =>
		rows().map((row) => {
			if (row.SKU === sku) edit(row);
			return row;
		});

	it.each(['allProducts', 'perItem'] as const)(
		'%s: a new first image and a new category path are written; a new second image is not seen',
		async (lookup) => {
			const domain = `woo-${lookup}`;
			await upsert(domain, WOO, rows(), 'allProducts');
			env.sb.clearLog();
			const product = (sku: string) => env.sb.account(domain).productBySku(sku)!;

			// The second image is not in the record: not compared, not written.
			const second = edited('WOO-TEE-ORG', (row) => {
				row.Images = String(row.Images).replace('tee-organic-back', 'tee-organic-side');
			});
			const seen = await upsert(domain, WOO, second, lookup);
			expect(writes()).toEqual([]);
			expect(seen.find((o) => o.sku === 'WOO-TEE-ORG')?.operation).toBe('unchanged');

			// A new first image and another category path: written, only that product.
			const changed = edited('WOO-TEE-ORG', (row) => {
				row.Images = `https://shop.example.com/new-front.jpg, ${String(row.Images)}`;
			}).map((row) =>
				row.SKU === 'WOO-JEANS-SLIM' ? { ...row, Categories: 'Clothing > Polos' } : row,
			);
			const out = await upsert(domain, WOO, changed, lookup);
			expect(writes().map((w) => (w.body as IDataObject).sku)).toEqual([
				'WOO-TEE-ORG',
				'WOO-JEANS-SLIM',
			]);
			expect(out.filter((o) => o.operation === 'updated').map((o) => o.sku)).toEqual([
				'WOO-TEE-ORG',
				'WOO-JEANS-SLIM',
			]);
			expect(product('WOO-TEE-ORG').images).toContain('https://shop.example.com/new-front.jpg');
			expect(product('WOO-JEANS-SLIM').categories.map((c) => c.code)).toContain('polo-shirts');
		},
	);
});

describe('Import File: the second run of a sample writes nothing; the report names real changes', () => {
	const fromExample = (example: string) => {
		const { importOptions, familyCode, languageCode, channels } = exampleParameters(example);
		return { importOptions, familyCode, languageCode, channels };
	};
	const FILES = {
		woofile: {
			file: 'shop-products.csv',
			parameters: {
				...fromExample(WOO),
				skuColumn: 'SKU',
				familyColumn: '',
				channelStatusColumn: 'Published',
				categoryColumn: 'Categories',
				imageColumns: 'Images',
			},
		},
		shopifyfile: {
			file: 'shopify-products.csv',
			parameters: {
				...fromExample(SHOPIFY),
				importOptions: {
					...(fromExample(SHOPIFY).importOptions as IDataObject),
					groupBy: 'Handle',
				},
				skuColumn: 'Variant SKU',
				familyColumn: '',
				channelStatusColumn: 'Status',
				categoryColumn: 'Product Category',
				imageColumns: 'Image Src',
			},
		},
	};
	async function importFile(domain: keyof typeof FILES, csv: string) {
		const { file, parameters } = FILES[domain];
		const { items, error } = await runPim(
			env.creds(domain),
			{
				resource: 'product',
				operation: 'importFile',
				binaryPropertyName: 'data',
				...parameters,
				fileOptions: { outputRows: true },
			},
			{ input: [fileItem(csv, file)], version: 2 },
		);
		expect(error).toBeUndefined();
		return items.map((i) => i.json);
	}

	it.each([
		['woofile', 17],
		['shopifyfile', 10],
	] as const)('%s: the first run creates, the second writes nothing', async (domain, count) => {
		const csv = text(FILES[domain].file);
		const [first] = await importFile(domain, csv);
		expect(first).toMatchObject({ created: count, updated: 0, failed: 0 });
		const products = env.sb.account(domain).products;
		expect(products.filter((p) => p.images.length > 1).length).toBeGreaterThan(3);
		expect(products.some((p) => p.categories.some((c) => c.code === 'shirts'))).toBe(true);
		env.sb.clearLog();
		const [second, ...rows] = await importFile(domain, csv);
		expect(second).toMatchObject({ created: 0, updated: 0, unchanged: count, failed: 0 });
		expect(writes()).toEqual([]);
		expect(rows).toEqual([]);
	});

	it("the changed rows name only the fields that differ in the record: a price, a category's path", async () => {
		const csv = text('shop-products.csv')
			.replace(',,,24.90,Clothing > Tshirts,', ',,,26.90,Clothing > Tshirts,')
			.replace('59.95,Clothing > Jeans,', '59.95,Clothing > Polos,');
		const [summary, ...rows] = await importFile('woofile', csv);
		expect(summary).toMatchObject({ created: 0, updated: 2, unchanged: 15 });
		expect(rows.map((r) => [r.sku, r.operation, r.changed])).toEqual([
			['WOO-TEE-ORG', 'updated', ['price']],
			['WOO-JEANS-SLIM', 'updated', ['category']],
		]);
	});
});

describe('All Languages: each language reads back its own text; the second run writes nothing', () => {
	const row = {
		sku: 'LANG-BAG',
		'name-en_US': 'Canvas bag',
		'name-fr_FR': 'Sac en toile',
		'short_description-fr_FR': 'Un sac',
		'name-de_DE': 'Stofftasche',
		'price-EUR': '25.50',
	};
	const parameters: INodeParameters = {
		resource: 'product',
		operation: 'upsert',
		sku: '={{ $json.sku }}',
		familyCode: 'clothing',
		languageCode: 'en_US',
		channels: { channel: [{ code: 'web' }] },
		columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
		importOptions: { allLanguages: true },
		upsertOptions: { lookup: 'allProducts', skipUnchanged: true },
	};
	const readBack = async (language?: string) => {
		const query = new URLSearchParams({ 'filter[sku]': row.sku });
		if (language) query.set('language_code', language);
		const answer = await fetch(`${env.sb.url}/api/integration/product?${query}`, {
			headers: { token: 'langs-token', 'x-domain': 'langs' },
		});
		return ((await answer.json()) as { data: { record: IDataObject[] } }).data.record[0];
	};

	it('written in three languages, read back in each; run again, nothing is written', async () => {
		const first = await runPim(env.creds('langs'), parameters, { input: [row], version: 2 });
		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toMatchObject({
			operation: 'created',
			languages: ['en_US', 'de_DE', 'fr_FR'],
		});
		expect(writes()).toHaveLength(3);

		expect(await readBack()).toMatchObject({ name: 'Canvas bag', price: '25.50 EUR' });
		expect((await readBack()).short_description).toBeUndefined();
		expect(await readBack('fr_FR')).toMatchObject({
			name: 'Sac en toile',
			short_description: 'Un sac',
			price: '25.50 EUR',
		});
		expect(await readBack('de_DE')).toMatchObject({ name: 'Stofftasche' });

		env.sb.clearLog();
		const second = await runPim(env.creds('langs'), parameters, { input: [row], version: 2 });
		expect(second.items[0].json).toMatchObject({ operation: 'unchanged', sku: row.sku });
		expect(writes()).toEqual([]);

		// A change in the first language is written, with every language.
		const third = await runPim(
			env.creds('langs'),
			{ ...parameters, upsertOptions: { lookup: 'perItem', skipUnchanged: true } },
			{ input: [{ ...row, 'name-en_US': 'Canvas tote' }], version: 2 },
		);
		expect(third.items[0].json).toMatchObject({ operation: 'updated' });
		expect(writes().map((w) => (w.body as IDataObject).language_code)).toEqual([
			'en_US',
			'de_DE',
			'fr_FR',
		]);
		expect((await readBack()).name).toBe('Canvas tote');
		expect((await readBack('fr_FR')).name).toBe('Sac en toile');
	});
});
