/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Lists of any order and size: Options → Start Page / Max Pages read one slice per input item,
 * and Return All stays exact when the PIM lists newest first or last-updated first while records
 * change between pages. Run through n8n-core against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ListOrder } from '../../sandbox/server';
import { credentialReads, runPim } from '../../harness/in-process';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	accounts: [{ domain: 'moving', token: 'moving-token', products: 300 }],
});

beforeEach(() => {
	env.sb.reset();
	env.sb.setFaults({});
	env.sb.account('moving').configure({ listOrder: 'id' });
});

const ids = (items: Array<{ json: IDataObject }>) => items.map((i) => Number(i.json.id));
const productGets = () =>
	env.sb.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product');

describe('slices: Options → Start Page and Max Pages', () => {
	const demoIds = () => env.sb.account('demo').products.map((p) => p.id);
	const slice = (options: IDataObject, extra: IDataObject = {}) =>
		runPim(env.creds(), {
			resource: 'product',
			operation: 'getAll',
			returnAll: true,
			options,
			...extra,
		});

	it('reads the credential once per item, not once per page', async () => {
		credentialReads.count = 0;
		env.sb.clearLog();
		const { items } = await slice({ pageSize: 5 });
		expect(items).toHaveLength(25);
		expect(productGets()).toHaveLength(5);
		// n8n reads it once more for the routing it builds before the node's own request.
		expect(credentialReads.count).toBeLessThanOrEqual(2);
	});

	it('reads pages 2 to 2 of 10: records 11-20', async () => {
		env.sb.clearLog();
		const { items, error } = await slice({ pageSize: 10, startPage: 2, maxPages: 1 });
		expect(error).toBeUndefined();
		expect(ids(items)).toEqual(demoIds().slice(10, 20));
		expect(productGets().map((r) => r.query['pagination[currentPage]'])).toEqual(['2']);
	});

	it('a slice over the end returns the last partial page; beyond the end, nothing', async () => {
		expect(ids((await slice({ pageSize: 10, startPage: 3, maxPages: 5 })).items)).toEqual(
			demoIds().slice(20),
		);
		env.sb.clearLog();
		const beyond = await slice({ pageSize: 10, startPage: 4, maxPages: 1 });
		expect(beyond.error).toBeUndefined();
		expect(beyond.items).toHaveLength(0);
		expect(productGets()).toHaveLength(1);
	});

	it('Limit applies inside the slice, and a slice without Page Size counts pages of 1000', async () => {
		const limited = await slice(
			{ pageSize: 10, startPage: 2, maxPages: 2 },
			{ returnAll: false, limit: 5 },
		);
		expect(ids(limited.items)).toEqual(demoIds().slice(10, 15));
		env.sb.clearLog();
		const { items } = await slice({ startPage: 2 });
		expect(items).toHaveLength(0); // 25 products: page 2 of 1000 is empty
		expect(productGets()[0].query['pagination[pageLimit]']).toBe('1000');
	});

	it('one input item per slice reads every record once, in order', async () => {
		const { items, error } = await runPim(
			env.creds(),
			{
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				options: { pageSize: 4, startPage: '={{ $json.page }}', maxPages: 2 },
			},
			{ input: [1, 3, 5, 7].map((page) => ({ page })) },
		);
		expect(error).toBeUndefined();
		expect(ids(items)).toEqual(demoIds());
		// Each record is paired with the slice that read it.
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual(
			demoIds().map((_, index) => Math.floor(index / 8)),
		);
	});

	it.each([
		[{ startPage: 0 }, /"Start Page" must be a number of at least 1/],
		[{ startPage: 1.5 }, /"Start Page" must be a whole number/],
		[{ maxPages: -1 }, /"Max Pages" must be a whole number of at least 0/],
		[{ maxPages: 'many' }, /"Max Pages" must be a whole number/],
	])('refuses %j before sending anything', async (options, message) => {
		env.sb.clearLog();
		const { error } = await slice(options);
		expect(error?.message).toMatch(message);
		expect(env.sb.log).toHaveLength(0);
	});
});

describe.each<ListOrder>(['id', 'id-desc', 'updated-desc'])(
	'Return All in list order %s',
	(order) => {
		const account = () => env.sb.account('moving');

		it('returns every record exactly once', async () => {
			account().configure({ listOrder: order });
			const { items, error } = await runPim(env.creds('moving'), {
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				options: { pageSize: 25 },
			});
			expect(error).toBeUndefined();
			const got = ids(items);
			expect(new Set(got).size).toBe(300);
			expect(got.slice().sort((a, b) => a - b)).toEqual(account().products.map((p) => p.id));
			if (order === 'id-desc') expect(got[0]).toBeGreaterThan(got[1]);
		});

		it('loses and doubles nothing while products are updated and created between pages', async () => {
			account().configure({ listOrder: order });
			env.sb.setFaults({ latencyMs: 15 });
			const before = account().products.map((p) => p.id);
			const base = Date.now() + 86_400_000;
			let step = 0;
			// Every 5 ms: touch a product from the back half (it jumps to the front of a
			// last-updated-first list), and now and then create one (the front of a newest-first list).
			const writer = setInterval(() => {
				step++;
				const sku = account().products[150 + ((step * 7) % 150)].sku;
				account().touchProduct(sku, new Date(base + step * 1000));
				if (step % 3 === 0)
					account().createProduct({
						sku: `NEW-${order}-${step}`,
						familyCode: account().families[0].code,
					});
			}, 5);
			const run = runPim(env.creds('moving'), {
				resource: 'product',
				operation: 'getAll',
				returnAll: true,
				options: { pageSize: 25 },
			});
			let result;
			try {
				result = await run;
			} finally {
				clearInterval(writer);
			}
			expect(result.error).toBeUndefined();
			expect(step).toBeGreaterThan(10);
			const got = ids(result.items);
			expect(new Set(got).size).toBe(got.length); // nothing doubled
			const missing = before.filter((id) => !got.includes(id));
			expect(missing).toEqual([]); // nothing that existed for the whole read is lost
		});
	},
);
