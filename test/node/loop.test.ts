/**
 * A sync in Loop Over Items (#30, point 2): the node runs once per batch in one workflow
 * execution, and reads the account's catalogue and reference lists once for the execution, not
 * once per batch. What it read stays in step with its own writes: a product created in one batch
 * is found in a later one (updated, never created twice). The next execution reads again.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPimInBatches } from '../../harness/in-process';
import { autoMap, categories, channels, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({ accounts: [{ domain: 'loop', token: 'loop-token', products: 0 }] });

const upsert: INodeParameters = productWrite('upsert', {
	channels: channels({ code: 'Web Store', status: true }),
	categories: categories('={{ $json.category }}'),
	columns: autoMap(),
	upsertOptions: { lookup: 'allProducts', skipUnchanged: true },
});

const rows = (n: number, name = 'Product') =>
	Array.from({ length: n }, (_, i) => ({
		sku: `LOOP-${i}`,
		family: 'Clothing',
		category: 'Clothing > Pants > Jeans',
		name: `${name} ${i}`,
	}));

/** The sandbox's API requests of the account, by path ("GET /product"). */
function requestsByPath(): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const r of env.sb.log.filter((r) => r.headers['x-domain'] === 'loop')) {
		const key = `${r.method} ${r.path.replace('/api/integration', '')}`;
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

async function syncInBatches(input: IDataObject[], batchSize: number) {
	const { runs, error } = await runPimInBatches(env.creds('loop'), upsert, {
		input,
		batchSize,
		version: 2,
	});
	expect(error).toBeUndefined();
	return runs.map((items) => items.map((i) => i.json.operation));
}

/** One execution's reads: the catalogue (one page) and each list, once. */
const READ_ONCE = {
	'GET /product': 1,
	'GET /attribute': 1,
	'GET /family': 1,
	'GET /channel': 1,
	'GET /category': 1,
};

beforeEach(() => env.sb.clearLog());

it('reads the catalogue and each reference list once per execution, not once per batch', async () => {
	const ops = await syncInBatches(rows(50), 10);
	expect(ops).toEqual(Array(5).fill(Array(10).fill('created')));
	expect(requestsByPath()).toEqual({ ...READ_ONCE, 'POST /product': 50 });

	// The next execution reads again (what it read is freed with the execution), and writes only
	// the changed rows.
	env.sb.clearLog();
	const changed = rows(50).map((r, i) => (i % 10 === 3 ? { ...r, name: `Renamed ${i}` } : r));
	const again = await syncInBatches(changed, 10);
	expect(again).toEqual(
		Array(5).fill(Array.from({ length: 10 }, (_, i) => (i === 3 ? 'updated' : 'unchanged'))),
	);
	expect(requestsByPath()).toEqual({ ...READ_ONCE, 'PUT /product': 5 });
});

it('a product created in one batch is found in a later batch: updated, never created twice', async () => {
	const first = {
		sku: 'LOOP-NEW',
		family: 'Clothing',
		category: 'Clothing > Pants > Jeans',
		name: 'First',
	};
	const input = [first, ...rows(25, 'Other').map((r) => ({ ...r, sku: `LOOP2-${r.sku}` }))];
	input.push({ ...first, name: 'Second' }, { ...first, name: 'Second' });
	const ops = (await syncInBatches(input, 10)).flat();
	expect(ops[0]).toBe('created');
	expect(ops.slice(-2)).toEqual(['updated', 'unchanged']);
	const posts = env.sb.log.filter(
		(r) => r.method === 'POST' && (r.body as IDataObject)?.sku === 'LOOP-NEW',
	);
	expect(posts).toHaveLength(1);
	expect(requestsByPath()['GET /product']).toBe(1);
});
