import type { IDataObject } from 'n8n-workflow';

import { updatedAt } from '../Pim/shared/listOrder';

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
