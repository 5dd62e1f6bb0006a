'use strict';
/** Small assertion helpers for the end-to-end checks (messages say what was expected and what came). */

class AssertionError extends Error {}

function short(v, max = 300) {
	let s;
	try {
		s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v);
	} catch {
		s = String(v);
	}
	if (s === undefined) s = String(v);
	return s.length > max ? `${s.slice(0, max)}...` : s;
}

function ok(cond, message) {
	if (!cond) throw new AssertionError(message);
}

function canonical(v) {
	if (Array.isArray(v)) return v.map(canonical);
	if (v && typeof v === 'object') {
		const out = {};
		for (const k of Object.keys(v).sort()) out[k] = canonical(v[k]);
		return out;
	}
	return v;
}

function eq(actual, expected, what) {
	const a = JSON.stringify(canonical(actual));
	const e = JSON.stringify(canonical(expected));
	if (a !== e)
		throw new AssertionError(`${what}: expected ${short(expected)}, got ${short(actual)}`);
}

/** Same elements, any order (duplicates count). */
function sameMembers(actual, expected, what) {
	const a = [...actual].map(String).sort();
	const e = [...expected].map(String).sort();
	if (JSON.stringify(a) !== JSON.stringify(e)) {
		const missing = e.filter((x) => !a.includes(x));
		const extra = a.filter((x) => !e.includes(x));
		throw new AssertionError(
			`${what}: expected ${e.length} values, got ${a.length}` +
				(missing.length ? `; missing ${short(missing, 200)}` : '') +
				(extra.length ? `; unexpected ${short(extra, 200)}` : ''),
		);
	}
}

function includes(list, value, what) {
	if (!list.includes(value))
		throw new AssertionError(`${what}: ${short(value)} not in ${short(list)}`);
}

/** `partial` is contained in `actual` (deep, objects only; arrays compared whole). */
function matches(actual, partial, what) {
	for (const [k, v] of Object.entries(partial)) {
		const a = actual ? actual[k] : undefined;
		if (v && typeof v === 'object' && !Array.isArray(v)) matches(a, v, `${what}.${k}`);
		else eq(a, v, `${what}.${k}`);
	}
}

module.exports = { AssertionError, ok, eq, sameMembers, includes, matches, short };
