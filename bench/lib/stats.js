'use strict';
/** Small statistics and formatting helpers. */

function sorted(values) {
	return [...values].sort((a, b) => a - b);
}

function median(values) {
	if (!values.length) return NaN;
	const s = sorted(values);
	const mid = Math.floor(s.length / 2);
	return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median, min, max and the spread (max - min) relative to the median. */
function summary(values) {
	const s = sorted(values);
	const m = median(s);
	return {
		n: s.length,
		median: m,
		min: s[0],
		max: s[s.length - 1],
		spreadPct: s.length > 1 && m ? ((s[s.length - 1] - s[0]) / m) * 100 : 0,
	};
}

function fmt(n, digits = 0) {
	if (n === undefined || n === null || Number.isNaN(n)) return '–';
	return Number(n).toLocaleString('en-US', {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	});
}

/** "1 234 ms" style with a sensible precision for the magnitude. */
function ms(n) {
	if (n === undefined || Number.isNaN(n)) return '–';
	if (n >= 10_000) return `${fmt(n / 1000, 1)} s`;
	if (n >= 100) return `${fmt(n, 0)} ms`;
	if (n >= 10) return `${fmt(n, 1)} ms`;
	return `${fmt(n, 2)} ms`;
}

/** "median (min–max, ±spread %)" for a list of times in ms. */
function msSpread(values) {
	const s = summary(values);
	if (s.n === 1) return `${ms(s.median)} (1 run)`;
	return `${ms(s.median)} (${ms(s.min)}–${ms(s.max)}, spread ${fmt(s.spreadPct, 0)} %)`;
}

module.exports = { median, summary, fmt, ms, msSpread };
