/**
 * Dropdowns and resource-locator lists, run through n8n-core's LoadOptionsContext (as the
 * editor's REST call runs them) against the sandbox.
 */
import { listSearch, loadOptions } from '../helpers/n8n';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	products: 1200,
	accounts: [
		{ domain: 'empty', token: 'empty-token', empty: true },
		{ domain: 'wide', token: 'wide-token', products: 30, extraAttributes: 2500 },
	],
});
const demo = () => env.sb.account('demo');
const names = (options: Array<{ name: string }>) => options.map((o) => o.name);
const sortedNames = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));

beforeEach(() => env.sb.clearLog());

describe('loadOptions', () => {
	it('families: value = code, label = title, sorted', async () => {
		const options = await loadOptions(env.creds(), 'getFamilies');
		expect(options.map((o) => o.value).sort()).toEqual(demo().families.map((f) => f.code).sort());
		expect(names(options)).toEqual(sortedNames(demo().families.map((f) => f.title)));
	});

	it('channels, locales and currencies: codes of the account', async () => {
		expect((await loadOptions(env.creds(), 'getChannels')).map((o) => o.value).sort()).toEqual(demo().channels.map((c) => c.code).sort());
		const locales = await loadOptions(env.creds(), 'getLocales');
		expect(locales.map((o) => o.value).sort()).toEqual(demo().locales.map((l) => l.code).sort());
		expect(locales.find((o) => o.value === 'en_US')?.name).toMatch(/\(en_US\)$/);
		expect((await loadOptions(env.creds(), 'getCurrencies')).map((o) => o.value).sort()).toEqual(demo().currencies.map((c) => c.code).sort());
	});

	it('attributes: the label shows title and type, read across all pages', async () => {
		const options = await loadOptions(env.creds('wide'), 'getFilterAttributes', { resource: 'product', operation: 'getAll' });
		const attributes = env.sb.account('wide').attributes;
		expect(attributes.length).toBeGreaterThan(2500);
		expect(options).toHaveLength(attributes.length);
		const first = attributes[0];
		expect(options.find((o) => o.value === first.code)?.name).toBe(`${first.title} (${first.type})`);
		expect(names(options)).toEqual(sortedNames(names(options)));
		expect(env.sb.log.length).toBe(Math.ceil(attributes.length / 1000));
	});

	it('attributes for product values follow the chosen channel', async () => {
		const channel = demo().channels.find((c) => c.attributeCodes !== 'all') ?? demo().channels[0];
		const options = await loadOptions(env.creds(), 'getAttributes', {
			resource: 'product',
			operation: 'create',
			channels: { channel: [{ code: channel.code }] },
		});
		expect(options.map((o) => o.value).sort()).toEqual(demo().channelAttributes(channel).map((a) => a.code).sort());
		expect(env.sb.log.some((r) => r.path === '/api/integration/channel/attribute')).toBe(true);
	});

	it('categories: label is the nested path; limited to the chosen channel', async () => {
		const all = await loadOptions(env.creds(), 'getCategories');
		expect(all).toHaveLength(demo().categories.length);
		const deep = demo().categories.find((c) => c.path.split('/').length >= 3)!;
		expect(all.map((o) => o.name)).toContainEqual(expect.stringContaining(deep.path.split('/').join(' / ')));
		const channel = demo().channels[1];
		const scoped = await loadOptions(env.creds(), 'getCategories', { resource: 'product', operation: 'assignCategory', channelCode: channel.code });
		expect(scoped.length).toBe(demo().categories.filter((c) => c.channelCode === channel.code).length);
	});

	it('an empty account gives empty lists', async () => {
		for (const method of ['getFamilies', 'getChannels', 'getAttributes', 'getLocales', 'getCategories', 'getCurrencies']) {
			expect(await loadOptions(env.creds('empty'), method)).toEqual([]);
		}
	});

	it('a bad token gives a clear error', async () => {
		await expect(loadOptions(env.creds('demo', 'bad-token'), 'getFamilies')).rejects.toThrow(/token/i);
	});
});

describe('resource locator lists', () => {
	it('products: one page per call, continued with the pagination token', async () => {
		const first = await listSearch(env.creds(), 'searchProducts');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: `${demo().products[0].values.name} (${demo().products[0].sku})`, value: String(demo().products[0].id) });
		expect(first.paginationToken).toBe('2');
		expect(env.sb.log).toHaveLength(1);
		const second = await listSearch(env.creds(), 'searchProducts', undefined, first.paginationToken);
		expect(second.results[0].value).toBe(String(demo().products[100].id));
		let token = second.paginationToken;
		let pages = 2;
		while (token) {
			token = (await listSearch(env.creds(), 'searchProducts', undefined, token)).paginationToken;
			pages++;
		}
		expect(pages).toBe(12); // 1200 products, 100 per page: ends without a token
	});

	it('products: search by SKU or name scans a few pages per call', async () => {
		const target = demo().products[1100];
		let token: string | undefined;
		const found: string[] = [];
		do {
			const page = await listSearch(env.creds(), 'searchProducts', target.sku, token);
			found.push(...page.results.map((r) => String(r.value)));
			token = page.paginationToken;
		} while (token);
		expect(found).toEqual([String(target.id)]);
	});

	it.each([
		['searchFamilies', () => demo().families],
		['searchAttributes', () => demo().attributes],
		['searchRelations', () => demo().relations],
		['searchChannels', () => demo().channels],
		['searchLocales', () => demo().locales],
		['searchCurrencies', () => demo().currencies],
		['searchCategories', () => demo().categories],
	] as const)('%s lists every record, and filters', async (method, records) => {
		const result = await listSearch(env.creds(), method);
		expect(result.results.map((r) => r.value).sort()).toEqual(records().map((r) => String(r.id)).sort());
		const target = records()[records().length - 1] as { id: number; code: string };
		const filtered = await listSearch(env.creds(), method, target.code.toUpperCase());
		expect(filtered.results.map((r) => r.value)).toContain(String(target.id));
		expect(filtered.results.length).toBeLessThan(result.results.length + 1);
	});

	it('an empty account gives empty lists', async () => {
		expect((await listSearch(env.creds('empty'), 'searchProducts')).results).toEqual([]);
		expect((await listSearch(env.creds('empty'), 'searchCategories')).results).toEqual([]);
	});
});
