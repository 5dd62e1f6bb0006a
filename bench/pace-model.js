'use strict';
/**
 * A model of the account limiter's pace (nodes/Pim/shared/limiter.ts, "The pace"), for design
 * questions a real run takes an hour to answer: processes (queue-mode workers) sharing one
 * account behind a token bucket, each pacing its requests by what its own refusals taught it.
 * Modelled: the bucket (RATE a second, a second's worth held), the pace curve and what a
 * refusal teaches (the limiter's rules, PACE_* as there), a Retry-After pause of 1 s per refusal,
 * requests one at a time per process, the processes taking their turns each millisecond from a
 * random one (seeded: the same figures on every call). Not modelled: the window of requests in flight, latency,
 * the catalogue's read. Figures: bench/analysis.md, "Workers sharing an account's pace".
 *
 *   node bench/pace-model.js [--rule cubic|absolute]
 *
 * Printed per case (#73's measures): the whole run's share of the rate, the refusals, the most
 * unequal shares while every process writes (largest ÷ smallest in the first minute), and the
 * seconds the last process left alone takes to reach 90 % of the rate.
 *
 * `cubic` is the limiter's rule (each process's curve scaled by its own learned rate);
 * `absolute` a candidate: the climb's speed taken from the highest rate the limiter learned, so a
 * process holding a small share climbs as fast, in requests a second, as one holding all of it;
 * `probe` a candidate: `cubic`, and once `quiet` seconds pass without a refusal the pace adds
 * FAST × its highest rate a second (an additive climb: processes holding unequal shares climb
 * alike, as AIMD's increase) until refused again. A probe refused without finding room above
 * the learned rate doubles `quiet` (up to QUIET_MAX_S: a process alone at the limit probes
 * rarely); a probe that found room, or a refusal met at or below the learned pace (news of
 * another process, whose leaving will free room), sets it back to QUIET_S.
 * `burst` a candidate: `cubic`, and every PROBE_S seconds a burst of BURST × the learned rate's
 * requests at once. A token bucket holds a second's worth: answered whole, the bucket had room,
 * and the learned rate grows GAIN times, tentatively (refused before it held, the rate goes back
 * to what it was before the burst); refused, there was no room above the learned rate: the rate
 * stays (the Retry-After pause is waited) and the next burst waits twice as long, up to
 * PROBE_MAX_S. A refusal met at or below the learned pace (another process's) brings the interval
 * down to NEWS_S. With BETA, such a refusal also yields BETA of the rate (AIMD's decrease).
 */
const RATE = 50;
const DROP = 0.1;
const SCALE_S = 45;
const STRETCH = 1.5;
const MAX_STRETCH = 4;
const MIN_ANSWERS = 5;
const QUIET_S = Number(process.env.QUIET_S ?? 4);
const QUIET_MAX_S = Number(process.env.QUIET_MAX_S ?? 64);
const PROBE_S = Number(process.env.PROBE_S ?? 3);
const PROBE_MAX_S = Number(process.env.PROBE_MAX_S ?? 48);
const NEWS_S = Number(process.env.NEWS_S ?? PROBE_S);
/** `burst` with BETA (0 < BETA < 1): a refusal met at or below the learned pace yields BETA of it. */
const BETA = process.env.BETA === undefined ? undefined : Number(process.env.BETA);
const BURST = Number(process.env.BURST ?? 1.2);
const GAIN = Number(process.env.GAIN ?? 0.5);
const FAST = Number(process.env.FAST ?? 0.5);
/** Requests a second a process sends before any pace is learned (its window's own speed). */
const UNPACED = 150;

function processOf(rows, learned, startMs) {
	return {
		rows,
		...{ done: 0, learned, highest: learned, scale: SCALE_S, paceFrom: 0, lastRefusal: 0 },
		...{ answers: 0, pausedUntil: 0, nextStart: startMs, refusals: 0, endMs: 0, quiet: QUIET_S },
		...{ probeEvery: PROBE_S, nextProbe: 0, tentative: 0 },
		/** Answers in each second of the run. */
		perSecond: [],
	};
}

/** Seconds of `probe`'s fast climb so far (0: none). */
function fast(p, rule, now) {
	if (rule !== 'probe' || p.lastRefusal === 0) return 0;
	return Math.max(0, (now - p.lastRefusal) / 1000 - p.quiet);
}

