import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { ENDPOINTS } from '../../shared/endpoints';
import type { RunContext } from '../../shared/operations';
import { paginate } from '../../shared/pagination';

/**
 * Products whose SKU equals `sku` exactly, through `filter[sku]`. The match is re-checked here
 * because the interface does not say whether the filter is exact or partial.
 */
export async function productsWithSku(
	ctx: IExecuteSingleFunctions,
	sku: string,
	{ settings, limiter }: RunContext,
): Promise<IDataObject[]> {
	const { records } = await paginate(
		ctx,
		{
			method: 'GET',
			url: ENDPOINTS.product,
			qs: { 'filter[sku]': sku },
			itemIndex: ctx.getItemIndex(),
		},
		limiter,
		settings,
		{ pageSize: 100, max: Infinity },
	);
	return records.filter((record) => String(record.sku ?? '') === sku);
}

/** The one product with this SKU, undefined when there is none; several is an error. */
export async function productBySku(
	ctx: IExecuteSingleFunctions,
	sku: string,
	run: RunContext,
): Promise<IDataObject | undefined> {
	const matches = await productsWithSku(ctx, sku, run);
	if (matches.length > 1) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'Ambiguous SKU' },
			{
				message: `${matches.length} products have the SKU "${sku}"`,
				description: `Product IDs: ${matches.map((m) => String(m.id)).join(', ')}`,
				itemIndex: ctx.getItemIndex(),
			},
		);
	}
	return matches[0];
}
