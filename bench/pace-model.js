'use strict';
/**
 * A model of the account limiter's pace (nodes/Pim/shared/limiter.ts, "The pace"), for design
 * questions a real run takes an hour to answer: processes (queue-mode workers) sharing one
 * account behind a token bucket, each pacing its requests by what its own refusals taught it.
 * Modelled: the bucket (RATE a second, a second's worth held), the pace curve and what a
 * refusal teaches (the limiter's rules, PACE_* as there), a Retry-After pause of 1 s per refusal,
 * requests one at a time per process. Not modelled: the window of requests in flight, latency,
 * the catalogue's read. Figures: bench/analysis.md, "Workers sharing an account's pace".
 *
 *   node bench/pace-model.js [--rule cubic|absolute]
 *
 * `cubic` is the limiter's rule (each process's curve scaled by its own learned rate);
 * `absolute` a candidate: the climb's speed taken from the highest rate the limiter learned, so a
 * process holding a small share climbs as fast, in requests a second, as one holding all of it.
 */
const RATE = 50;
const DROP = 0.1;
const SCALE_S = 45;
const STRETCH = 1.5;
const MAX_STRETCH = 4;
const MIN_ANSWERS = 5;
/** Requests a second a process sends before any pace is learned (its window's own speed). */
const UNPACED = 150;

function processOf(rows, learned, startMs) {
	return {
		rows,
		...{ done: 0, learned, highest: learned, scale: SCALE_S, paceFrom: 0, lastRefusal: 0 },
		...{ answers: 0, pausedUntil: 0, nextStart: startMs, refusals: 0, endMs: 0 },
	};
}

function pace(p, rule, now) {
	if (p.learned === 0) return UNPACED;
	const t = (now - p.paceFrom) / 1000;
	if (rule === 'cubic') {
		const u = t - p.scale * Math.cbrt(DROP);
		return p.learned * (1 + (u * u * u) / p.scale ** 3);
	}
	const c = p.highest / p.scale ** 3;
	const u = t - Math.cbrt((DROP * p.learned) / c);
	return p.learned + c * u * u * u;
}

function refused(p, rule, now) {
	if (p.lastRefusal > 0 && p.answers >= MIN_ANSWERS) {
		const figure = (p.answers * 1000) / (now - p.lastRefusal);
		const climbing = p.learned > 0 && pace(p, rule, now) > p.learned;
		const confirmed = climbing && figure <= p.learned * (1 + DROP);
		p.scale = confirmed ? Math.min(SCALE_S * MAX_STRETCH, p.scale * STRETCH) : SCALE_S;
		p.learned = Math.max(climbing ? p.learned : p.learned / 2, figure);
		p.highest = Math.max(p.highest, p.learned);
	}
	if (p.learned > 0) p.paceFrom = now;
	p.lastRefusal = now;
	p.answers = 0;
	p.refusals++;
	p.pausedUntil = now + 1000;
}

/** Rows per process, the rate each had learned before (0: none), a millisecond step. */
function run(rows, rule, learned) {
	const procs = rows.map((r, i) => processOf(r, learned, i * 37));
	let tokens = RATE;
	let now = 0;
	while (procs.some((p) => p.done < p.rows)) {
		tokens = Math.min(RATE, tokens + RATE / 1000);
		for (const p of procs) {
			if (p.done >= p.rows || now < p.pausedUntil || now < p.nextStart) continue;
			p.nextStart = Math.max(p.nextStart, now) + 1000 / pace(p, rule, now);
			if (tokens < 1) refused(p, rule, now);
			else {
				tokens -= 1;
				p.answers++;
				if (++p.done === p.rows) p.endMs = now;
			}
		}
		now++;
	}
	const total = rows.reduce((a, b) => a + b, 0);
	return { seconds: now / 1000, share: total / RATE / (now / 1000), procs };
}

const at = process.argv.indexOf('--rule');
const rules = at > 0 ? [process.argv[at + 1]] : ['cubic', 'absolute'];
const cases = [
	['2 workers, 2 files of 500 each', [1000, 1000]],
	['2 workers, 3 files and 1 of 500', [1500, 500]],
	['2 workers, 2 files of 2 000 each', [4000, 4000]],
	['2 workers, 3 files and 1 of 2 000', [6000, 2000]],
	['2 workers, 2 files of 25 000 each', [50000, 50000]],
	['1 process, 10 000 writes (the sync)', [10000]],
];
console.log('rule     | case | learned before | time | share of the rate | refusals | each ends');
for (const rule of rules)
	for (const [name, rows] of cases)
		for (const learned of [0, RATE, 2 * RATE]) {
			const r = run(rows, rule, learned);
			console.log(
				`${rule} | ${name} | ${learned || 'none'} | ${r.seconds.toFixed(1)} s | ${(r.share * 100).toFixed(1)} % | ${r.procs.map((p) => p.refusals).join(' / ')} | ${r.procs.map((p) => (p.endMs / 1000).toFixed(0)).join(' / ')} s`,
			);
		}