function pace(p, rule, now) {
	if (p.learned === 0) return UNPACED;
	const t = (now - p.paceFrom) / 1000;
	if (rule === 'cubic' || rule === 'probe' || rule === 'burst') {
		const u = t - p.scale * Math.cbrt(DROP);
		return p.learned * (1 + (u * u * u) / p.scale ** 3) + FAST * p.highest * fast(p, rule, now);
	}
	const c = p.highest / p.scale ** 3;
	const u = t - Math.cbrt((DROP * p.learned) / c);
	return p.learned + c * u * u * u;
}

function refused(p, rule, now) {
	if (rule === 'burst' && p.learned > 0) {
		// Met at or below the learned pace: another process's refusal, news that room may free.
		if (pace(p, rule, now) <= p.learned) p.probeEvery = Math.min(p.probeEvery, NEWS_S);
		// A rate a burst only suggested, refused before it held: back to the rate before it.
		if (p.tentative > 0) {
			p.learned = p.tentative;
			p.tentative = 0;
			p.answers = 0;
			p.lastRefusal = now;
			p.paceFrom = now;
			p.nextProbe = now + p.probeEvery * 1000;
			p.refusals++;
			p.pausedUntil = now + 1000;
			return;
		}
	}
	if (rule === 'probe' && p.learned > 0) {
		const figure = p.answers >= MIN_ANSWERS ? (p.answers * 1000) / (now - p.lastRefusal) : 0;
		if (fast(p, rule, now) > 0)
			p.quiet = figure > (1 + DROP) * p.learned ? QUIET_S : Math.min(QUIET_MAX_S, 2 * p.quiet);
		else if (pace(p, rule, now) <= p.learned) p.quiet = QUIET_S;
	}
	if (p.lastRefusal > 0 && p.answers >= MIN_ANSWERS) {
		const figure = (p.answers * 1000) / (now - p.lastRefusal);
		const climbing = p.learned > 0 && pace(p, rule, now) > p.learned;
		// `burst`: a refusal met at or below the learned pace (the others') yields BETA of the rate,
		// as AIMD's decrease: the process sending more meets more refusals and yields more.
		if (rule === 'burst' && BETA !== undefined && !climbing && p.learned > 0) {
			p.learned = Math.max(p.learned, figure) * BETA;
			p.scale = SCALE_S;
			p.paceFrom = now;
			p.nextProbe = now + p.probeEvery * 1000;
			p.lastRefusal = now;
			p.answers = 0;
			p.refusals++;
			p.pausedUntil = now + 1000;
			return;
		}
		const confirmed = climbing && figure <= p.learned * (1 + DROP);
		p.scale = confirmed ? Math.min(SCALE_S * MAX_STRETCH, p.scale * STRETCH) : SCALE_S;
		p.learned = Math.max(climbing ? p.learned : p.learned / 2, figure);
		p.highest = Math.max(p.highest, p.learned);
	}
	if (p.learned > 0) p.paceFrom = now;
	p.nextProbe = now + p.probeEvery * 1000;
	p.lastRefusal = now;
	p.answers = 0;
	p.refusals++;
	p.pausedUntil = now + 1000;
}

