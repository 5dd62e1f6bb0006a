import type { INodeProperties } from 'n8n-workflow';

import { showFor } from '../../shared/descriptions';

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
				displayName: 'Locale Name or ID',
				name: 'locale',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getLocales' },
				default: '',
				description:
					'Language of the texts, e.g. en_US. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				routing: { send: { type: send, property: 'locale', value: '={{ String($value).trim() || undefined }}' } },
			},
		],
	};
}
