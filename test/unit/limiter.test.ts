/**
 * The pace the account's limiter learns from refusals (limiter.ts): what a refusal teaches, and
 * when it teaches nothing. Real time, no server: a task "refused" tells the limiter as the send
 * loop does, an answered one calls succeeded().
 */
import { sleep } from 'n8n-workflow';

import { Limiter } from '../../nodes/Pim/shared/limiter';
import { mulberry32 } from '../../sandbox/util';

/** A request the server refused for load. */
const refuse = async (limiter: Limiter) =>
	await limiter.run(async (startedAt) => limiter.refused(startedAt), 5);

/** `n` requests answered, one after another, each after `ms`. */
async function answer(limiter: Limiter, n: number, ms = 10) {
	for (let i = 0; i < n; i++) {
		await limiter.run(async () => await sleep(ms), 5);
		limiter.succeeded();
	}
}

/** How long `n` paced requests take to start, 5 at a time. */
async function pacedStarts(limiter: Limiter, n: number, paced = true): Promise<number> {
	const started = Date.now();
	await Promise.all(Array.from({ length: n }, () => limiter.run(async () => {}, 5, paced)));
	return Date.now() - started;
}

it('two refusals teach the rate answered between them: paced requests then keep below it, others do not wait', async () => {
	const limiter = new Limiter(5);
	await refuse(limiter);
	await answer(limiter, 20); // ~20 answers in ~0.25 s: about 80 a second
	await refuse(limiter);
	// Unpaced requests are not held back by the pace.
	expect(await pacedStarts(limiter, 20, false)).toBeLessThan(100);
	// 20 paced requests at ~90 % of ~80/s: a quarter of a second at least.
	expect(await pacedStarts(limiter, 20)).toBeGreaterThanOrEqual(180);
});

it('a refusal after the limiter stood idle teaches nothing (the bucket was full in between)', async () => {
	const limiter = new Limiter(5);
	await refuse(limiter);
	await answer(limiter, 20);
	await sleep(1100);
	await refuse(limiter);
	expect(await pacedStarts(limiter, 20)).toBeLessThan(100);
});

it('one refusal takes the pace at most to half the rate learned before', async () => {
	const limiter = new Limiter(5);
	await refuse(limiter);
	await answer(limiter, 20);
	await refuse(limiter); // ~80/s learned
	await sleep(600); // idle, but well under the second after which an interval teaches nothing
	await answer(limiter, 5);
	await refuse(limiter); // 5 answers in ~0.7 s would teach ~7/s; the floor keeps ~40/s
	// 20 paced requests at ~90 % of ~40/s: about half a second, not the 4 s that 5/s would take.
	const ms = await pacedStarts(limiter, 20);
	expect(ms).toBeGreaterThanOrEqual(300);
	expect(ms).toBeLessThan(1500);
});

/**
 * With a pace curve of 4 s (flat until ~1.9 s after a refusal, climbing after): ~80/s learned,
 * then `slow` answers at ~8 a second, kept busy (no idle second), then a refusal. How long 40
 * paced requests take to start after it.
 */
async function afterSlowStretch(slow: number): Promise<number> {
	const limiter = new Limiter(5, 4);
	await refuse(limiter);
	await answer(limiter, 20);
	await refuse(limiter);
	await answer(limiter, slow, 100);
	await refuse(limiter); // the stretch's own figure: ~10/s
	return await pacedStarts(limiter, 40);
}

it('a refusal met while the pace climbed above the learned rate keeps that rate; one met before lowers it', async () => {
	// 2.2 s of slow answers: past the flat part, ~80/s stays (40 starts from ~72/s: ~0.45 s).
	const climbing = await afterSlowStretch(22);
	// 0.6 s: within the flat part, ~10/s floored at half of ~80/s (from ~36/s: ~0.85 s).
	const flat = await afterSlowStretch(6);
	expect(climbing).toBeGreaterThanOrEqual(350);
	expect(climbing).toBeLessThan(0.75 * flat);
	expect(flat).toBeLessThan(2500);
});

/** A limiter with a 1 s curve that learned ~80/s (flat until ~0.46 s after a refusal, climbing after). */
async function learned(): Promise<Limiter> {
	const limiter = new Limiter(5, 1);
	await refuse(limiter);
	await answer(limiter, 20);
	await refuse(limiter);
	return limiter;
}

