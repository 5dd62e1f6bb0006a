/**
 * The sync's catalogue keeps a digest per product, not the record (#30): for any record and any
 * write, the digest must answer "unchanged" exactly when the comparison against the whole record
 * finds no change. Random records and writes, both answers side by side.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ProductBody } from '../../nodes/Pim/resources/product/engine/body';
import type { References } from '../../nodes/Pim/resources/product/account/lists';
import { Catalogue } from '../../nodes/Pim/resources/product/account/catalogue';
import {
	changedFields,
	fieldsAsked,
	recordHolding,
} from '../../nodes/Pim/resources/product/engine/compare';

const lists: References = {
	families: [
		{ code: 'shoes', title: 'Shoes' },
		{ code: 'clothing', title: 'Clothing' },
	],
	channels: [
		{ id: 1, code: 'web', name: 'Web Store' },
		{ id: 2, code: 'retail', name: 'Retail' },
	],
	categories: [
		{ id: 10, code: 'shoes', title: 'Shoes', channel_id: 1 },
		{ id: 11, code: 'boots', title: 'Boots', parent_id: 10, channel_id: 1 },
		{ id: 12, code: 'jeans', title: 'Jeans', channel_id: 1 },
		// One code in two trees with different paths: a write without a channel may show either.
		{ id: 13, code: 'sale', title: 'Sale', channel_id: 1 },
		{ id: 20, code: 'outlet', title: 'Outlet', channel_id: 2 },
		{ id: 21, code: 'sale', title: 'Sale', parent_id: 20, channel_id: 2 },
	],
};

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
const some = <T>(list: T[]) => list.filter(() => random() < 0.5);

const NAMES = ['Boot', 'Boot ', 'boot', 'Sneaker, white', 'Line 1\nLine 2', ''];
const PRICES = ['10.00 USD', '10,00 USD', '10.00', 10, null];
const COLORS = ['Red', 'Blue', 'Green', 'Red, Blue'];
const CATEGORY_PATHS = ['Shoes/Boots', 'Jeans', 'Shoes', 'Sale', 'Outlet/Sale'];

function randomRecord(sku: string): IDataObject {
	const record: IDataObject = {
		id: Math.floor(random() * 1000),
		sku,
		updated_at: '2026-11-25 10:00:00',
		family: pick(['Shoes', 'Clothing', 'shoes', null]),
		name: pick(NAMES),
		price: pick(PRICES),
		image: pick(['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg', null]),
	};
	if (random() < 0.8) record.color = random() < 0.5 ? some(COLORS) : some(COLORS).join(', ');
	if (random() < 0.8) record.category = some(CATEGORY_PATHS);
	return record;
}

/** A write of the record's own values, each one changed now and then. */
function randomBody(record: IDataObject): ProductBody {
	const keep = () => random() < 0.85;
	const familyCode = keep()
		? String(record.family ?? 'shoes').toLowerCase()
		: pick(['shoes', 'clothing', undefined]);
	const own = (field: string, others: string[]) =>
		keep() && record[field] ? String(record[field]) : pick(others);
	const colors = Array.isArray(record.color)
		? (record.color as string[])
		: String(record.color ?? '')
				.split(', ')
				.filter(Boolean);
	const paths = (record.category as string[] | undefined) ?? [];
	const codes = {
		'Shoes/Boots': 'boots',
		Jeans: 'jeans',
		Shoes: 'shoes',
		Sale: 'sale',
		'Outlet/Sale': 'sale',
	} as Record<string, string>;
	return {
		sku: String(record.sku),
		languageCode: 'en_US',
		familyCode,
		attributes: [
			{ code: 'name', value: own('name', NAMES.filter(Boolean)) },
			...(random() < 0.5
				? [{ code: 'price', value: own('price', ['10.00 USD', '10,00 USD']) }]
				: []),
			...(random() < 0.1 ? [{ code: 'weight', value: '1 kg' }] : []),
		],
		multiSelectAttributes: [
			{ code: 'color', values: keep() ? some(colors) : some(['Red', 'Blue', 'Green']) },
		],
		categories: (keep() ? some(paths) : some(CATEGORY_PATHS)).map((p) => ({
			code: codes[p],
			channel: codes[p] === 'sale' ? undefined : 'web',
		})),
		// The record shows the first image: the others are not compared.
		images: [
			...(keep() && record.image ? [String(record.image)] : []),
			...some(['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg']),
		],
	};
}

