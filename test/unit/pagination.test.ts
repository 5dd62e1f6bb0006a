import { sleep } from 'n8n-workflow';

import { Limiter } from '../../nodes/Pim/shared/limiter';
import { isLastPage, limitInEffect, paginate, readPage } from '../../nodes/Pim/shared/pagination';
import { RUN_SETTINGS } from '../../nodes/Pim/shared/policy';
import { clientOn, envelope, fakeContext } from './fakes';

const records = (from: number, to: number) =>
	Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ id: from + i }));
const settings = { ...RUN_SETTINGS, maxRetries: 0 };
const request = { method: 'GET' as const, url: '/api/integration/product' };

/** A well-behaved paginated server over `total` records. */
function server(
	total: number,
	options: {
		echoLimit?: number;
		silentCap?: number;
		totalAsString?: boolean;
		noTotal?: boolean;
	} = {},
) {
	return (o: { qs?: Record<string, string> }) => {
		const page = Number(o.qs?.['pagination[currentPage]']);
		const asked = Number(o.qs?.['pagination[pageLimit]']);
		const limit = options.echoLimit ?? Math.min(asked, options.silentCap ?? Infinity);
		return envelope({
			record: records((page - 1) * limit + 1, Math.min(total, page * limit)),
			recordsTotal: options.noTotal ? undefined : options.totalAsString ? String(total) : total,
			currentPage: page,
			pageLimit: options.silentCap ? undefined : limit,
		});
	};
}

describe('the end of a list (every reader)', () => {
	const page = (count: number, extra: { total?: number; pageLimit?: number } = {}) => ({
		records: records(1, count),
		paginated: true,
		...extra,
	});
	it('takes the page length the PIM echoes, else infers a silent clamp from a short first page', () => {
		expect(limitInEffect(page(100, { total: 5000, pageLimit: 100 }), 1000)).toBe(100);
		expect(limitInEffect(page(100, { total: 5000 }), 1000)).toBe(100);
		expect(limitInEffect(page(100, { total: 100 }), 1000)).toBe(1000);
	});
	it('does not infer from a page that may be the last (a search read on from page 3)', () => {
		expect(limitInEffect(page(50, { total: 250 }), 100, true)).toBe(100);
		expect(isLastPage(50, 3, 100, 250)).toBe(true);
	});
	it('ends at a short or empty page, or when recordsTotal is reached', () => {
		expect(isLastPage(0, 1, 100, undefined)).toBe(true);
		expect(isLastPage(100, 2, 100, 200)).toBe(true);
		expect(isLastPage(100, 2, 100, 201)).toBe(false);
		expect(isLastPage(100, 2, 100, undefined)).toBe(false);
	});
});

describe('readPage', () => {
	it('reads the paginated shape, numbers given as strings, and plain arrays', () => {
		expect(
			readPage({ record: [{ id: 1 }], recordsTotal: '7', currentPage: '2', pageLimit: '3' }),
		).toEqual({
			records: [{ id: 1 }],
			total: 7,
			currentPage: 2,
			pageLimit: 3,
			paginated: true,
		});
		expect(readPage([{ id: 1 }, null, 'x'])).toEqual({ records: [{ id: 1 }], paginated: false });
		expect(readPage(null)).toEqual({ records: [], paginated: false });
	});
});

