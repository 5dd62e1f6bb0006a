/**
 * The PIM Trigger across restarts of n8n (issue #14, point 4), with n8n's rule for saving a
 * polling node's static data as read in n8n 1.123.81 and 2.41.1 (default settings):
 *   - after the activation poll (ActiveWorkflowManager.add / WorkflowTriggerActivator: the first
 *     poll is awaited, then saveStaticData), also when n8n starts with the workflow active;
 *   - when a poll emits items (the poll context's __emit calls saveStaticData);
 *   - never after a scheduled poll that emits nothing (its cursor lives in memory only).
 * A restart loads the last saved static data. So a cursor n8n restarts from can be OLDER than the
 * one in memory; these tests check that resuming from such a cursor emits each change exactly once.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ListOrder } from '../../sandbox/server';
import { pimTriggerPoller } from '../../harness/in-process';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({ products: 300 });
const account = () => env.sb.account('demo');

/** The trigger inside an n8n that saves static data as n8n does and can be restarted. */
function n8nWithTrigger(parameters: IDataObject, { saveActivation = true } = {}) {
	let saved: IDataObject = {};
	const emitted: string[] = [];
	let poller = pimTriggerPoller(env.creds(), parameters, {});
	const snapshot = () => JSON.parse(JSON.stringify(poller.workflow.staticData)) as IDataObject;
	/** The activation poll: the one at activation and the one when n8n starts. */
	const activationPoll = async () => {
		const out = await poller.poll();
		if (out) emitted.push(...out[0].map((i) => String(i.json.sku)));
		if (saveActivation || out) saved = snapshot();
	};
	return {
		emitted,
		saved: () => saved,
		activate: activationPoll,
		/** A scheduled poll: saved only when it emits. */
		async poll() {
			const out = await poller.poll();
			if (out) {
				emitted.push(...out[0].map((i) => String(i.json.sku)));
				saved = snapshot();
			}
			return out;
		},
		/** n8n stops (what is not saved is lost) and starts again: it activates the workflow. */
		async restart() {
			poller = pimTriggerPoller(env.creds(), parameters, JSON.parse(JSON.stringify(saved)));
			await activationPoll();
		},
	};
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
	return () => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

describe('PIM Trigger across restarts of n8n', () => {
	let second = 0;
	/** Each change at its own second (the PIM's timestamps have one-second resolution). */
	const touch = (sku: string) => {
		second++;
		env.sb.setNow(new Date(Date.UTC(2032, 0, 1) + second * 1000));
		account().touchProduct(sku);
	};
	beforeEach(() => {
		env.sb.reset();
		second = 0;
		env.sb.setNow(new Date(Date.UTC(2032, 0, 1)));
	});
	afterAll(() => env.sb.setNow(null));

	const family = () => account().families[1].code;
	const inFamily = () => account().products.filter((p) => p.familyCode === family());
	const others = () => account().products.filter((p) => p.familyCode !== family());

	it('the e2e scenario: changes after the activation, before the stop, while down and after the start, each emitted once', async () => {
		const n8n = n8nWithTrigger({ filters: { familyCode: family() } });
		const [a, b, c, d] = inFamily().map((p) => p.sku);
		const [x, y, z] = others().map((p) => p.sku);

		await n8n.activate();
		expect(n8n.emitted).toEqual([]); // starts from now
		touch(a);
		touch(x);
		await n8n.poll();
		expect(n8n.emitted).toEqual([a]);
		touch(y); // dropped by the filter: the poll emits nothing and n8n does not save its cursor
		expect(await n8n.poll()).toBeNull();
		touch(b); // after the last poll, before the stop
		const savedAtStop = n8n.saved();
		touch(c); // while n8n is down
		touch(z);
		await n8n.restart();
		touch(d); // after the start
		await n8n.poll();
		expect(await n8n.poll()).toBeNull();

		expect(n8n.emitted).toEqual([a, b, c, d]);
		// n8n restarted from the cursor of the poll that emitted a (at x, second 2), not y's (3).
		expect(savedAtStop).toEqual({
			'node:PIM Trigger': {
				cursor: { updatedAt: '2032-01-01 00:00:02', ids: [expect.any(String)] },
			},
		});
	});

	it('without the save after the activation poll, a change before the first emit would be missed', async () => {
		// The guarantee rests on n8n saving the activation poll's cursor; this shows what it buys.
		const n8n = n8nWithTrigger({ filters: { familyCode: family() } }, { saveActivation: false });
		const [a, b] = inFamily().map((p) => p.sku);
		await n8n.activate();
		touch(a);
		await n8n.restart(); // no cursor saved: the restart starts from now again
		touch(b);
		await n8n.poll();
		expect(n8n.emitted).toEqual([b]);
	});

	describe.each<[ListOrder, number]>([
		['id', 1],
		['id', 2],
		['updated-desc', 3],
		['updated-desc', 4],
	])('list order %s, seed %i', (order, seed) => {
		it('random changes, polls and restarts: each change of the family emitted exactly once', async () => {
			account().configure({ listOrder: order });
			const rnd = random(seed);
			const n8n = n8nWithTrigger({ filters: { familyCode: family() } });
			await n8n.activate();
			const untouched = account().products.map((p) => p.sku);
			const touched: string[] = [];
			let restarts = 0;
			for (let step = 0; step < 120; step++) {
				const r = rnd();
				if (r < 0.6 && untouched.length) {
					const [sku] = untouched.splice(Math.floor(rnd() * untouched.length), 1);
					touch(sku);
					touched.push(sku);
				} else if (r < 0.9) await n8n.poll();
				else {
					await n8n.restart();
					restarts++;
				}
			}
			await n8n.poll();

			const want = new Set(inFamily().map((p) => p.sku));
			const expected = touched.filter((sku) => want.has(sku));
			expect(expected.length).toBeGreaterThan(5);
			expect(restarts).toBeGreaterThan(3);
			expect(n8n.emitted.slice().sort()).toEqual(expected.slice().sort());
			account().configure({ listOrder: 'id' });
		});
	});
});
