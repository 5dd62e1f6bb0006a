import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { BodyBuilder } from '../../shared/operations';
import { serializeForm } from '../../shared/serializer';
import type { PimClient } from '../../shared/transport';
import { NO_ATTRIBUTES, productBody, productFields, type ProductBody } from './body';
import { columnsReader } from './mapping';
import {
	categoryOf,
	channelCode,
	familyCode,
	readReferences,
	type ReferenceKind,
	type References,
} from './references';

/**
 * The one way a product write is prepared, for Create, Update and Create or Update: parameters
 * (and in version 2 the attribute mapper) → the body, checked → family, channels and categories
 * resolved to codes (version 2) → the form on the wire (productForm).
 */
export async function prepareProductWrite(
	ctx: IExecuteSingleFunctions,
	mode: 'create' | 'update',
	pim: PimClient,
): Promise<() => ProductBody> {
	// Version 1 sends codes as given, and builds the body in the request's turn (see
	// PimRequest.body in shared/transport.ts).
	if (ctx.getNode().typeVersion < 2) return () => productBody(ctx, mode);
	const { body } = await resolvedProductWrite(ctx, mode, pim);
	return () => body;
}

/** Version 2's write, resolved, with the account's lists it was resolved against. */
export async function resolvedProductWrite(
	ctx: IExecuteSingleFunctions,
	mode: 'create' | 'update',
	pim: PimClient,
): Promise<{ body: ProductBody; lists: References }> {
	// Every parameter is read once (an expression costs n8n tens of microseconds per item) and
	// checked before the attribute list is read; the mapper's values join once it is.
	const body = productBody(ctx, mode, NO_ATTRIBUTES);
	const attributeValues = await columnsReader(ctx, pim);
	return await resolveNames(ctx, pim, { ...body, ...attributeValues() });
}

/**
 * Version 2: family, channels and categories as product records and exports name them (titles,
 * title paths, channel names) → codes, with the channel of each category's tree. Reads only the
 * lists this body names something from, once per node execution (references.ts).
 */
async function resolveNames(
	ctx: IExecuteSingleFunctions,
	pim: PimClient,
	body: ProductBody,
): Promise<{ body: ProductBody; lists: References }> {
	const channels = body.channels ?? [];
	const categories = body.categories ?? [];
	const needs = new Set<ReferenceKind>();
	if (body.familyCode) needs.add('family');
	if (channels.length || categories.some((c) => c.channel)) needs.add('channel');
	if (categories.length) needs.add('category').add('channel');
	if (!needs.size) return { body, lists: {} };

	const lists = await readReferences(ctx, pim, needs);
	const channelList = lists.channels ?? [];
	const resolvedChannels = channels.map((c) => ({
		...c,
		code: channelCode(ctx, channelList, c.code),
	}));
	const productChannels = resolvedChannels.map((c) => c.code);
	const resolved = {
		...body,
		familyCode: body.familyCode
			? familyCode(ctx, lists.families ?? [], body.familyCode)
			: undefined,
		channels: resolvedChannels,
		categories: categories.map((c) =>
			categoryOf(
				ctx,
				lists.categories ?? [],
				channelList,
				c.code,
				c.channel ? channelCode(ctx, channelList, c.channel, 'Categories') : undefined,
				productChannels,
			),
		),
	};
	return { body: resolved, lists };
}

/** The form body of Create and Update (see writeOperation). */
export function productForm(mode: 'create' | 'update'): BodyBuilder {
	return async (ctx, pim) => {
		const body = await prepareProductWrite(ctx, mode, pim);
		const { multiSelectForm } = await pim.connection();
		return () => serializeForm(productFields(body(), multiSelectForm));
	};
}
