import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import { codeDropdown, showFor } from '../../../shared/descriptions';
import type { PimClient } from '../../../shared/transport';
import type { PimItem } from '../../../shared/item';
import { sendsForm } from '../../../shared/operations';
import { serializeForm, type FormField } from '../../../shared/serializer';
import { requiredString } from '../../../shared/params';
import { readReferences, type ReferenceKind, type References } from '../account/lists';
import { channelCode } from '../account/names';

/**
 * What Assign to Channel and Assign to Category share: the Channel they name (its code, or in
 * version 2 its name: assignedChannel) and how their form is sent.
 */

/** The routing of an Assign operation: a POST of the form fields `fields` makes of the item. */
export function postsFields(
	url: string,
	fields: (item: PimItem, pim: PimClient) => Promise<FormField[]>,
): INodePropertyRouting {
	return sendsForm({ method: 'POST', url }, async (item, pim) =>
		serializeForm(await fields(item, pim)),
	);
}

/** The Channel parameter of an Assign operation. */
export function channelField(operation: string, description?: string): INodeProperties {
	return codeDropdown({
		displayName: 'Channel',
		name: 'channelCode',
		method: 'getChannels',
		required: true,
		description,
		alsoTakes: "the channel's name",
		displayOptions: showFor('product', [operation]),
	});
}

/**
 * The channel of an Assign operation (to Channel, to Category). Version 2 also takes the
 * channel's name, and reads the lists of `also` with the channels for the caller to resolve.
 */
export async function assignedChannel(
	item: PimItem,
	pim: PimClient,
	also: ReferenceKind[] = [],
): Promise<{ channel: string; lists?: References }> {
	const given = requiredString(item, 'channelCode', 'Channel');
	if (item.version < 2) return { channel: given };
	const lists = await readReferences(item.run, pim, new Set<ReferenceKind>(['channel', ...also]));
	return { channel: channelCode(lists.channels ?? [], given, 'Channel'), lists };
}
