import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator, returnAllAndLimit } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { listOperation, sendThroughTransport } from '../../shared/runners';
import { localeOption } from './localeOption';

export const option: INodePropertyOptions = {
	name: 'Get Attributes',
	value: 'getAttributes',
	action: 'Get the attributes of a channel',
	description: 'List the attributes a channel can use',
	routing: sendThroughTransport(
		{ method: 'GET', url: ENDPOINTS.channelAttributes },
		listOperation('plain'),
	),
};

export const description: INodeProperties[] = [
	idLocator({
		name: 'channelId',
		displayName: 'Channel',
		resource: 'channel',
		operations: ['getAttributes'],
		searchListMethod: 'searchChannels',
	}),
	...returnAllAndLimit('channel', 'getAttributes'),
	localeOption('getAttributes', 'query'),
];
