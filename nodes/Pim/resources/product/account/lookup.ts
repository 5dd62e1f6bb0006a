import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { paginate } from '../../../shared/pagination';
import type { PimClient } from '../../../shared/transport';

/** The one product with this SKU, undefined when there is none; several is an error. */
export async function productBySku(pim: PimClient, sku: string): Promise<IDataObject | undefined> {
	const { records } = await paginate(
		pim,
		{ method: 'GET', url: ENDPOINTS.product, qs: { 'filter[sku]': sku } },
		{ pageSize: 100, max: Infinity },
	);
	// Re-checked here: the interface does not say whether `filter[sku]` is exact or partial.
	const matches = records.filter((record) => String(record.sku ?? '') === sku);
	if (matches.length > 1)
		throw new NodeApiError(
			pim.ctx.getNode(),
			{ message: 'Ambiguous SKU' },
			{
				message: `${matches.length} products have the SKU "${sku}"`,
				description: `Product IDs: ${matches.map((m) => String(m.id)).join(', ')}`,
				itemIndex: pim.itemIndex,
			},
		);
	return matches[0];
}
