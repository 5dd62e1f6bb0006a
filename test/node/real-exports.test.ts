/**
 * Real exports in, real records out (#24), version 2 against the sandbox, which shows family
 * titles and category title paths in product records and accepts only codes in writes (so no
 * test passes by the sandbox being lenient): each form of Family, Categories, Channels and
 * Images; the reference lists read once per execution; a catalogue copied between accounts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import {
	autoMap,
	categories,
	channels,
	defineBelow,
	productWrite,
} from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({ accounts: [{ domain: 'copy', token: 'copy-token', products: 0 }] });
const demo = () => env.sb.account('demo');

let n = 0;
const nextSku = () => `EXPORT-${++n}`;

const create = (extra: INodeParameters = {}): INodeParameters =>
	productWrite('create', { familyCode: 'clothing', ...extra });

/** Creates one product (version 2) and returns it as the sandbox stores it, or the error. */
async function created(extra: INodeParameters, json: IDataObject = {}) {
	const sku = nextSku();
	const { items, error } = await runPim(env.creds(), create(extra), {
		input: [{ sku, ...json }],
		version: 2,
	});
	return { error, items, product: demo().productBySku(sku), sku };
}

const categoriesOf = (
	product: { categories: Array<{ code: string; channel: string }> } | undefined,
) => (product?.categories ?? []).map((c) => `${c.channel}:${c.code}`).sort();

const category = (code: unknown, channel?: string) => ({
	categories: { category: [{ code, ...(channel ? { channel } : {}) }] },
});

afterAll(() => env.sb.reset());

describe('Family: a code or the title product records show', () => {
	it('takes a code, a title, and a code in another case', async () => {
		for (const [given, code] of [
			['home', 'home'],
			['Home & Living', 'home'],
			['Clothing', 'clothing'],
			['={{ "Shoes" }}', 'shoes'],
		]) {
			const { error, product } = await created({ familyCode: given });
			expect({ given, error: error?.message }).toEqual({ given, error: undefined });
			expect(product?.familyCode).toBe(code);
		}
	});

	it('an unknown value is an error naming it and the closest families; a shared title names both codes', async () => {
		const unknown = await created({ familyCode: 'Home and Living' });
		expect(unknown.error?.message).toBe(
			'Parameter "Family": "Home and Living" is neither a code nor a title of a family of the account',
		);
		expect(unknown.error?.description).toMatch(/^Closest families: "Home & Living" \(home\)/);

		const families = demo().families;
		const base = families[0];
		families.push(
			{ ...base, id: 901, code: 'basics-a', title: 'Basics' },
			{ ...base, id: 902, code: 'basics-b', title: 'Basics' },
		);
		demo().markDirty();
		try {
			const shared = await created({ familyCode: 'Basics' });
			expect(shared.error?.message).toBe(
				'Parameter "Family": "Basics" is the title of 2 families: "Basics" (basics-a) and "Basics" (basics-b)',
			);
			expect(shared.product).toBeUndefined();
			// The code wins over any title.
			expect((await created({ familyCode: 'basics-b' })).product?.familyCode).toBe('basics-b');
		} finally {
			families.splice(-2, 2);
			demo().markDirty();
		}
	});
});