it('the digest says "unchanged" exactly when the whole record holds every value (2 000 random cases)', () => {
	let unchanged = 0;
	{
		const catalogue = new Catalogue(true, (field) => field === 'color');
		for (let i = 0; i < 2000; i++) {
			const sku = `SKU-${i}`;
			const record = randomRecord(sku);
			catalogue.add(record);
			const body = randomBody(record);
			const overwrite = random() < 0.3;
			const expected =
				Object.keys(changedFields(body, recordHolding(record), lists, overwrite)).length === 0;
			const got = catalogue.unchanged(sku, body, () => `form ${i}`, lists, overwrite);
			expect(got).toBe(expected);
			if (expected) unchanged++;
		}
	}
	// The cases are not all one answer.
	expect(unchanged).toBeGreaterThan(100);
	expect(unchanged).toBeLessThan(1900);
});

it('given the fields its comparisons read, it digests those only: another field asks for the record (2 000 random cases)', () => {
	let read = 0;
	for (let i = 0; i < 2000; i++) {
		const sku = `SKU-${i}`;
		const record = randomRecord(sku);
		const body = randomBody(record);
		const overwrite = random() < 0.3;
		const asked = fieldsAsked(body, lists, overwrite);
		// Now and then a field it asks about is left out of the digest.
		const left = random() < 0.3 ? pick([...asked]) : undefined;
		const fields = new Set([...asked].filter((f) => f !== left));
		const catalogue = new Catalogue(true, (field) => field === 'color', fields);
		catalogue.add(record);
		const changed = catalogue.changed(sku, body, () => `form ${i}`, lists, overwrite);
		if (left !== undefined) {
			expect(changed).toBe('read');
			read++;
		} else
			expect(changed).toEqual(
				Object.keys(changedFields(body, recordHolding(record), lists, overwrite)),
			);
	}
	expect(read).toBeGreaterThan(300);
	expect(read).toBeLessThan(1000);
});

it('a product the run wrote is unchanged by the very same form, changed by any other', () => {
	const catalogue = new Catalogue(true, () => false);
	const body: ProductBody = { sku: 'NEW', languageCode: 'en_US' };
	expect(catalogue.has('NEW')).toBe(false);
	catalogue.wrote('NEW', 'sku=NEW&name=A');
	expect(catalogue.has('NEW')).toBe(true);
	expect(catalogue.unchanged('NEW', body, () => 'sku=NEW&name=A', lists, false)).toBe(true);
	expect(catalogue.unchanged('NEW', body, () => 'sku=NEW&name=B', lists, false)).toBe(false);
});

it('without a comparison only the SKUs are kept: it cannot tell', () => {
	const catalogue = new Catalogue(false, () => false);
	catalogue.add({ sku: 'A', name: 'x' });
	expect(catalogue.has('A')).toBe(true);
	expect(
		catalogue.unchanged('A', { sku: 'A', languageCode: 'en_US' }, () => 'f', lists, false),
	).toBe(undefined);
});

it('compares what the record shows: the first image, the categories by their paths (any a code may show)', () => {
	const changed = (body: Partial<ProductBody>, record: IDataObject, overwrite = false) =>
		Object.keys(
			changedFields(
				{ sku: 'A', languageCode: 'en_US', ...body },
				recordHolding(record),
				lists,
				overwrite,
			),
		);
	const images = ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'];
	const shown = { image: images[0], category: ['Outlet/Sale'] };
	expect(changed({ images }, shown)).toEqual([]);
	expect(changed({ images }, shown, true)).toEqual([]);
	expect(changed({ images: [...images].reverse() }, shown)).toEqual(['image']);
	expect(changed({ images }, { image: null })).toEqual(['image']);
	// `sale` without a channel is Sale (web) or Outlet/Sale (retail): the record shows one.
	expect(changed({ categories: [{ code: 'sale' }] }, shown)).toEqual([]);
	expect(changed({ categories: [{ code: 'sale' }] }, shown, true)).toEqual([]);
	expect(changed({ categories: [{ code: 'sale', channel: 'web' }] }, shown)).toEqual(['category']);
	expect(changed({ categories: [{ code: 'jeans', channel: 'web' }] }, shown)).toEqual(['category']);
	// With the product's channels, the trees of those channels.
	expect(changed({ categories: [{ code: 'sale' }], channels: [{ code: 'web' }] }, shown)).toEqual([
		'category',
	]);
});
