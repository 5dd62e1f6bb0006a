/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * The PIM Trigger under each list order: the same changes are emitted exactly once whatever the
 * order, and when the PIM lists products last-updated first a poll reads only down to the
 * previous poll. Requests per poll are measured on 100 000 products (printed, and bounded).
 */
import type { ListOrder } from '../../sandbox/server';
import { pimTriggerPoller } from '../../harness/in-process';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	accounts: [{ domain: 'big', token: 'big-token', products: 100_000 }],
});
const account = () => env.sb.account('big');
const productReads = () =>
	env.sb.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product').length;

const measured: string[] = [];
afterAll(() => {
	process.stdout.write(`\nrequests per poll, 100 000 products:\n${measured.join('\n')}\n`);
});

describe.each<[ListOrder, number]>([
	['id', 100],
	['id-desc', 100],
	['updated-desc', 1],
])('list order %s', (order, expectedReads) => {
	it(`emits each change once; a poll reads ${expectedReads} page(s)`, async () => {
		env.sb.reset();
		env.sb.setNow(new Date('2031-01-01T00:00:00Z'));
		account().configure({ listOrder: order });
		const poller = pimTriggerPoller(env.creds('big'), {});

		env.sb.clearLog();
		expect(await poller.poll()).toBeNull(); // activation: from now on
		const activation = productReads();

		env.sb.clearLog();
		expect(await poller.poll()).toBeNull();
		const idle = productReads();

		// 10 changes, two of them in the same second, one at the cursor's second + 1.
		const skus = [5, 999, 1000, 1001, 25_000, 50_000, 70_001, 88_888, 99_999, 100_000].map(
			(n) => account().products[n - 1].sku,
		);
		skus.forEach((sku, i) => {
			env.sb.setNow(new Date(Date.UTC(2031, 0, 1, 0, 0, 1 + Math.floor(i / 2))));
			account().touchProduct(sku);
		});
		env.sb.clearLog();
		const out = await poller.poll();
		const changed = productReads();
		expect(out![0].map((i) => i.json.sku)).toEqual(skus);

		env.sb.clearLog();
		expect(await poller.poll()).toBeNull();
		measured.push(`  ${order}: activation ${activation}, no change ${idle}, 10 changes ${changed}`);

		expect(idle).toBe(expectedReads);
		expect(changed).toBe(expectedReads);
		expect(activation).toBe(expectedReads);
		env.sb.setNow(null);
		// 400 pages of 1 000 products at most: minutes on a loaded machine, where a timed-out test
		// would leave its polls running into the next one's request log.
	}, 240_000);
});

it('a last-updated-first list whose order breaks is read whole, and nothing is missed', async () => {
	env.sb.reset();
	env.sb.setNow(new Date('2031-02-01T00:00:00Z'));
	account().configure({ listOrder: 'updated-desc' });
	const poller = pimTriggerPoller(env.creds('big'), {});
	expect(await poller.poll()).toBeNull();
	// 1 500 changes: more than a page, so the poll pages on; then the PIM changes its order.
	for (let n = 1; n <= 1500; n++) {
		env.sb.setNow(new Date(Date.UTC(2031, 1, 1, 0, 0, 0) + n * 1000));
		account().touchProduct(account().products[(n * 7919) % 100_000].sku); // ids in no order
	}
	env.sb.clearLog();
	const out = await poller.poll();
	expect(out![0]).toHaveLength(1500);
	expect(productReads()).toBe(2);

	account().configure({ listOrder: 'id' });
	env.sb.setNow(new Date('2031-03-01T00:00:00Z'));
	account().touchProduct(account().products[7].sku);
	env.sb.clearLog();
	const after = await poller.poll();
	expect(after![0].map((i) => i.json.sku)).toEqual([account().products[7].sku]);
	expect(productReads()).toBe(100);
	env.sb.setNow(null);
}, 240_000);