describe('Categories: codes, titles, paths, lists', () => {
	it('each form lands in the category it names, with the channel of its tree', async () => {
		const cases: Array<[unknown, string[]]> = [
			['jeans', ['web:jeans']],
			['Jeans', ['web:jeans']],
			['Clothing/Pants/Jeans', ['web:jeans']],
			['Clothing > Pants > Jeans', ['web:jeans']],
			['Web Store > Shoes > Boots', ['web:boots']],
			['={{ ["Jeans", "Shoes > Boots"] }}', ['web:boots', 'web:jeans']],
			['Jeans, Sneakers', ['web:jeans', 'web:sneakers']],
			['', []],
			['={{ null }}', []],
			['={{ $json.category }}', ['web:kitchen', 'web:t-shirts']],
		];
		for (const [given, expected] of cases) {
			const { error, product } = await created(category(given), {
				category: ['Home/Kitchen', 'Clothing/Shirts/T-Shirts'],
			});
			expect({ given, error: error?.message }).toEqual({ given, error: undefined });
			expect({ given, categories: categoriesOf(product) }).toEqual({ given, categories: expected });
		}
	});

	it('a path in several trees goes to the one of the product channels; a code in several trees too', async () => {
		const inRetail = await created({
			channels: { channel: [{ code: 'retail' }] },
			...category('Clothing/Shirts'),
		});
		expect(categoriesOf(inRetail.product)).toEqual(['retail:shirts']);
		const inWeb = await created(category('Clothing/Shirts'));
		expect(categoriesOf(inWeb.product)).toEqual(['web:shirts']);
		// "shirts" is a code in web, amazon and retail: the product's one channel decides.
		const amazon = await created({
			channels: { channel: [{ code: 'amazon' }] },
			...category('shirts'),
		});
		expect(categoriesOf(amazon.product)).toEqual(['amazon:shirts']);
		// The entry's own Channel, by name, decides too.
		const named = await created({
			channels: { channel: [{ code: 'web, retail' }] },
			...category('Clothing/Shirts', 'Retail Stores'),
		});
		expect(categoriesOf(named.product)).toEqual(['retail:shirts']);

		// The same path in two of the product's channels: the first of them in Channels.
		const both = await created({
			channels: { channel: [{ code: 'retail, web' }] },
			...category('Clothing/Shirts'),
		});
		expect(categoriesOf(both.product)).toEqual(['retail:shirts']);
		// Without channels (an update) the path alone cannot choose: an error naming both.
		const { sku } = demo().products[3];
		const update = await runPim(
			env.creds(),
			productWrite('update', { sku, ...category('Clothing/Shirts') }),
			{ version: 2 },
		);
		expect(update.error?.message).toBe(
			'Parameter "Categories": "Clothing/Shirts" names 2 categories: Clothing/Shirts (Web Store) and Clothing/Shirts (Retail Stores)',
		);
		expect(update.error?.description).toMatch(/Set the category's Channel/);
	});

	it('a title under two parents is an error naming both paths; its path resolves it', async () => {
		const retail = { channels: { channel: [{ code: 'retail' }] } };
		const title = await created({ ...retail, ...category('Accessories') });
		expect(title.error?.message).toBe(
			'Parameter "Categories": "Accessories" names 2 categories: Clothing/Accessories (Retail Stores) and Music/Accessories (Retail Stores)',
		);
		expect(title.error?.description).toBe('Give its path instead, e.g. "Clothing/Accessories".');
		const path = await created({ ...retail, ...category('Music > Accessories') });
		expect(path.error).toBeUndefined();
		expect(categoriesOf(path.product)).toEqual(['retail:music-accessories']);
	});

	it('an unknown category is an error naming it and the closest categories', async () => {
		const { error, product } = await created(category('Clothing > Jeanz'));
		expect(error?.message).toBe(
			'Parameter "Categories": "Clothing > Jeanz" is neither a code, a title nor a path of a category of the account',
		);
		expect(error?.description).toMatch(/^Closest categories: Clothing\/Pants\/Jeans \(Web Store\)/);
		expect(product).toBeUndefined();
	});
});

describe('Channels and Images', () => {
	it('Channels take codes and names, as a list or a comma text', async () => {
		const { error, product } = await created({
			channels: {
				channel: [
					{ code: '={{ ["web", "Amazon Marketplace"] }}', status: true },
					{ code: 'Retail Stores' },
				],
			},
		});
		expect(error).toBeUndefined();
		expect(product?.channels.map((c) => [c.code, c.status])).toEqual([
			['web', 1],
			['amazon', 1],
			['retail', 0],
		]);
		const unknown = await created({ channels: { channel: [{ code: 'Webshop' }] } });
		expect(unknown.error?.message).toBe(
			'Parameter "Channels": "Webshop" is neither a code nor a name of a channel of the account',
		);
		expect(unknown.error?.description).toMatch(/^Closest channels: "Web Store" \(web\)/);
		const none = await created({ channels: { channel: [{ code: '={{ null }}' }] } });
		expect(none.error?.message).toBe('Parameter "Channels" needs at least one channel');
	});

	it('Images: a comma text sends one image[] per URL; empty, null and missing send none', async () => {
		const urls = ['https://img.example.com/a 1.jpg', 'https://img.example.com/b.jpg'];
		env.sb.clearLog();
		const several = await created({ images: ['={{ $json.images }}'] }, { images: urls.join(', ') });
		expect(several.error).toBeUndefined();
		const post = env.sb.log.find((r) => r.method === 'POST')!;
		expect(post.rawBody.match(/image%5B%5D=|image\[\]=/g)).toHaveLength(2);
		expect(several.product?.images).toEqual(urls);

		for (const images of [['={{ $json.image }}'], [''], ['={{ $json.missing }}'], []]) {
			const { error, product } = await created({ images }, { image: null });
			expect({ images, error: error?.message }).toEqual({ images, error: undefined });
			expect(product?.images).toEqual([]);
		}
	});
});

describe('reference lists: read once per execution, only when needed', () => {
	it('20 items with titles and paths read families, channels and categories once each', async () => {
		const input = Array.from({ length: 20 }, () => ({ sku: nextSku() }));
		env.sb.clearLog();
		const { items, error } = await runPim(
			env.creds(),
			create({
				familyCode: 'Home & Living',
				channels: { channel: [{ code: 'Web Store' }] },
				...category('Home > Kitchen'),
			}),
			{ input, version: 2 },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		const reads = (path: string) =>
			env.sb.log.filter((r) => r.method === 'GET' && r.path === `/api/integration/${path}`).length;
		expect([reads('family'), reads('channel'), reads('category')]).toEqual([1, 1, 1]);
		expect(env.sb.log.filter((r) => r.method === 'POST')).toHaveLength(20);
		for (const { sku } of input)
			expect(categoriesOf(demo().productBySku(sku))).toEqual(['web:kitchen']);
	});

	it('an update that names no family, channel or category reads none of them', async () => {
		const { sku } = demo().products[0];
		env.sb.clearLog();
		const { error } = await runPim(
			env.creds(),
			productWrite('update', { sku, columns: defineBelow({ name: 'Renamed by update' }) }),
			{ version: 2 },
		);
		expect(error).toBeUndefined();
		expect(env.sb.log.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /api/integration/attribute',
			'PUT /api/integration/product',
		]);
	});
});

describe('a read record writes back unchanged: a catalogue copied to another account', () => {
	const PIM_OWN = ['id', 'slug', 'updated_at', 'status', 'product_type_id', 'url'];
	/**
	 * Product records through the API, without the fields the PIM sets itself and the interface
	 * cannot write (id, slug, update time, product status and type, the product page's URL).
	 */
	async function records(domain: string): Promise<IDataObject[]> {
		const res = await fetch(`${env.sb.url}/api/integration/product?pagination[pageLimit]=1000`, {
			headers: { token: `${domain}-token`, 'x-domain': domain },
		});
		const body = (await res.json()) as { data: { record: IDataObject[] } };
		return body.data.record
			.map((record) => {
				const kept = { ...record };
				for (const key of PIM_OWN) delete kept[key];
				return kept;
			})
			.sort((a, b) => String(a.sku).localeCompare(String(b.sku)));
	}

	it('Get Many on one account → Create or Update (Map Automatically) on another: every field equal', async () => {
		env.sb.reset();
		const read = await runPim(
			env.creds(),
			{ resource: 'product', operation: 'getAll', returnAll: true },
			{ version: 2 },
		);
		expect(read.error).toBeUndefined();
		const source = read.items.map((i) => i.json);
		expect(source.length).toBeGreaterThanOrEqual(25);
		// Every kind of value is in the copy: multi-select lists, prices, dates, null images.
		expect(source.some((p) => Array.isArray(p.color) && (p.color as unknown[]).length > 1)).toBe(
			true,
		);
		expect(source.some((p) => p.image === null)).toBe(true);
		expect(
			source.some((p) => Array.isArray(p.category) && (p.category as unknown[]).length > 0),
		).toBe(true);

		const copy = await runPim(
			env.creds('copy'),
			productWrite('upsert', {
				channels: channels({ code: 'web', status: true }, 'amazon', 'retail'),
				categories: categories('={{ $json.category }}'),
				images: ['={{ $json.image }}'],
				columns: autoMap(),
			}),
			{ input: source, version: 2, continueOnFail: true },
		);
		const failed = copy.items.filter((i) => i.json.error);
		expect(failed.map((i) => i.json.error)).toEqual([]);
		expect(copy.items).toHaveLength(source.length);
		expect(await records('copy')).toEqual(await records('demo'));
		// No record field that is not an attribute value went out as one (family, category and
		// image go out as family_code, category[..] and image[] from their own parameters).
		const posts = env.sb.log.filter((r) => r.method === 'POST' && r.headers['x-domain'] === 'copy');
		expect(posts).toHaveLength(source.length);
		for (const post of posts)
			for (const key of [
				'id',
				'slug',
				'status',
				'updated_at',
				'product_type_id',
				'language_id',
				'family',
			])
				expect(Object.keys(post.body as IDataObject)).not.toContain(key);
	});
});
