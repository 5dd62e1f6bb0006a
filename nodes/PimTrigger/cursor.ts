import type { IDataObject } from 'n8n-workflow';

/**
 * Where the trigger stopped: the latest `updated_at` seen and the ids of the products that
 * carry exactly that time. Timestamps have one-second resolution, so several products can
 * share one; the ids make sure each of them is emitted once, and one changed later in that
 * same second is still caught.
 */
export interface Cursor {
	updatedAt: string;
	ids: string[];
}

export const updatedAt = (p: IDataObject) => String(p.updated_at ?? '');
const id = (p: IDataObject) => String(p.id ?? '');

/** Products changed after `cursor` (oldest first) and the cursor to keep for next time. */
export function changesSince(
	cursor: Cursor | undefined,
	products: IDataObject[],
): { changed: IDataObject[]; cursor: Cursor } {
	const seenAtCursor = new Set(cursor?.ids ?? []);
	const changed = products
		.filter((p) => {
			if (!cursor) return true;
			const at = updatedAt(p);
			return at > cursor.updatedAt || (at === cursor.updatedAt && !seenAtCursor.has(id(p)));
		})
		.sort((a, b) =>
			updatedAt(a) === updatedAt(b)
				? Number(a.id) - Number(b.id)
				: updatedAt(a) < updatedAt(b)
					? -1
					: 1,
		);

	// `YYYY-MM-DD HH:MM:SS` sorts as text in time order.
	let latest = cursor?.updatedAt ?? '';
	for (const p of products) if (updatedAt(p) > latest) latest = updatedAt(p);
	const ids = products.filter((p) => updatedAt(p) === latest).map(id);
	if (cursor && latest === cursor.updatedAt)
		ids.push(...cursor.ids.filter((i) => !ids.includes(i)));
	return { changed, cursor: { updatedAt: latest, ids } };
}

/** Whether `updated_at` never rises down the list (and every record has one). */
export const nonRising = (records: IDataObject[]) =>
	records.every(
		(p, i) => i === 0 || (updatedAt(p) !== '' && updatedAt(p) <= updatedAt(records[i - 1])),
	);

/**
 * Whether a page lists products last-updated first: `updated_at` never rises down the page,
 * and falls at least once. A page that is also in falling id order could be a newest-created-
 * first list whose updates happen to agree: that is not taken as proof.
 */
export function looksLastUpdatedFirst(records: IDataObject[]): boolean {
	let falls = false;
	let idOrder = true;
	for (let i = 1; i < records.length; i++) {
		const [before, after] = [updatedAt(records[i - 1]), updatedAt(records[i])];
		if (!before || !after || after > before) return false;
		if (after < before) falls = true;
		if (!(Number(records[i].id) < Number(records[i - 1].id))) idOrder = false;
	}
	return falls && !idOrder;
}
