/** The names of the account near a value it does not have, for an error's hint. */

/** Levenshtein distance, for naming the closest entries of an unknown value. */
function distance(a: string, b: string): number {
	const row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		let previous = row[0];
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const current = row[j];
			row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
			previous = current;
		}
	}
	return row[b.length];
}

/**
 * The few labels near `value` (by its closest name), for an error message: only those a typo
 * away, at most 45 % of the longer text changed ("Clothes" finds "Clothing", "Hoodies" no "Shoes").
 */
export function closest<T>(
	value: string,
	candidates: T[],
	names: (c: T) => string[],
	label: (c: T) => string,
	last?: string,
) {
	// A path is compared by its last part (`last`), with each category's own code and title:
	// `Clothing > Jeanz` finds `Clothing/Pants/Jeans`; a shared parent makes nothing close.
	const ratio = (a: string, b: string) =>
		distance(a.toLowerCase(), b.toLowerCase()) / Math.max(a.length, b.length, 1);
	const score = (name: string) =>
		last === undefined ? ratio(value, name) : name.includes('/') ? Infinity : ratio(last, name);
	return candidates
		.map((c) => ({ c, d: Math.min(...names(c).map(score)) }))
		.filter(({ d }) => d <= 0.45)
		.sort((a, b) => a.d - b.d)
		.slice(0, 3)
		.map(({ c }) => label(c))
		.join(', ');
}
