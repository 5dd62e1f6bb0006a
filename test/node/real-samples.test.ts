/**
 * The real service's documented answers, served by a minimal server written from the interface
 * document and those samples (not the sandbox): lists without recordsTotal/currentPage (the
 * samples were cut), "Attribute List" as the product list's message, families newest first,
 * products last update first, values as people typed them. Every value reaches the output as
 * the PIM sent it.
 */
import type { IDataObject } from 'n8n-workflow';

import { sendEnvelope, useMinimalServer } from '../helpers/minimal-server';
import { loadOptions, pimTriggerPoller, runPim } from '../../harness/in-process';
import {
	REAL_CATEGORIES,
	REAL_CHANNEL_SHOW,
	REAL_CHANNELS,
	REAL_FAMILIES,
	REAL_PRODUCTS,
} from '../fixtures/real-service';

const LISTS: Record<string, { message: string; records: IDataObject[] }> = {
	'/api/integration/product': { message: 'Attribute List', records: REAL_PRODUCTS },
	'/api/integration/category': { message: 'Attribute List', records: REAL_CATEGORIES },
	'/api/integration/family': { message: 'Family List', records: REAL_FAMILIES },
};

const server = useMinimalServer(
	(url, req, res) => {
		const list = LISTS[url.pathname];
		if (list && req.method === 'GET') {
			const page = Number(url.searchParams.get('pagination[currentPage]') ?? 1);
			const limit = Number(url.searchParams.get('pagination[pageLimit]') ?? 10);
			// Only `record`: no recordsTotal, currentPage or pageLimit, as in the stored samples.
			return sendEnvelope(
				res,
				{ record: list.records.slice((page - 1) * limit, page * limit) },
				{ message: list.message },
			);
		}
		if (url.pathname === '/api/integration/channel')
			return sendEnvelope(res, REAL_CHANNELS, { message: 'Channel List' });
		if (url.pathname === '/api/integration/channel/show')
			return sendEnvelope(res, REAL_CHANNEL_SHOW, { message: 'Channel Information' });
		sendEnvelope(res, null, { status: 404, message: 'Not found' });
	},
	{ domain: 'acme', token: 'real-token' },
);
const seen = server.seen;

const json = (items: Array<{ json: IDataObject }>) => items.map((i) => i.json);

it('products come out exactly as the PIM sent them: strings, commas, spaces, nulls, absent fields', async () => {
	const { items, error } = await runPim(server.creds(), {
		resource: 'product',
		operation: 'getAll',
		returnAll: true,
		options: { pageSize: 2 },
	});
	expect(error).toBeUndefined();
	expect(json(items)).toEqual(REAL_PRODUCTS);
	const [first, second] = json(items);
	expect(first.upc).toBe('4983972973');
	expect(first.banner).toContain('Activity Log_300px.png');
	expect(second.price).toBe('392,12 USD');
	expect(second).not.toHaveProperty('banner');
	expect(second.image).toBeNull();
	// Without recordsTotal the pages are followed until a short one: 2 + 1 records.
	expect(seen.filter((r) => r.startsWith('GET /api/integration/product?'))).toHaveLength(2);
});

it('a Limit inside the list, families newest first, categories as sent', async () => {
	const limited = await runPim(server.creds(), {
		resource: 'product',
		operation: 'getAll',
		returnAll: false,
		limit: 2,
	});
	expect(json(limited.items)).toEqual(REAL_PRODUCTS.slice(0, 2));
	const families = await runPim(server.creds(), {
		resource: 'family',
		operation: 'getAll',
		returnAll: true,
	});
	expect(json(families.items)).toEqual(REAL_FAMILIES);
	const categories = await runPim(server.creds(), {
		resource: 'category',
		operation: 'getAll',
		returnAll: true,
	});
	expect(json(categories.items)).toEqual(REAL_CATEGORIES);
});

it('a show record with fewer fields than the list record is given as sent', async () => {
	const { items, error } = await runPim(server.creds(), {
		resource: 'channel',
		operation: 'get',
		channelId: { __rl: true, mode: 'id', value: '1' },
	});
	expect(error).toBeUndefined();
	expect(json(items)).toEqual([REAL_CHANNEL_SHOW]);
});

it('dropdowns read codes that keep their case, titles with quotes, category paths', async () => {
	const families = await loadOptions(server.creds(), 'getFamilies');
	expect(families.map((o) => o.value)).toEqual(
		expect.arrayContaining(['IC', 'Condenser', 'holder']),
	);
	expect(families.find((o) => o.value === 'IC')!.name).toContain("IC's");
	const categories = await loadOptions(server.creds(), 'getCategories');
	expect(categories.find((o) => o.value === 'sweatshirt')!.name).toContain(
		'Fashion / T-shirt / Adidas / Sweat Wear',
	);
});

it('the trigger takes the sample product order as last update first and emits a later change once', async () => {
	const poller = pimTriggerPoller(server.creds(), {});
	expect(await poller.poll()).toBeNull();
	// Another product is updated: the PIM lists it first.
	const changed = { ...REAL_PRODUCTS[2], updated_at: '2023-10-19 08:00:00', inStock: '12' };
	const original = REAL_PRODUCTS.slice();
	REAL_PRODUCTS.splice(0, REAL_PRODUCTS.length, changed, original[0], original[1]);
	try {
		const out = await poller.poll();
		expect(out![0].map((i) => i.json)).toEqual([changed]);
		expect(await poller.poll()).toBeNull();
	} finally {
		REAL_PRODUCTS.splice(0, REAL_PRODUCTS.length, ...original);
	}
});
