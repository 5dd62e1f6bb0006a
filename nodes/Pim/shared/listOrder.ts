import type { IDataObject } from 'n8n-workflow';

import type { Page } from './pagination';

/**
 * The order a product list is in, as its records show it (the trigger's polls and Export File's
 * delta read): `updated_at` is `YYYY-MM-DD HH:MM:SS`, which sorts as text in time order.
 */

export const updatedAt = (p: IDataObject) => String(p.updated_at ?? '');

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
	const falls = records.some((p, i) => i > 0 && updatedAt(p) < updatedAt(records[i - 1]));
	const idOrder = records.every((p, i) => i === 0 || Number(p.id) < Number(records[i - 1].id));
	return nonRising(records) && falls && !idOrder;
}

/**
 * The one delta read of the product list (Export File's Updated Since, the trigger's polls): when
 * to stop reading pages. Stops after a page, once a page shows the order (looksLastUpdatedFirst,
 * with the page before's last product), whose last product is older than `since` (`inclusive`:
 * products at `since` are still wanted) or not later than it; until then a list whose times never
 * rise may still be newest-created first (changes made in id order fall by id too). Every page
 * must keep the order, across page boundaries too, or the read goes on to the end. `newest`: the
 * first page's newest time (a trigger's first poll).
 */
export function deltaStop(since: string | 'newest', inclusive = false) {
	let from = since;
	let ordered: boolean | undefined;
	let last: IDataObject | undefined;
	const state = { stopped: false, ordered: () => ordered === true };
	const stopAfter = (page: Page) => {
		const records = page.records;
		if (from === 'newest' && records.length) from = updatedAt(records[0]);
		const read = last ? [last, ...records] : records;
		if (ordered !== false && !nonRising(read)) ordered = false;
		else if (ordered === undefined && looksLastUpdatedFirst(read)) ordered = true;
		last = records[records.length - 1] ?? last;
		const at = last === undefined ? undefined : updatedAt(last);
		state.stopped = ordered === true && at !== undefined && (inclusive ? at < from : at <= from);
		return state.stopped;
	};
	return { state, stopAfter };
}
