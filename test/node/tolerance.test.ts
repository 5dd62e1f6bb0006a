/**
 * Another server, written only from the interface document, may answer differently where the
 * document leaves room. This minimal one does: show endpoints answer a one-element array,
 * numbers come as strings, a list may repeat a SKU, write answers carry no data.
 */
import { sendEnvelope, useMinimalServer } from '../helpers/minimal-server';
import { runPim } from '../../harness/in-process';
import { productWrite } from '../../harness/product-write';

const products = Array.from({ length: 7 }, (_, i) => ({
	id: String(i + 1),
	sku: i === 6 ? 'SKU-1' : `SKU-${i + 1}`,
	name: `P${i + 1}`,
}));

// Numbers as strings, status_code included.
const send = (res: Parameters<typeof sendEnvelope>[0], data: unknown, status = 200) =>
	sendEnvelope(res, data, { status, statusCode: String(status) });

const server = useMinimalServer(
	(url, req, res) => {
		const page = Number(url.searchParams.get('pagination[currentPage]') ?? 1);
		const limit = Number(url.searchParams.get('pagination[pageLimit]') ?? 3);
		if (url.pathname === '/api/integration/product/show') {
			return send(
				res,
				products.filter((p) => p.id === url.searchParams.get('id')),
			);
		}
		if (url.pathname === '/api/integration/product' && req.method === 'GET') {
			const sku = url.searchParams.get('filter[sku]');
			const list = sku ? products.filter((p) => p.sku.startsWith(sku)) : products;
			return send(res, {
				record: list.slice((page - 1) * limit, page * limit),
				recordsTotal: String(list.length),
				currentPage: String(page),
				pageLimit: String(limit),
			});
		}
		if (url.pathname === '/api/integration/product' && req.method === 'POST')
			return send(res, null);
		send(res, null, 404);
	},
	{ domain: 'other', token: 'other-token' },
);

it('a show answering a one-element array gives the record', async () => {
	const { items, error } = await runPim(server.creds(), {
		resource: 'product',
		operation: 'get',
		productId: { __rl: true, mode: 'id', value: '2' },
	});
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json)).toEqual([{ id: '2', sku: 'SKU-2', name: 'P2' }]);
});

it('a show answering an empty array is a clear not-found', async () => {
	const { error } = await runPim(server.creds(), {
		resource: 'product',
		operation: 'get',
		productId: { __rl: true, mode: 'id', value: '99' },
	});
	expect(error?.message).toBe('The PIM returned no product');
});

it('pagination works with numbers given as strings', async () => {
	const { items, error } = await runPim(server.creds(), {
		resource: 'product',
		operation: 'getAll',
		returnAll: true,
		options: { pageSize: 3 },
	});
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
});

it('getBySku re-checks the SKU exactly, and reports two records with one SKU', async () => {
	// filter[sku]=SKU-1 here matches by prefix (SKU-1 and a second SKU-1): two exact matches.
	const { error } = await runPim(server.creds(), {
		resource: 'product',
		operation: 'getBySku',
		sku: 'SKU-1',
	});
	expect(error?.message).toBe('2 products have the SKU "SKU-1"');
	const { items } = await runPim(server.creds(), {
		resource: 'product',
		operation: 'getBySku',
		sku: 'SKU-2',
	});
	expect(items.map((i) => i.json.sku)).toEqual(['SKU-2']);
});

it('a write answered without data still gives one item', async () => {
	const { items, error } = await runPim(
		server.creds(),
		productWrite('create', { sku: 'N-1', familyCode: 'f' }),
	);
	expect(error).toBeUndefined();
	expect(items.map((i) => i.json)).toEqual([{ success: true, message: null, data: null }]);
});
