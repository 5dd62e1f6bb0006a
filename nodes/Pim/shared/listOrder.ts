import type { IDataObject } from 'n8n-workflow';

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