describe('paginate', () => {
	it('a list that moves between pages: repeats dropped, pages answered before the move asked again, moved records found at the front', async () => {
		// Last-updated-first list of 25: record 25 is updated while the pages are read and moves to
		// the front. Page 3, asked ahead together with page 2, was answered before the move.
		const before = records(1, 25).map((r) => r.id);
		const after = [25, ...before.slice(0, 24)];
		const pages = new Map<number, number>();
		const { ctx, calls } = fakeContext((o) => {
			const page = Number(o.qs?.['pagination[currentPage]']);
			pages.set(page, (pages.get(page) ?? 0) + 1);
			const list =
				page === 1 && pages.get(1) === 1
					? before
					: page === 3 && pages.get(3) === 1
						? before
						: after;
			return envelope({
				record: list.slice((page - 1) * 5, page * 5).map((id) => ({ id })),
				recordsTotal: 25,
				currentPage: page,
				pageLimit: 5,
			});
		});
		const { records: got } = await paginate(clientOn(ctx, new Limiter(4), settings), request, {
			pageSize: 5,
			max: Infinity,
			lookahead: 4,
		});
		const ids = got.map((r) => Number(r.id));
		expect(ids.slice().sort((a, b) => a - b)).toEqual(before);
		expect(new Set(ids).size).toBe(25);
		// Pages 3-5 asked again after page 2 showed the move (else record 10 is only found by reading
		// the list again from the front), then page 1 again for the moved record.
		expect(calls.map((c) => Number(c.qs?.['pagination[currentPage]']))).toEqual([
			1, 2, 3, 4, 5, 3, 4, 5, 1,
		]);
	});

	it('reads all pages up to recordsTotal, with a partial last page', async () => {
		const { ctx, calls } = fakeContext(server(25));
		const { records: got } = await paginate(clientOn(ctx, new Limiter(1), settings), request, {
			pageSize: 10,
			max: Infinity,
		});
		expect(got.map((r) => r.id)).toEqual(records(1, 25).map((r) => r.id));
		expect(calls.map((c) => c.qs?.['pagination[currentPage]'])).toEqual(['1', '2', '3']);
	});

	it('stops at max without reading further pages', async () => {
		const { ctx, calls } = fakeContext(server(100));
		const { records: got } = await paginate(clientOn(ctx, new Limiter(1), settings), request, {
			pageSize: 10,
			max: 15,
		});
		expect(got).toHaveLength(15);
		expect(calls).toHaveLength(2);
	});

	it('follows the page length the server used when it clamps', async () => {
		const { ctx, calls } = fakeContext(server(12, { echoLimit: 5 }));
		const { records: got } = await paginate(clientOn(ctx, new Limiter(1), settings), request, {
			pageSize: 1000,
			max: Infinity,
		});
		expect(got).toHaveLength(12);
		expect(calls).toHaveLength(3);
	});

	it('follows a page length the server caps without echoing it, when recordsTotal tells', async () => {
		const { ctx, calls } = fakeContext(server(2500, { silentCap: 300 }));
		const { records: got } = await paginate(clientOn(ctx, new Limiter(1), settings), request, {
			pageSize: 1000,
			max: Infinity,
		});
		expect(got.map((r) => r.id)).toEqual(records(1, 2500).map((r) => r.id));
		expect(calls).toHaveLength(9);
	});

	it('stops on a short page when recordsTotal is missing, and on an empty page', async () => {
		const short = fakeContext(server(23, { noTotal: true }));
		expect(
			(
				await paginate(clientOn(short.ctx, new Limiter(1), settings), request, {
					pageSize: 10,
					max: Infinity,
				})
			).records,
		).toHaveLength(23);
		expect(short.calls).toHaveLength(3);
		const exact = fakeContext(server(20, { noTotal: true }));
		expect(
			(
				await paginate(clientOn(exact.ctx, new Limiter(1), settings), request, {
					pageSize: 10,
					max: Infinity,
				})
			).records,
		).toHaveLength(20);
		expect(exact.calls).toHaveLength(3); // the third page is empty
	});

	it('reports a server that ignores currentPage instead of looping', async () => {
		const { ctx, calls } = fakeContext(() =>
			envelope({ record: records(1, 10), recordsTotal: 50, currentPage: 1, pageLimit: 10 }),
		);
		await expect(
			paginate(clientOn(ctx, new Limiter(1), settings), request, { pageSize: 10, max: Infinity }),
		).rejects.toThrow(/same records for page 2/);
		expect(calls.length).toBeLessThanOrEqual(3);
	});

	it('drops records repeated because the list shifted between pages', async () => {
		const { ctx } = fakeContext((o) => {
			const page = Number(o.qs?.['pagination[currentPage]']);
			return envelope({
				record: page === 1 ? records(1, 3) : page === 2 ? records(3, 5) : [],
				recordsTotal: 6,
				currentPage: page,
				pageLimit: 3,
			});
		});
		const { records: got } = await paginate(clientOn(ctx, new Limiter(1), settings), request, {
			pageSize: 3,
			max: Infinity,
		});
		expect(got.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
	});

	it('takes a plain array as the whole list', async () => {
		const { ctx, calls } = fakeContext(() => envelope(records(1, 4)));
		expect(
			(await paginate(clientOn(ctx, new Limiter(1), settings), request, { pageSize: 2, max: 3 }))
				.records,
		).toHaveLength(3);
		expect(calls).toHaveLength(1);
	});

	it('fetches ahead through the limiter but returns pages in order', async () => {
		const { ctx, calls } = fakeContext(server(50));
		const { records: got } = await paginate(clientOn(ctx, new Limiter(4), settings), request, {
			pageSize: 5,
			max: Infinity,
			lookahead: 4,
		});
		expect(got.map((r) => r.id)).toEqual(records(1, 50).map((r) => r.id));
		expect(new Set(calls.map((c) => c.qs?.['pagination[currentPage]'])).size).toBe(10);
		expect(calls).toHaveLength(10);
	});
});

describe('Limiter window (additive increase, multiplicative decrease)', () => {
	/** Runs `n` tasks of `ms` each through the limiter; returns the most that ran at once. */
	async function peak(limiter: Limiter, n: number, ms: number, bound = 5): Promise<number> {
		let now = 0;
		let most = 0;
		await Promise.all(
			Array.from({ length: n }, () =>
				limiter.run(async () => {
					most = Math.max(most, ++now);
					await sleep(ms);
					now--;
					limiter.succeeded();
				}, bound),
			),
		);
		return most;
	}

	it('a refusal halves the requests in flight; refusals of the same round count once', async () => {
		const limiter = new Limiter(8);
		expect(await peak(limiter, 16, 5, 8)).toBe(8);
		const sent = Date.now();
		await sleep(2);
		limiter.refused(sent);
		expect(limiter.currentWindow).toBe(1); // nothing in flight: the refused one alone
		const fresh = new Limiter(8);
		const inFlight = Array.from({ length: 8 }, () => fresh.run(() => sleep(30)));
		await sleep(5);
		const round = Date.now();
		fresh.refused(round); // 8 in flight (7 + the refused one): window 8 → 4
		fresh.refused(round - 1); // sent before the narrowing: same news
		expect(fresh.currentWindow).toBe(4);
		fresh.refused(Date.now() + 1); // sent after it: 2
		expect(fresh.currentWindow).toBe(2);
		await Promise.all(inFlight);
		expect(await peak(fresh, 6, 5, 8)).toBe(2);
	});

	it('grows back while requests wait for it, never past their bound, and never below 1', async () => {
		const limiter = new Limiter(3);
		for (let i = 0; i < 5; i++) limiter.refused(Date.now() + 1);
		expect(limiter.currentWindow).toBe(1);
		// One request per GROW_MS (5 s) of waiting; TCP's 1/window per success caps it.
		const started = Date.now();
		await peak(limiter, 40, 300, 3);
		const grown = limiter.currentWindow;
		expect(grown).toBeGreaterThanOrEqual(2);
		expect(grown).toBeLessThanOrEqual(3);
		expect(Date.now() - started).toBeGreaterThan(5000);
		// Without waiters, successes add nothing (no credit while little is sent).
		const idle = new Limiter(4);
		const held = Array.from({ length: 4 }, () => idle.run(() => sleep(20)));
		idle.refused(Date.now() + 1); // 4 in flight (3 + the refused one): 2
		await Promise.all(held);
		for (let i = 0; i < 50; i++) idle.succeeded();
		expect(idle.currentWindow).toBe(2);
	}, 30_000);
});

describe('paginate: lists too long for one item', () => {
	it('refuses after the first page when recordsTotal exceeds the bound', async () => {
		const { ctx, calls } = fakeContext(server(150_000));
		await expect(
			paginate(clientOn(ctx, new Limiter(1), settings), request, {
				pageSize: 100,
				max: Infinity,
				refuseAbove: 100_000,
			}),
		).rejects.toThrow(
			'The list has 150000 records; one input item can return at most 100000 in n8n',
		);
		expect(calls).toHaveLength(1);
	});

	it('reads such a list when a Limit keeps it within the bound', async () => {
		const { ctx } = fakeContext(server(150_000));
		const { records: got } = await paginate(clientOn(ctx, new Limiter(2), settings), request, {
			pageSize: 100,
			max: 250,
			refuseAbove: 100_000,
		});
		expect(got).toHaveLength(250);
	});
});
