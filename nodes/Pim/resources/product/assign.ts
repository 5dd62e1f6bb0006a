import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';
import type { PimClient } from '../../shared/transport';
import type { PimItem } from '../../shared/item';
import { sendsForm } from '../../shared/runners';
import { serializeForm, type FormField } from '../../shared/serializer';

/**
 * What Assign to Channel and Assign to Category share: the Channel they name (its code, or in
 * version 2 its name: assignedChannel in references.ts) and how their form is sent.
 */

/** The routing of an Assign operation: a POST of the form fields `fields` makes of the item. */
export function postsFields(
	url: string,
	fields: (item: PimItem, pim: PimClient) => Promise<FormField[]>,
): INodePropertyRouting {
	return sendsForm({ method: 'POST', url }, async (item, pim) => {
		const form = serializeForm(await fields(item, pim));
		return { form: () => form };
	});
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
