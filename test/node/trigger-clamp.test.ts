/**
 * The PIM Trigger on a PIM that answers fewer products per page than asked (it clamps the page
 * length to 100 and says so in `pageLimit`), listing last-updated first: a poll pages on in the
 * length the PIM used, by the same end-of-list rule as every other read (pagesOf, reading.ts),
 * and emits every change once.
 */
import { pimTriggerPoller } from '../../harness/in-process';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	maxPageLimit: 100,
	accounts: [{ domain: 'clamp', token: 'clamp-token', products: 1000 }],
});
const account = () => env.sb.account('clamp');
const productReads = () =>
	env.sb.log.filter((r) => r.method === 'GET' && r.path === '/api/integration/product');

it('pages on in the clamped length and emits all 250 changes once', async () => {
	env.sb.setNow(new Date('2032-01-01T00:00:00Z'));
	account().configure({ listOrder: 'updated-desc' });
	const poller = pimTriggerPoller(env.creds('clamp'), {});
	expect(await poller.poll()).toBeNull(); // activation: from now on

	// 250 changes, one second apart: 2½ pages of the length the PIM answers in.
	const skus: string[] = [];
	for (let n = 1; n <= 250; n++) {
		env.sb.setNow(new Date(Date.UTC(2032, 0, 1, 0, 0, n)));
		const sku = account().products[(n * 37) % 1000].sku;
		account().touchProduct(sku);
		skus.push(sku);
	}
	env.sb.clearLog();
	const out = await poller.poll();
	const reads = productReads();
	expect(reads.map((r) => r.query['pagination[pageLimit]'])).toEqual(['1000', '1000', '1000']);
	expect(reads.map((r) => r.query['pagination[currentPage]'])).toEqual(['1', '2', '3']);
	expect(out![0].map((i) => i.json.sku).sort()).toEqual([...skus].sort());

	env.sb.clearLog();
	expect(await poller.poll()).toBeNull();
	expect(productReads()).toHaveLength(1);
	env.sb.setNow(null);
});
