/**
 * What the interface lacks, built on its endpoints: lookup and upsert by SKU through n8n's
 * engine, and the polling trigger across several polls.
 */
import { pimTriggerPoller, runPim } from '../../harness/in-process';
import { attributes, channels, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox();
const account = () => env.sb.account('demo');

beforeEach(() => {
	env.sb.reset();
	env.sb.setNow(null);
});

describe('product.getBySku', () => {
	it('finds the product through filter[sku]', async () => {
		const product = account().products[6];
		env.sb.clearLog();
		const { items, error } = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getBySku',
			sku: product.sku,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: product.id, sku: product.sku });
		expect(env.sb.log[0]).toMatchObject({
			method: 'GET',
			path: '/api/integration/product',
			query: { 'filter[sku]': product.sku },
		});
	});

	it('not found: an error naming the SKU, or no item by option', async () => {
		const failed = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getBySku',
			sku: 'NOPE-1',
		});
		expect(failed.error?.message).toBe('No product has the SKU "NOPE-1"');
		const empty = await runPim(env.creds(), {
			resource: 'product',
			operation: 'getBySku',
			sku: 'NOPE-1',
			ifNotFound: 'empty',
		});
		expect(empty.error).toBeUndefined();
		expect(empty.items).toHaveLength(0);
	});
});

describe('product.upsert', () => {
	const upsert = (extra = {}) =>
		productWrite('upsert', {
			familyCode: 'clothing',
			channels: channels({ code: 'web', status: true }),
			attributes: attributes({ name: '={{ $json.name }}' }),
			...extra,
		});

	it('creates new SKUs and updates existing ones, saying which', async () => {
		const existing = account().products[0];
		const { items, error } = await runPim(env.creds(), upsert(), {
			input: [
				{ sku: 'UP-NEW-1', name: 'Fresh' },
				{ sku: existing.sku, name: 'Refreshed' },
			],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.operation, i.json.sku])).toEqual([
			['created', 'UP-NEW-1'],
			['updated', existing.sku],
		]);
		expect(account().productBySku('UP-NEW-1')!.values.name).toBe('Fresh');
		expect(account().productBySku(existing.sku)!.values.name).toBe('Refreshed');
		const put = env.sb.log.find((r) => r.method === 'PUT')!;
		expect(put.body).toMatchObject({
			sku: existing.sku,
			is_data_overwrite: '0',
			name: 'Refreshed',
		});
	});

	it('the same new SKU twice in one batch creates one product, then updates it', async () => {
		const { items, error } = await runPim(env.creds(), upsert(), {
			input: [
				{ sku: 'DUP-1', name: 'First' },
				{ sku: 'DUP-2', name: 'Other' },
				{ sku: 'DUP-1', name: 'Second' },
				{ sku: 'DUP-1', name: 'Third' },
			],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.operation)).toEqual([
			'created',
			'created',
			'updated',
			'updated',
		]);
		expect(account().products.filter((p) => p.sku === 'DUP-1')).toHaveLength(1);
		expect(account().productBySku('DUP-1')!.values.name).toBe('Third');
		expect(env.sb.log.filter((r) => r.method === 'POST')).toHaveLength(2);
	});

	it('works under rate limiting without duplicates', async () => {
		env.sb.setFaults({ rateLimit: { rps: 200, maxConcurrent: 2 } });
		const input = Array.from({ length: 60 }, (_, i) => ({ sku: `RL-${i % 20}`, name: `n${i}` }));
		const { items, error } = await runPim(env.creds(), upsert(), { input });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(60);
		expect(items.filter((i) => i.json.operation === 'created')).toHaveLength(20);
		expect(account().products.filter((p) => p.sku.startsWith('RL-'))).toHaveLength(20);
	});
});

describe('PIM Trigger', () => {
	const at = (s: string) => new Date(`2030-01-01T00:00:${s}Z`);

	it('starts from now, then emits each change once, including changes sharing one timestamp', async () => {
		const poller = pimTriggerPoller(env.creds(), {});
		expect(await poller.poll()).toBeNull(); // first activation: from now on

		env.sb.setNow(at('10'));
		const [a, b, c] = account().products;
		account().touchProduct(a.sku);
		account().touchProduct(b.sku);
		let out = await poller.poll();
		expect(out![0].map((i) => i.json.sku)).toEqual([a.sku, b.sku]);

		// Same second as the cursor: c changes after the poll, a and b do not change again.
		account().touchProduct(c.sku);
		out = await poller.poll();
		expect(out![0].map((i) => i.json.sku)).toEqual([c.sku]);

		expect(await poller.poll()).toBeNull();

		env.sb.setNow(at('11'));
		account().touchProduct(a.sku);
		const created = await runPim(
			env.creds(),
			productWrite('create', { sku: 'TRIG-NEW', familyCode: 'shoes' }),
		);
		expect(created.error).toBeUndefined();
		out = await poller.poll();
		expect(out![0].map((i) => i.json.sku)).toEqual([a.sku, 'TRIG-NEW']);
		expect(await poller.poll()).toBeNull();
	});

	it('emits everything once on the first poll when asked to', async () => {
		const poller = pimTriggerPoller(env.creds(), { options: { emitExisting: true } });
		const out = await poller.poll();
		expect(out![0]).toHaveLength(account().products.length);
		expect(await poller.poll()).toBeNull();
	});

	it('filters by family and by category', async () => {
		const family = account().families[1];
		const byFamily = pimTriggerPoller(env.creds(), { filters: { familyCode: family.code } });
		await byFamily.poll();
		const category = account().categories.find((cat) => cat.parent_id === null)!;
		const byCategory = pimTriggerPoller(env.creds(), {
			filters: { categoryCode: category.code, channelCode: category.channelCode },
		});
		await byCategory.poll();

		env.sb.setNow(at('20'));
		for (const p of account().products) account().touchProduct(p.sku);
		const familyOut = await byFamily.poll();
		const expectedFamily = account()
			.products.filter((p) => p.familyCode === family.code)
			.map((p) => p.sku);
		expect(expectedFamily.length).toBeGreaterThan(0);
		expect(familyOut![0].map((i) => i.json.sku)).toEqual(expectedFamily);

		const categoryOut = await byCategory.poll();
		const inCategory = account()
			.productsInCategory(category)
			.map((p) => p.sku)
			.sort();
		expect(inCategory.length).toBeGreaterThan(0);
		expect(categoryOut![0].map((i) => String(i.json.sku)).sort()).toEqual(inCategory);
	});

	it('a manual test run shows the latest change without moving the cursor', async () => {
		const poller = pimTriggerPoller(env.creds(), {});
		await poller.poll();
		env.sb.setNow(at('30'));
		const p = account().products[3];
		account().touchProduct(p.sku);
		const manual = await poller.poll('manual');
		expect(manual![0].map((i) => i.json.sku)).toEqual([p.sku]);
		const real = await poller.poll();
		expect(real![0].map((i) => i.json.sku)).toEqual([p.sku]);
	});
});
