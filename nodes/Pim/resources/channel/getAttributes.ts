import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { idLocator, returnAllAndLimit } from '../../shared/descriptions';
import { ENDPOINTS } from '../../shared/endpoints';
import { sendThroughTransport } from '../../shared/runners';
import { listOperation } from '../../shared/operations';
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
