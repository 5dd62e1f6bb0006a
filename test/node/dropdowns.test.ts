/**
 * Dropdowns and resource-locator lists, run through n8n-core's LoadOptionsContext (as the
 * editor's REST call runs them) against the sandbox.
 */
import type { INodeType } from 'n8n-workflow';

import {
	listSearch,
	loadOptions,
	nodeTypes,
	PIM_TYPE,
	TRIGGER_TYPE,
} from '../../harness/in-process';
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
const sortedNames = (list: string[]) =>
	[...list].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));

beforeEach(() => env.sb.clearLog());

describe('loadOptions', () => {
	it('families: value = code, label = title, sorted', async () => {
		const options = await loadOptions(env.creds(), 'getFamilies');
		expect(options.map((o) => o.value).sort()).toEqual(
			demo()
				.families.map((f) => f.code)
				.sort(),
		);
		expect(names(options)).toEqual(sortedNames(demo().families.map((f) => f.title)));
	});

	it('channels, locales and currencies: codes of the account', async () => {
		expect((await loadOptions(env.creds(), 'getChannels')).map((o) => o.value).sort()).toEqual(
			demo()
				.channels.map((c) => c.code)
				.sort(),
		);
		const locales = await loadOptions(env.creds(), 'getLocales');
		expect(locales.map((o) => o.value).sort()).toEqual(
			demo()
				.locales.map((l) => l.code)
				.sort(),
		);
		expect(locales.find((o) => o.value === 'en_US')?.name).toMatch(/\(en_US\)$/);
		expect((await loadOptions(env.creds(), 'getCurrencies')).map((o) => o.value).sort()).toEqual(
			demo()
				.currencies.map((c) => c.code)
				.sort(),
		);
	});

	it('attributes: the label shows title and type, read across all pages', async () => {
		const options = await loadOptions(env.creds('wide'), 'getFilterAttributes', {
			resource: 'product',
			operation: 'getAll',
		});
		const attributes = env.sb.account('wide').attributes;
		expect(attributes.length).toBeGreaterThan(2500);
		expect(options).toHaveLength(attributes.length);
		const first = attributes[0];
		expect(options.find((o) => o.value === first.code)?.name).toBe(
			`${first.title} (${first.type})`,
		);
		expect(names(options)).toEqual(sortedNames(names(options)));
		expect(env.sb.log.length).toBe(Math.ceil(attributes.length / 1000));
	});

	it('attributes for product values: every attribute of the account, whatever channel is chosen', async () => {
		// A channel's attribute list is no limit on what a product takes (the PIM accepts the others).
		const channel = demo().channels.find((c) => c.attributeCodes !== 'all')!;
		expect(demo().channelAttributes(channel).length).toBeLessThan(demo().attributes.length);
		const options = await loadOptions(env.creds(), 'getAttributes', {
			resource: 'product',
			operation: 'create',
			channels: { channel: [{ code: channel.code }] },
		});
		expect(options.map((o) => o.value).sort()).toEqual(
			demo()
				.attributes.map((a) => a.code)
				.sort(),
		);
		expect(env.sb.log.some((r) => r.path === '/api/integration/channel/attribute')).toBe(false);
	});

	it('categories: label is the nested path and the channel; the same list whatever channel is chosen', async () => {
		const all = await loadOptions(env.creds(), 'getCategories');
		expect(all).toHaveLength(demo().categories.length);
		const deep = demo().categories.find((c) => c.path.split('/').length >= 3)!;
		const channel = demo().channels.find((c) => c.code === deep.channelCode)!;
		expect(all.map((o) => o.name)).toContain(
			`${deep.path.split('/').join(' / ')} (${channel.name})`,
		);
		const withChannel = await loadOptions(env.creds(), 'getCategories', {
			resource: 'product',
			operation: 'assignCategory',
			channelCode: demo().channels[1].code,
		});
		expect(withChannel).toEqual(all);
	});

	it('no dropdown fails on an expression in another parameter', async () => {
		// What the editor sends when Channels / Channel hold expressions it cannot resolve before a
		// run: the raw expression, or null.
		for (const parameters of [
			{
				resource: 'product',
				operation: 'create',
				channels: { channel: [{ code: '={{ $json.Channel }}' }] },
			},
			{ resource: 'product', operation: 'create', channels: null },
			{ resource: 'product', operation: 'assignCategory', channelCode: '={{ $json.channel }}' },
		]) {
			for (const method of [
				'getAttributes',
				'getCategories',
				'getChannels',
				'getFamilies',
				'getLocales',
			]) {
				const options = await loadOptions(env.creds(), method, parameters as never);
				expect(options.length).toBeGreaterThan(0);
			}
		}
	});

	it('no dropdown or mapper depends on another parameter (the editor would evaluate its expression)', () => {
		// n8n's editor resolves every parameter named in loadOptionsDependsOn without input data and
		// fails the dropdown when one holds an expression such as {{ $json.Channel }}.
		const found: string[] = [];
		const walk = (value: unknown, path: string) => {
			if (!value || typeof value !== 'object') return;
			const typeOptions = (value as { typeOptions?: { loadOptionsDependsOn?: unknown } })
				.typeOptions;
			if (typeOptions?.loadOptionsDependsOn) found.push(path);
			for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
		};
		for (const type of [PIM_TYPE, TRIGGER_TYPE])
			walk((nodeTypes.getByName(type) as INodeType).description.properties, type);
		expect(found).toEqual([]);
	});

	it('an empty account gives empty lists', async () => {
		for (const method of [
			'getFamilies',
			'getChannels',
			'getAttributes',
			'getLocales',
			'getCategories',
			'getCurrencies',
		]) {
			expect(await loadOptions(env.creds('empty'), method)).toEqual([]);
		}
	});

	it('a bad token gives a clear error', async () => {
		await expect(loadOptions(env.creds('demo', 'bad-token'), 'getFamilies')).rejects.toThrow(
			/token/i,
		);
	});
});

describe('resource locator lists', () => {
	it('products: one page per call, continued with the pagination token', async () => {
		const first = await listSearch(env.creds(), 'searchProducts');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({
			name: `${demo().products[0].values.name} (${demo().products[0].sku})`,
			value: String(demo().products[0].id),
		});
		expect(first.paginationToken).toBe('2');
		expect(env.sb.log).toHaveLength(1);
		const second = await listSearch(
			env.creds(),
			'searchProducts',
			undefined,
			first.paginationToken,
		);
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
		expect(result.results.map((r) => r.value).sort()).toEqual(
			records()
				.map((r) => String(r.id))
				.sort(),
		);
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