it('refusals in the climb that find no room above the learned rate stretch the curve, up to four times; other lessons reset it', async () => {
	const limiter = await learned();
	expect(limiter.paceScaleS).toBe(1);
	// Past the flat part (scale × ∛0.1 after the refusal), answered at ~20/s, below the learned
	// rate: the rate is confirmed, four times.
	for (const scale of [1.5, 2.25, 3.375, 4]) {
		await answer(limiter, Math.ceil((limiter.paceScaleS * Math.cbrt(0.1) + 0.3) / 0.05), 50);
		await refuse(limiter);
		expect(limiter.paceScaleS).toBeCloseTo(scale);
	}

	// Met within the flat part: a share lost, the scale back at its start.
	await answer(limiter, 5, 10);
	await refuse(limiter);
	expect(limiter.paceScaleS).toBe(1);

	// Past the flat part, answered far above the learned rate: room found, the scale stays at its start.
	const found = await learned();
	await answer(found, 16, 50);
	await refuse(found);
	expect(found.paceScaleS).toBeCloseTo(1.5);
	// ~1.2 s of answers at several hundred a second: past the flat part (~0.7 s), far above ~80/s.
	const until = Date.now() + 1200;
	while (Date.now() < until) await answer(found, 10, 1);
	await refuse(found);
	expect(found.paceScaleS).toBe(1);
});

describe('a rate limit or a fault (failed(): 503s are load only as a steady share)', () => {
	/** One request answered busy (503), told as the send loop tells it. */
	const busy = async (limiter: Limiter) =>
		await limiter.run(async (startedAt) => limiter.failed('busy', startedAt), 5);

	it('a 429 is always a refusal for load', async () => {
		const limiter = new Limiter(5);
		expect(await limiter.run(async (startedAt) => limiter.failed('rateLimit', startedAt), 5)).toBe(
			true,
		);
		expect(limiter.counts).toMatchObject({ refusals: 1, faults: 0 });
		expect(limiter.currentWindow).toBe(1);
	});

	it('random 503s at 5 % with no limit never narrow the window nor teach a pace: 20 runs of 10 000 answers', () => {
		for (let seed = 1; seed <= 20; seed++) {
			const random = mulberry32(seed);
			const limiter = new Limiter(5);
			let refused = 0;
			for (let i = 0; i < 10_000; i++) {
				if (random() < 0.05) refused += limiter.failed('busy', Date.now()) ? 1 : 0;
				else limiter.succeeded();
			}
			expect(refused).toBe(0);
			expect(limiter.counts.refusals).toBe(0);
			expect(limiter.counts.faults).toBeGreaterThan(400); // ~500 503s, each a fault
			expect(limiter.currentWindow).toBe(5);
			expect(limiter.learnedPace).toBe(0);
		}
	});

	it('503s as a steady share are refusals for load: from the 25th in 100 answers, teaching the pace; a fault again once rare', async () => {
		const limiter = new Limiter(5);
		// 3 refused in every 8 answers, as a limit answering 503 refuses a run above its rate.
		const told: boolean[] = [];
		for (let cycle = 0; cycle < 40; cycle++) {
			await answer(limiter, 5, 2);
			for (let i = 0; i < 3; i++) told.push(await busy(limiter));
		}
		// The first 24 are faults, each later one a refusal for load.
		expect(told.slice(0, 24).every((load) => !load)).toBe(true);
		expect(told.slice(24).every((load) => load)).toBe(true);
		expect(limiter.counts).toMatchObject({ refusals: 96, faults: 24 });
		expect(limiter.currentWindow).toBe(1);
		// Taught by the refusals that came after 5 answers.
		expect(limiter.learnedPace).toBeGreaterThan(0);
		expect(limiter.learnedPace).toBeLessThan(Infinity);

		// Still load while 10 or more of the last 100 answers were 503 (here 15).
		await answer(limiter, 60, 0);
		expect(await busy(limiter)).toBe(true);
		// Fewer than 10 in the last 100: a fault again.
		await answer(limiter, 100, 0);
		expect(await busy(limiter)).toBe(false);
	});
});