/** A seeded generator (mulberry32): the same runs on every call of the model. */
let seed = 73;
function random() {
	seed = (seed + 0x6d2b79f5) | 0;
	let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
	t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Rows per process, the rate each had learned before (0: none), a millisecond step. */
function run(rows, rule, learned) {
	seed = 73;
	const procs = rows.map((r, i) => processOf(r, learned, i * 37));
	let tokens = RATE;
	let now = 0;
	while (procs.some((p) => p.done < p.rows)) {
		tokens = Math.min(RATE, tokens + RATE / 1000);
		// Each millisecond the processes take their turns from a random one: no process is first always.
		const first = Math.floor(random() * procs.length);
		for (let i = 0; i < procs.length; i++) {
			const p = procs[(first + i) % procs.length];
			if (rule === 'burst' && p.learned > 0 && p.done < p.rows && now >= p.pausedUntil)
				if (now >= p.nextProbe) {
					// A second's worth of requests at once: answered whole, the bucket had room.
					let k = Math.ceil(p.learned * BURST);
					for (; k > 0 && p.done < p.rows && tokens >= 1; k--) {
						tokens -= 1;
						p.answers++;
						const second = Math.floor(now / 1000);
						p.perSecond[second] = (p.perSecond[second] ?? 0) + 1;
						if (++p.done === p.rows) p.endMs = now;
					}
					if (k > 0 && p.done < p.rows) {
						// No room above the learned rate: it stays, the next probe waits longer.
						p.probeEvery = Math.min(PROBE_MAX_S, 2 * p.probeEvery);
						p.nextProbe = now + p.probeEvery * 1000;
						p.refusals++;
						p.pausedUntil = now + 1000;
						p.tentative = 0;
						continue;
					}
					p.tentative = p.tentative || p.learned;
					p.learned *= 1 + GAIN;
					p.highest = Math.max(p.highest, p.learned);
					p.paceFrom = now - 1000 * p.scale * Math.cbrt(DROP);
					p.probeEvery = PROBE_S;
					p.nextProbe = now + p.probeEvery * 1000;
				}
			if (p.done >= p.rows || now < p.pausedUntil || now < p.nextStart) continue;
			p.nextStart = Math.max(p.nextStart, now) + 1000 / pace(p, rule, now);
			if (tokens < 1) refused(p, rule, now);
			else {
				tokens -= 1;
				p.answers++;
				const second = Math.floor(now / 1000);
				p.perSecond[second] = (p.perSecond[second] ?? 0) + 1;
				if (++p.done === p.rows) p.endMs = now;
			}
		}
		now++;
	}
	const total = rows.reduce((a, b) => a + b, 0);
	return { seconds: now / 1000, share: total / RATE / (now / 1000), procs, ...sharing(procs) };
}

/**
 * #73's measures of a run of several processes: the most unequal shares once they had a minute to
 * converge (the largest ÷ the smallest answers in the 30 s after the first minute, while all
 * write), and how long the last process left alone takes to reach 90 % of the rate (seconds after
 * the others' last end; undefined when it is alone for less than 15 s and never gets there).
 */
function sharing(procs) {
	if (procs.length < 2) return {};
	const ends = procs.map((p) => p.endMs / 1000).sort((a, b) => a - b);
	let unequal;
	if (ends[0] >= 90) {
		const sums = procs.map((p) => p.perSecond.slice(60, 90).reduce((a, b) => a + (b ?? 0), 0));
		unequal = Math.max(...sums) / Math.max(1, Math.min(...sums));
	}
	const last = procs.find((p) => p.endMs / 1000 === ends[ends.length - 1]);
	const aloneFrom = Math.ceil(ends[ends.length - 2]);
	let alone90 = ends[ends.length - 1] - aloneFrom < 15 ? undefined : Infinity;
	for (let s = aloneFrom; s < last.perSecond.length - 1; s++)
		if ((last.perSecond[s] ?? 0) >= 0.9 * RATE) {
			alone90 = s - aloneFrom;
			break;
		}
	return { unequal, alone90 };
}

const at = process.argv.indexOf('--rule');
const rules = at > 0 ? [process.argv[at + 1]] : ['cubic', 'absolute', 'probe', 'burst'];
const cases = [
	['2 workers, 2 files of 500 each', [1000, 1000]],
	['2 workers, 3 files and 1 of 500', [1500, 500]],
	['2 workers, 2 files of 2 000 each', [4000, 4000]],
	['2 workers, 3 files and 1 of 2 000', [6000, 2000]],
	// #73's goals: four files of 25 000 on two workers, each split; eight of 10 000 on four.
	['2 workers, 2 + 2 files of 25 000', [50000, 50000]],
	['2 workers, 3 + 1 files of 25 000', [75000, 25000]],
	['4 workers, 2 files of 10 000 each', [20000, 20000, 20000, 20000]],
	['4 workers, 3 + 2 + 2 + 1 files of 10 000', [30000, 20000, 20000, 10000]],
	['1 process, 10 000 writes (the sync)', [10000]],
];
console.log(
	'rule | case | learned before | time | share of the rate | refusals (% of requests) | each ends | shares after a minute, largest ÷ smallest | left alone: s to 90 % of the rate',
);
for (const rule of rules)
	for (const [name, rows] of cases)
		for (const learned of [0, RATE, 2 * RATE]) {
			const r = run(rows, rule, learned);
			const refusals = r.procs.reduce((a, p) => a + p.refusals, 0);
			const requests = refusals + rows.reduce((a, b) => a + b, 0);
			console.log(
				`${rule} | ${name} | ${learned || 'none'} | ${r.seconds.toFixed(1)} s | ${(r.share * 100).toFixed(1)} % | ${r.procs.map((p) => p.refusals).join(' / ')} (${((100 * refusals) / requests).toFixed(2)} %) | ${r.procs.map((p) => (p.endMs / 1000).toFixed(0)).join(' / ')} s | ${r.unequal === undefined ? '—' : r.unequal.toFixed(2)} | ${r.alone90 === undefined ? '—' : r.alone90 === Infinity ? 'never' : `${r.alone90} s`}`,
			);
		}
