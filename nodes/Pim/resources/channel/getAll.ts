import { getManyOperation } from '../../shared/standard';

export const { option, description } = getManyOperation({
	resource: 'channel',
	singular: 'channel',
	plural: 'channels',
	path: '/api/integration/channel',
	paginated: false,
});
