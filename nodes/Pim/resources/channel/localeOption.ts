import type { INodeProperties } from 'n8n-workflow';

import { codeDropdown, showFor } from '../../shared/descriptions';

/** The optional `locale` of channel.get and channel.getAttributes. */
export function localeOption(operation: string, send: 'query' | 'body'): INodeProperties {
	return {
		displayName: 'Options',
		name: 'channelOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('channel', [operation]),
		options: [
			{
				...codeDropdown({
					displayName: 'Locale',
					name: 'locale',
					method: 'getLocales',
					description: 'Language of the texts, e.g. en_US.',
				}),
				routing: {
					send: {
						type: send,
						property: 'locale',
						value: '={{ String($value).trim() || undefined }}',
					},
				},
			},
		],
	};
}
