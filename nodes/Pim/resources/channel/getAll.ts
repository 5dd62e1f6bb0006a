import { ENDPOINTS } from '../../shared/endpoints';
import { getManyOperation } from '../../shared/registry';

export const { option, description } = getManyOperation({
	resource: 'channel',
	singular: 'channel',
	plural: 'channels',
	path: ENDPOINTS.channel,
	paginated: false,
});
