import { ENDPOINTS } from '../../shared/endpoints';
import { getOneOperation } from '../../shared/registry';
import { localeOption } from './localeOption';

// The interface shows this endpoint as POST with `id` and `locale` in the body.
export const { option, description } = getOneOperation({
	resource: 'channel',
	singular: 'channel',
	plural: 'channels',
	path: ENDPOINTS.channelShow,
	method: 'POST',
	idName: 'channelId',
	idDisplayName: 'Channel',
	searchListMethod: 'searchChannels',
	extra: [localeOption('get', 'body')],
});
