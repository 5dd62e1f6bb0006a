import type { IDataObject } from 'n8n-workflow';

/** The account's records as the code reads them: a field as text, the category tree. */

/** A record's field as text: null and undefined are empty (records are tolerant, numbers may be strings). */
export function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

/**
 * `{ ...base, ...more }` for an object a product write makes per row: on Node 20 (n8n 1.x), an
 * object spread followed by more properties gives V8 an object it moves to the old space, where
 * a million rows' worth builds up until the next full collection; a copy made by Object.assign is
 * collected young (bench/analysis.md, "Where the promoted bytes came from").
 */
export function withFields<T extends object, U extends object>(base: T, more: U): T & U {
	return Object.assign({}, base, more);
}

/** A name as names are compared: trimmed, in any case (`fold(' Weight ') === fold('weight')`). */
export function fold(value: unknown): string {
	return text(value).trim().toLowerCase();
}

/**
 * The one walk of the category tree: each category's chain from its root down to itself, by
 * `parent_id` (a loop in the parents ends the chain), keyed by the category's id.
 */
export function categoryChains(categories: IDataObject[]): Map<string, IDataObject[]> {
	const byId = new Map(categories.map((c) => [text(c.id), c]));
	const chains = new Map<string, IDataObject[]>();
	for (const category of categories) {
		const chain: IDataObject[] = [];
		const visited = new Set<string>();
		for (
			let c: IDataObject | undefined = category;
			c && !visited.has(text(c.id));
			c = byId.get(text(c.parent_id))
		) {
			visited.add(text(c.id));
			chain.unshift(c);
		}
		chains.set(text(category.id), chain);
	}
	return chains;
}

/** A category's name in a path: its title, or its code when it has none. */
export const categoryName = (c: IDataObject) => text(c.title) || text(c.code);

/** "Shoes / Running" for a category, from its parent chain. */
export function categoryPaths(categories: IDataObject[]): Map<string, string> {
	const paths = new Map<string, string>();
	for (const [id, chain] of categoryChains(categories))
		paths.set(id, chain.map(categoryName).join(' / '));
	return paths;
}
